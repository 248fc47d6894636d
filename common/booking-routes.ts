import type { ApiRoute } from './api-route';

/**
 * The public booking page's routes by path alone, without zod: the page starts its first request before zod loads
 * (web/src/pages/booking/public/api.ts). Their schemas: booking-public-api.ts.
 */
export const publicBookingRoutes = {
  owner: { method: 'GET', path: '/api/public/booking/:userId' },
  slots: { method: 'GET', path: '/api/public/booking/:userId/slots' },
  book: { method: 'POST', path: '/api/public/booking/:userId' },
} as const satisfies Record<string, ApiRoute>;
