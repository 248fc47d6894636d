import { randomBytes } from 'node:crypto';
import { mkdir, open, rename, rm, writeFile, type FileHandle } from 'node:fs/promises';
import path from 'node:path';

// Attachments are files under DATA_DIR, one per attachment: attachments/<userId>/<attachmentId>. The database keeps
// the key (that relative path); the name and type the message declared stay in the database only.

export const attachmentKeyOf = (userId: string, attachmentId: string) =>
  path.posix.join('attachments', userId, attachmentId);

const fileOf = (dataDir: string, key: string) => path.join(dataDir, ...key.split('/'));

/** A file written under a temporary name, moved to its key by `place` or removed by `discard`. */
export interface PendingFile {
  place(): Promise<void>;
  discard(): Promise<void>;
}

/** Writes the bytes beside their place under a temporary name: nothing at the key until `place()`. */
export async function writePending(dataDir: string, key: string, bytes: Buffer): Promise<PendingFile> {
  const target = fileOf(dataDir, key);
  await mkdir(path.dirname(target), { recursive: true });
  const temporary = path.join(path.dirname(target), `.incoming-${randomBytes(8).toString('hex')}.tmp`);
  try {
    await writeFile(temporary, bytes);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
  return {
    place: () => rename(temporary, target),
    discard: async () => {
      await rm(temporary, { force: true });
      await rm(target, { force: true });
    },
  };
}

/** Removes stored files; one already gone is no error. */
export async function removeFiles(dataDir: string, keys: string[]): Promise<void> {
  await Promise.all(keys.map((key) => rm(fileOf(dataDir, key), { force: true })));
}

/** The stored file opened for reading, or null when it is missing. */
export async function openStoredFile(
  dataDir: string,
  key: string,
): Promise<{ handle: FileHandle; size: number } | null> {
  const handle = await open(fileOf(dataDir, key)).catch(() => null);
  if (!handle) return null;
  const info = await handle.stat().catch(() => null);
  if (info?.isFile()) return { handle, size: info.size };
  await handle.close();
  return null;
}
