import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { bookingPageSchema, bookingSchema, upcomingBookingsQuerySchema } from '@common/booking';
import { idParamSchema } from '@common/http';
import { cancelBooking, getBooking, listUpcomingBookings } from './bookings';

/** Signed-in routes: the owner's bookings made on the public booking page. */
export async function bookingsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/bookings',
    { schema: { querystring: upcomingBookingsQuerySchema, response: { 200: bookingPageSchema } } },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      const after = app.cursors.open(req.query.cursor, req.user.id, 'bookings');
      const page = await listUpcomingBookings(app.db, req.user.id, { limit: req.query.limit, after });
      return app.cursors.pageOf(page, req.user.id, 'bookings');
    },
  );

  r.get('/api/bookings/:id', { schema: { params: idParamSchema, response: { 200: bookingSchema } } }, (req, reply) => {
    reply.header('cache-control', 'no-store');
    return getBooking(app.db, req.user.id, req.params.id);
  });

  r.post(
    '/api/bookings/:id/cancel',
    // No body schema: like completing an activity, the request carries nothing and a bare POST is fine.
    { schema: { params: idParamSchema, response: { 200: bookingSchema } } },
    (req) => cancelBooking(app.db, req.user.id, req.params.id),
  );
}
