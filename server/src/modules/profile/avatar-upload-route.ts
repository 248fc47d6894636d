import multipart from '@fastify/multipart';
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { AVATAR_FIELD, AVATAR_MAX_BYTES, profileMessages } from '@common/profile';
import { profileApi } from '@common/profile-api';
import { AppError } from '../../errors';
import { readFilePart } from '../../http/file-part';
import { serve } from '../../http/serve';
import { avatarUrlOf, detectAvatarType, newAvatarVersion, saveAvatarFile } from './avatar';
import { updateAvatarUrl } from './service';

/** The path the same-origin check lets post multipart (app.ts). */
export const avatarUploadPath = /^\/api\/profile\/avatar(?:\?|$)/;

const refused = (message: string) => new AppError(400, message, { [AVATAR_FIELD]: message });
/** Over the size limit: 413 (Content Too Large), still with the spec's words for the form. */
const tooLarge = () => new AppError(413, profileMessages.avatarSize, { [AVATAR_FIELD]: profileMessages.avatarSize });

/**
 * The picture's upload, in a scope of its own: only this route parses multipart. The file is streamed by
 * @fastify/multipart (the app's 1 MB bodyLimit applies to buffered bodies only) and cut at AVATAR_MAX_BYTES,
 * so a body of any size ends in the size message and never more than 5 MB in memory.
 */
export async function avatarUploadRoute(app: FastifyInstance) {
  await app.register(multipart, { limits: { fileSize: AVATAR_MAX_BYTES, files: 1, fields: 0, parts: 1 } });

  serve(app, profileApi.uploadAvatar, async (req) => {
    const bytes = await readUpload(req);
    const ext = detectAvatarType(bytes);
    if (!ext) throw refused(profileMessages.avatarType);
    await saveAvatarFile(app.config.dataDir, req.user.id, ext, bytes);
    const user = await updateAvatarUrl(app.db, req.user, avatarUrlOf(req.user.id, newAvatarVersion()));
    app.sessions.forgetUser(req.user.id);
    return user;
  });
}

/** The bytes of the one file field `avatar`; whatever else the client sent is refused with the spec's words. */
async function readUpload(req: FastifyRequest): Promise<Buffer> {
  try {
    let bytes: Buffer | null = null;
    // Read to the end, so a second part (refused by the parts limit) is seen rather than ignored.
    for await (const part of req.parts()) {
      if (part.type !== 'file' || part.fieldname !== AVATAR_FIELD || bytes) {
        if (part.type === 'file') part.file.resume();
        throw refused(profileMessages.avatarType);
      }
      bytes = await readFilePart(part.file, tooLarge, () => refused(profileMessages.avatarType));
    }
    if (!bytes) throw refused(profileMessages.avatarType);
    return bytes;
  } catch (error) {
    if (error instanceof AppError) throw error;
    if ((error as FastifyError).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    // Only the body is read here: not multipart, malformed, cut short, or more parts than one file.
    throw refused(profileMessages.avatarType);
  }
}
