import multipart from '@fastify/multipart';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AVATAR_FIELD,
  AVATAR_MAX_BYTES,
  availabilityDayParamSchema,
  availabilityDaySchema,
  availabilityInputSchema,
  availabilitySchema,
  profileInputSchema,
  profileMessages,
  userSchema,
} from '@common/profile';
import { AppError, notFound } from '../../errors';
import { handleError } from '../../http/error-handler';
import { readFilePart } from '../../http/file-part';
import { getAvailability, saveAvailabilityDay } from '../booking/availability';
import {
  avatarUrlOf,
  detectAvatarType,
  newAvatarVersion,
  openAvatarFile,
  removeAvatarFiles,
  saveAvatarFile,
  versionOf,
} from './avatar';
import { storedAvatarUrl, updateAvatarUrl, updateName } from './service';

/** The path the same-origin check lets post multipart (app.ts). */
export const avatarUploadPath = /^\/api\/profile\/avatar(?:\?|$)/;

const refused = (message: string) => new AppError(400, message, { [AVATAR_FIELD]: message });
/** Over the size limit: 413 (Content Too Large), still with the spec's words for the form. */
const tooLarge = () => new AppError(413, profileMessages.avatarSize, { [AVATAR_FIELD]: profileMessages.avatarSize });

/** Signed-in routes: the user's name, picture and weekly availability. */
export async function profileRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.patch('/api/profile', { schema: { body: profileInputSchema, response: { 200: userSchema } } }, async (req) => {
    const user = await updateName(app.db, req.user, req.body);
    app.sessions.forgetUser(req.user.id);
    return user;
  });

  await app.register(avatarUploadRoute);

  r.delete('/api/profile/avatar', { schema: { response: { 200: userSchema } } }, async (req) => {
    const user = await updateAvatarUrl(app.db, req.user, null);
    app.sessions.forgetUser(req.user.id);
    await removeAvatarFiles(app.config.dataDir, req.user.id);
    return user;
  });

  r.get('/api/profile/availability', { schema: { response: { 200: availabilitySchema } } }, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    return getAvailability(app.db, req.user.id);
  });

  r.put(
    '/api/profile/availability/:day',
    {
      schema: {
        params: availabilityDayParamSchema,
        body: availabilityInputSchema,
        response: { 200: availabilityDaySchema },
      },
      // A weekday is not a record's id: a bad one is a 400 with its message, not the usual 404 of a bad id.
      errorHandler: refuseBadDay,
    },
    (req) => saveAvailabilityDay(app.db, req.user.id, req.params.day, req.body),
  );
}

function refuseBadDay(error: FastifyError, req: FastifyRequest, reply: FastifyReply): void {
  if (hasZodFastifySchemaValidationErrors(error) && error.validationContext === 'params') {
    void reply.code(400).send({ error: profileMessages.dayInvalid, fields: { day: profileMessages.dayInvalid } });
    return;
  }
  void handleError(error, req, reply);
}

/**
 * POST /api/profile/avatar, in a scope of its own: only this route parses multipart. The file is streamed by
 * @fastify/multipart (the app's 1 MB bodyLimit applies to buffered bodies only) and cut at AVATAR_MAX_BYTES,
 * so a body of any size ends in the size message and never more than 5 MB in memory.
 */
async function avatarUploadRoute(app: FastifyInstance) {
  await app.register(multipart, { limits: { fileSize: AVATAR_MAX_BYTES, files: 1, fields: 0, parts: 1 } });
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post('/api/profile/avatar', { schema: { response: { 200: userSchema } } }, async (req) => {
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

const avatarParamsSchema = z.object({ userId: z.uuid({ message: 'Not found' }) });
const avatarQuerySchema = z.object({ v: z.string().max(100).optional() });

/** Public: the pictures, shown without sign-in (the booking page shows its owner's). */
export async function avatarFileRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/avatars/:userId',
    { schema: { params: avatarParamsSchema, querystring: avatarQuerySchema } },
    async (req, reply) => {
      const version = versionOf(await storedAvatarUrl(app.db, req.params.userId));
      const file = version ? await openAvatarFile(app.config.dataDir, req.params.userId) : null;
      if (!version || !file) throw notFound();
      const etag = `"${version}"`;
      // The address of this very upload never shows other bytes; any other address must ask again.
      reply.header('cache-control', req.query.v === version ? 'public, max-age=31536000, immutable' : 'no-cache');
      reply.header('etag', etag);
      const known = req.headers['if-none-match']?.split(',').map((tag) => tag.trim());
      if (known?.includes(etag)) {
        await file.handle.close();
        return reply.code(304).send();
      }
      return reply.type(file.contentType).header('content-length', file.size).send(file.handle.createReadStream());
    },
  );
}
