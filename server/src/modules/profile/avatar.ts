import { randomBytes } from 'node:crypto';
import { mkdir, open, rename, rm, writeFile, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { urlOf } from '@common/api-url';
import { avatarTypes, type AvatarExtension } from '@common/profile';
import { profileApi } from '@common/profile-api';

// The pictures users upload (decisions.md item 4): one file per user at
// DATA_DIR/avatars/{userId}/{userId}-avatar.{ext}, the extension decided by the file's first bytes.

const extensions = Object.keys(avatarTypes) as AvatarExtension[];

const startsWith = (bytes: Buffer, prefix: number[], at = 0) => prefix.every((byte, i) => bytes[at + i] === byte);
const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));

/** The kind of image the bytes hold, by their magic numbers; null for anything else (SVG, text, …). */
export function detectAvatarType(bytes: Buffer): AvatarExtension | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpg';
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return 'gif';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'webp';
  return null;
}

const folderOf = (dataDir: string, userId: string) => path.join(dataDir, 'avatars', userId);
const fileOf = (dataDir: string, userId: string, ext: AvatarExtension) =>
  path.join(folderOf(dataDir, userId), `${userId}-avatar.${ext}`);

/**
 * Stores the picture: written beside its place and renamed over it, so a reader never sees half a file,
 * then the user's file of any other extension is removed.
 */
export async function saveAvatarFile(dataDir: string, userId: string, ext: AvatarExtension, bytes: Buffer) {
  const folder = folderOf(dataDir, userId);
  await mkdir(folder, { recursive: true });
  const temporary = path.join(folder, `.upload-${randomBytes(8).toString('hex')}.tmp`);
  try {
    await writeFile(temporary, bytes);
    await rename(temporary, fileOf(dataDir, userId, ext));
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
  await Promise.all(extensions.filter((other) => other !== ext).map((other) => removeFile(dataDir, userId, other)));
}

/** Removes the user's picture, whatever its extension. */
export async function removeAvatarFiles(dataDir: string, userId: string) {
  await Promise.all(extensions.map((ext) => removeFile(dataDir, userId, ext)));
}

const removeFile = (dataDir: string, userId: string, ext: AvatarExtension) =>
  rm(fileOf(dataDir, userId, ext), { force: true });

export interface AvatarFile {
  contentType: string;
  size: number;
  /** Open until read to its end or closed. */
  handle: FileHandle;
}

/** The user's stored picture, opened (a concurrent upload may replace the name, never these bytes), or null. */
export async function openAvatarFile(dataDir: string, userId: string): Promise<AvatarFile | null> {
  for (const ext of extensions) {
    const handle = await open(fileOf(dataDir, userId, ext)).catch(() => null);
    if (!handle) continue;
    const info = await handle.stat().catch(() => null);
    if (info?.isFile()) return { contentType: avatarTypes[ext], size: info.size, handle };
    await handle.close();
  }
  return null;
}

/** The public address of a user's picture; `v` changes with every upload, so browsers may cache each one forever. */
export const avatarUrlOf = (userId: string, version: string) => urlOf(profileApi.avatar, { userId }, { v: version });

/** A new version for an upload: the time in base 36, with a little randomness for two uploads in one millisecond. */
export const newAvatarVersion = () => `${Date.now().toString(36)}${randomBytes(2).toString('hex')}`;

/** The `v` of a stored avatar URL, or null. */
export function versionOf(avatarUrl: string | null): string | null {
  if (!avatarUrl) return null;
  return new URL(avatarUrl, 'http://localhost').searchParams.get('v');
}
