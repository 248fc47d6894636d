import type { FastifyInstance } from 'fastify';
import { profileApi } from '@common/profile-api';
import { serve } from '../../http/serve';
import { removeAvatarFiles } from './avatar';
import { avatarUploadRoute } from './avatar-upload-route';
import { updateAvatarUrl, updateName } from './service';

/** Signed-in routes: the user's name and picture. */
export async function profileRoutes(app: FastifyInstance) {
  serve(app, profileApi.update, async (req) => {
    const user = await updateName(app.db, req.user, req.body);
    app.sessions.forgetUser(req.user.id);
    return user;
  });

  await app.register(avatarUploadRoute);

  serve(app, profileApi.removeAvatar, async (req) => {
    const user = await updateAvatarUrl(app.db, req.user, null);
    app.sessions.forgetUser(req.user.id);
    await removeAvatarFiles(app.config.dataDir, req.user.id);
    return user;
  });
}
