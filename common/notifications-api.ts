import { get, post, put } from './api-route';
import { idParamSchema, pageQuerySchema } from './http';
import {
  markedSchema,
  notificationPageSchema,
  notificationSchema,
  notificationSettingsSchema,
  unreadSchema,
} from './notifications';
import { notificationRoutes } from './notifications-routes';

/** The notifications area's routes (see api-route.ts): the header's bell and its settings. */
export const notificationsApi = {
  list: get('/api/notifications', { query: pageQuerySchema, response: notificationPageSchema }),
  unread: { ...notificationRoutes.unread, response: unreadSchema },
  readAll: post('/api/notifications/read-all', { response: markedSchema }),
  read: post('/api/notifications/:id/read', { params: idParamSchema, response: notificationSchema }),
  settings: get('/api/notifications/settings', { response: notificationSettingsSchema }),
  saveSettings: put('/api/notifications/settings', {
    body: notificationSettingsSchema,
    response: notificationSettingsSchema,
  }),
};
