import { get, post } from './api-route';

/**
 * The public booking page's routes by path alone, without zod: the page starts its first request before zod loads
 * (web/src/pages/booking/public/api.ts). Their schemas: booking-public-api.ts.
 */
export const publicBookingRoutes = {
  owner: get('/api/public/booking/:userId'),
  slots: get('/api/public/booking/:userId/slots'),
  book: post('/api/public/booking/:userId'),
};
