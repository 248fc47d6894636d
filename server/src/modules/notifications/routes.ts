import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamSchema, pageQuerySchema } from '@common/http';
import {
  markedSchema,
  notificationPageSchema,
  notificationSchema,
  notificationSettingsSchema,
  unreadSchema,
} from '@common/notifications';
import {
  getNotificationSettings,
  getUnread,
  listNotifications,
  markAllRead,
  markRead,
  saveNotificationSettings,
} from './service';

const LIST = 'notifications';

/** Signed-in routes: the header's bell and its settings (decisions.md item 17). */
export async function notificationsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/notifications',
    { schema: { querystring: pageQuerySchema, response: { 200: notificationPageSchema } } },
    async (req) => {
      const before = app.cursors.open(req.query.cursor, req.user.id, LIST);
      const page = await listNotifications(app.db, req.user.id, { limit: req.query.limit, before });
      return app.cursors.pageOf(page, req.user.id, LIST);
    },
  );

  r.get('/api/notifications/unread', { schema: { response: { 200: unreadSchema } } }, (req) =>
    getUnread(app.db, req.user.id),
  );

  r.post('/api/notifications/read-all', { schema: { response: { 200: markedSchema } } }, (req) =>
    markAllRead(app.db, req.user.id),
  );

  r.post(
    '/api/notifications/:id/read',
    { schema: { params: idParamSchema, response: { 200: notificationSchema } } },
    (req) => markRead(app.db, req.user.id, req.params.id),
  );

  r.get('/api/notifications/settings', { schema: { response: { 200: notificationSettingsSchema } } }, (req) =>
    getNotificationSettings(app.db, req.user.id),
  );

  r.put(
    '/api/notifications/settings',
    { schema: { body: notificationSettingsSchema, response: { 200: notificationSettingsSchema } } },
    (req) => saveNotificationSettings(app.db, req.user.id, req.body),
  );
}
