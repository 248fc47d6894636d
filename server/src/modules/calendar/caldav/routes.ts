import type { FastifyInstance } from 'fastify';
import { caldavApi } from '@common/calendar-caldav-api';
import { serve } from '../../../http/serve';
import { disconnectCaldav, getCaldavConnection, saveCaldav, testCaldav } from './service';

/** The CalDAV calendar of Calendar Integration: the user's own, the app password never answered. */
export async function caldavRoutes(app: FastifyInstance) {
  // The answers describe the user's calendar account: kept out of every cache (this plugin's routes only).
  app.addHook('onRequest', async (_req, reply) => {
    reply.header('cache-control', 'no-store');
  });
  const options = { allowPrivate: app.config.allowPrivateHosts };

  serve(app, caldavApi.connection, (req) => getCaldavConnection(app.db, req.user.id));

  serve(app, caldavApi.test, (req) => testCaldav(app.db, app.secrets, req.user.id, req.body, options));

  serve(app, caldavApi.save, (req) => saveCaldav(app.db, app.secrets, req.user.id, req.body, options, app.jobs));

  serve(app, caldavApi.disconnect, (req) => disconnectCaldav(app.db, app.secrets, req.user.id, options));
}
