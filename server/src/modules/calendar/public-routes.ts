import type { FastifyInstance } from 'fastify';
import { calendarApi } from '@common/calendar-api';
import { notFound } from '../../errors';
import { keyByClientAddress } from '../../http/client-address';
import { serve } from '../../http/serve';
import { buildFeed } from './feed';
import { feedOwner } from './service';

/** Calendar apps poll a subscription now and then; this is far above that, and bounds guessing. */
const FEED_REQUESTS_PER_MINUTE = 60;

/** Public: the private .ics feed, reached by its secret token alone (calendar apps send no session). */
export async function calendarFeedRoutes(app: FastifyInstance) {
  serve(
    app,
    calendarApi.feed,
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
    { config: { rateLimit: { max: FEED_REQUESTS_PER_MINUTE, timeWindow: 60_000, keyGenerator: keyByClientAddress } } },
  );
}
