import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { bookingMessages } from '@common/booking-messages';
import { publicBookingApi } from '@common/booking-public-api';
import { clientAddressKey } from '../../http/client-address';
import { handleError } from '../../http/error-handler';
import { serve } from '../../http/serve';
import { bookingConfirmationMail } from './public/confirmation-mail';
import { bookSlot, getFreeSlots, getPublicOwner } from './public/service';

/** A booking's JSON is a few kilobytes at most (notes of 2,000 characters, escaped); anything larger is refused. */
const BOOKING_BODY_LIMIT = 32 * 1024;

/** Public routes, no session: the booking page at /book/{userId} (decisions.md item 15). */
export async function publicBookingRoutes(app: FastifyInstance) {
  const errorHandler = unknownOwner;

  serve(
    app,
    publicBookingApi.owner,
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      const owner = await getPublicOwner(app.db, req.params.userId, req.query.tz);
      return { ...owner, confirmsByEmail: app.productMail !== null };
    },
    { errorHandler },
  );

  serve(
    app,
    publicBookingApi.slots,
    (req, reply) => {
      reply.header('cache-control', 'no-store');
      return getFreeSlots(app.db, req.params.userId, req.query.date, req.query.tz);
    },
    { errorHandler },
  );

  serve(
    app,
    publicBookingApi.book,
    async (req, reply) => {
      // Per address, counted by the statement that reads the owner (one round trip fewer than a counter of its own).
      const attempts = [
        { key: `bookings:${clientAddressKey(req.ip)}`, max: app.config.bookingAttemptsPerMinute, windowMs: 60_000 },
      ];
      const { created, booking } = await bookSlot(app.db, req.params.userId, req.body, { attempts });
      // Once per booking: a retry with the same key answers the booking again, and mails nothing.
      if (created && app.productMail) void app.productMail.send(bookingConfirmationMail(booking, req.body.email));
      return reply.code(created ? 201 : 200).send(booking);
    },
    { bodyLimit: BOOKING_BODY_LIMIT, errorHandler },
  );
}

/** A malformed owner id is an unknown one: the page's own message rather than the API's bare 404. */
function unknownOwner(error: FastifyError, req: FastifyRequest, reply: FastifyReply): void {
  if (hasZodFastifySchemaValidationErrors(error) && error.validationContext === 'params') {
    void reply.code(404).send({ error: bookingMessages.ownerNotFound });
    return;
  }
  void handleError(error, req, reply);
}
