import { del, get, patch, post } from './api-route';
import { avatarParamsSchema, avatarQuerySchema, profileInputSchema, userSchema } from './profile';

/** The profile area's routes (see api-route.ts); the weekly availability is the booking area's (booking-api.ts). */
export const profileApi = {
  update: patch('/api/profile', { body: profileInputSchema, response: userSchema }),
  /** Multipart: the one file field `avatar` (profile/avatar-upload-route.ts). */
  uploadAvatar: post('/api/profile/avatar', { response: userSchema }),
  removeAvatar: del('/api/profile/avatar', { response: userSchema }),
  /** Public: the picture itself, an image file. */
  avatar: get('/api/avatars/:userId', { params: avatarParamsSchema, query: avatarQuerySchema }),
};
