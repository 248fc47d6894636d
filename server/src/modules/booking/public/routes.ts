import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, type ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  bookingConfirmationSchema,
  bookingInputSchema,
  bookingMessages,
  bookingOwnerParamSchema,
  publicBookingOwnerQuerySchema,
  publicBookingOwnerSchema,
  slotsQuerySchema,
  slotsSchema,
} from '@common/booking';
import { handleError } from '../../../http/error-handler';
import { bookSlot, getFreeSlots, getPublicOwner } from './service';
import { keyByClientAddress } from '../../../http/client-address';

/** A booking's JSON is a few kilobytes at most (notes of 2,000 characters, escaped); anything larger is refused. */
const BOOKING_BODY_LIMIT = 32 * 1024;

/** Public routes, no session: the booking page at /book/{userId} (decisions.md item 15). */
export async function publicBookingRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const params = bookingOwnerParamSchema;

  r.get(
    '/api/public/booking/:userId',
    {
      schema: { params, querystring: publicBookingOwnerQuerySchema, response: { 200: publicBookingOwnerSchema } },
      errorHandler: unknownOwner,
    },
    (req, reply) => {
      reply.header('cache-control', 'no-store');
      return getPublicOwner(app.db, req.params.userId, req.query.tz);
    },
  );

  r.get(
    '/api/public/booking/:userId/slots',
    { schema: { params, querystring: slotsQuerySchema, response: { 200: slotsSchema } }, errorHandler: unknownOwner },
    (req, reply) => {
      reply.header('cache-control', 'no-store');
      return getFreeSlots(app.db, req.params.userId, req.query.date, req.query.tz);
    },
  );

  r.post(
    '/api/public/booking/:userId',
    {
      bodyLimit: BOOKING_BODY_LIMIT,
      config: {
        rateLimit: {
          max: app.config.bookingAttemptsPerMinute,
          timeWindow: 60_000,
          keyGenerator: keyByClientAddress,
          errorResponseBuilder: () => ({ statusCode: 429, message: bookingMessages.tooMany }),
        },
      },
      schema: {
        params,
        body: bookingInputSchema,
        response: { 200: bookingConfirmationSchema, 201: bookingConfirmationSchema },
      },
      errorHandler: unknownOwner,
    },
    async (req, reply) => {
      const { created, booking } = await bookSlot(app.db, req.params.userId, req.body);
      return reply.code(created ? 201 : 200).send(booking);
    },
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
