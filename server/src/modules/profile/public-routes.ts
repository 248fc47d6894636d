import type { FastifyInstance } from 'fastify';
import { profileApi } from '@common/profile-api';
import { notFound } from '../../errors';
import { serve } from '../../http/serve';
import { openAvatarFile, versionOf } from './avatar';
import { storedAvatarUrl } from './service';

/** Public: the pictures, shown without sign-in (the booking page shows its owner's). */
export async function avatarFileRoutes(app: FastifyInstance) {
  serve(app, profileApi.avatar, async (req, reply) => {
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
  });
}
