import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  calendarIntegrationInputSchema,
  calendarIntegrationSchema,
  calendarQuerySchema,
  calendarSchema,
} from '@common/calendar';
import { notFound } from '../../errors';
import { buildFeed } from './feed';
import {
  feedOwner,
  feedTokenPattern,
  getCalendar,
  getIntegration,
  regenerateFeedToken,
  saveIntegration,
} from './service';
import { keyByClientAddress } from '../../http/client-address';

/** Signed-in routes: the calendar range and the Calendar Integration settings. */
export async function calendarRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/calendar', { schema: { querystring: calendarQuerySchema, response: { 200: calendarSchema } } }, (req) =>
    getCalendar(app.db, req.user.id, req.query),
  );

  // The answers carry the feed's secret URL: kept out of every cache.
  r.get('/api/calendar/integration', { schema: { response: { 200: calendarIntegrationSchema } } }, (req, reply) => {
    reply.header('cache-control', 'no-store');
    return getIntegration(app.db, app.secrets, req.user.id);
  });

  r.put(
    '/api/calendar/integration',
    { schema: { body: calendarIntegrationInputSchema, response: { 200: calendarIntegrationSchema } } },
    (req, reply) => {
      reply.header('cache-control', 'no-store');
      return saveIntegration(app.db, app.secrets, req.user.id, req.body);
    },
  );

  r.post(
    '/api/calendar/integration/token',
    // No body schema: like completing an activity, the request carries nothing and a bare POST is fine.
    { schema: { response: { 200: calendarIntegrationSchema } } },
    (req, reply) => {
      reply.header('cache-control', 'no-store');
      return regenerateFeedToken(app.db, app.secrets, req.user.id);
    },
  );
}

/** A malformed token fails the params check, which answers the same 404 as an unknown one. */
const feedParamsSchema = z.object({ token: z.string().regex(feedTokenPattern) });

/** Calendar apps poll a subscription now and then; this is far above that, and bounds guessing. */
const FEED_REQUESTS_PER_MINUTE = 60;

/** Public: the private .ics feed, reached by its secret token alone (calendar apps send no session). */
export async function calendarFeedRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/calendar/feed/:token.ics',
    {
      config: {
        rateLimit: { max: FEED_REQUESTS_PER_MINUTE, timeWindow: 60_000, keyGenerator: keyByClientAddress },
      },
      schema: { params: feedParamsSchema },
    },
    async (req, reply) => {
      const userId = await feedOwner(app.db, req.params.token);
      if (!userId) throw notFound();
      const body = await buildFeed(app.db, userId);
      return reply
        .type('text/calendar; charset=utf-8')
        .header('cache-control', 'private, no-store')
        .header('x-robots-tag', 'noindex')
        .send(body);
    },
  );
}
