import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { bookingApi } from '@common/booking-api';
import { profileMessages } from '@common/profile';
import { handleError } from '../../http/error-handler';
import { serve } from '../../http/serve';
import { getAvailability, saveAvailabilityDay } from './availability';
import { cancelBooking, getBooking, listUpcomingBookings } from './bookings';
import { getSchedulingSettings, updateSchedulingSettings } from './scheduling';

/** Signed-in routes: the owner's bookings, the Scheduling Settings screen (part 1 §2) and the weekly hours. */
export async function bookingRoutes(app: FastifyInstance) {
  serve(app, bookingApi.upcoming, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    const after = app.cursors.open(req.query.cursor, req.user.id, 'bookings');
    const page = await listUpcomingBookings(app.db, req.user.id, { limit: req.query.limit, after });
    return app.cursors.pageOf(page, req.user.id, 'bookings');
  });

  serve(app, bookingApi.one, (req, reply) => {
    reply.header('cache-control', 'no-store');
    return getBooking(app.db, req.user.id, req.params.id);
  });

  serve(app, bookingApi.cancel, (req) => cancelBooking(app.db, req.user.id, req.params.id));

  const source = { publicUrl: app.config.publicUrl, confirmsByEmail: app.productMail !== null };
  serve(app, bookingApi.settings, (req) => getSchedulingSettings(app.db, source, req.user.id, req.query.timezone));

  serve(app, bookingApi.updateSettings, (req) => updateSchedulingSettings(app.db, source, req.user.id, req.body));

  serve(app, bookingApi.availability, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    return getAvailability(app.db, req.user.id);
  });

  serve(
    app,
    bookingApi.saveAvailabilityDay,
    (req) => saveAvailabilityDay(app.db, req.user.id, req.params.day, req.body),
    {
      // A weekday is not a record's id: a bad one is a 400 with its message, not the usual 404 of a bad id.
      errorHandler: refuseBadDay,
    },
  );
}

function refuseBadDay(error: FastifyError, req: FastifyRequest, reply: FastifyReply): void {
  if (hasZodFastifySchemaValidationErrors(error) && error.validationContext === 'params') {
    void reply.code(400).send({ error: profileMessages.dayInvalid, fields: { day: profileMessages.dayInvalid } });
    return;
  }
  void handleError(error, req, reply);
}
