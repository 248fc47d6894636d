import { withMember } from '../../http/with-member';
import type { FastifyInstance } from 'fastify';
import { calendarApi } from '@common/calendar-api';
import { serve } from '../../http/serve';
import { getCalendar, getIntegration, regenerateFeedToken, saveIntegration } from './service';

/** Signed-in routes: the calendar range and the Calendar Integration settings. */
export async function calendarRoutes(app: FastifyInstance) {
  serve(app, calendarApi.range, (req) => withMember(req, (db, member) => getCalendar(db, member, req.query)));

  // The answers carry the feed's secret URL: kept out of every cache.
  serve(app, calendarApi.integration, (req, reply) => {
    reply.header('cache-control', 'no-store');
    return getIntegration(app.db, app.secrets, req.user.id);
  });

  serve(app, calendarApi.saveIntegration, (req, reply) => {
    reply.header('cache-control', 'no-store');
    return saveIntegration(app.db, app.secrets, req.user.id, req.body);
  });

  serve(app, calendarApi.regenerateFeed, (req, reply) => {
    reply.header('cache-control', 'no-store');
    return regenerateFeedToken(app.db, app.secrets, req.user.id);
  });
}
