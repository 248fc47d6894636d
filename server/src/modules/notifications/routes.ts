import type { FastifyInstance } from 'fastify';
import { notificationsApi } from '@common/notifications-api';
import { serve } from '../../http/serve';
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
  serve(app, notificationsApi.list, async (req) => {
    const before = app.cursors.open(req.query.cursor, req.user.id, LIST);
    const page = await listNotifications(app.db, req.user.id, { limit: req.query.limit, before });
    return app.cursors.pageOf(page, req.user.id, LIST);
  });

  serve(app, notificationsApi.unread, (req) => getUnread(app.db, req.user.id));

  serve(app, notificationsApi.readAll, (req) => markAllRead(app.db, req.user.id));

  serve(app, notificationsApi.read, (req) => markRead(app.db, req.user.id, req.params.id));

  serve(app, notificationsApi.settings, (req) => getNotificationSettings(app.db, req.user.id));

  serve(app, notificationsApi.saveSettings, (req) => saveNotificationSettings(app.db, req.user.id, req.body));
}
