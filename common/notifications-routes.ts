import type { ApiRoute } from './api-route';

/**
 * The bell's badge route by path alone, without zod: the badge is on every signed-in page's first load
 * (web/src/pages/notifications/unread.ts). Its schemas: notifications-api.ts.
 */
export const notificationRoutes = {
  unread: { method: 'GET', path: '/api/notifications/unread' },
} as const satisfies Record<string, ApiRoute>;
