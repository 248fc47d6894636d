import type { FastifyInstance } from 'fastify';
import { webhookMessages } from '@common/webhooks';
import { webhooksApi } from '@common/webhooks-api';
import { serve } from '../../http/serve';
import { requireAdmin } from '../workspaces/scope';
import {
  createEndpoint,
  deleteEndpoint,
  listDeliveries,
  listEndpoints,
  sendTestEvent,
  updateEndpoint,
} from './service';
import { forgetMembershipsAfterChanges } from '../workspaces/membership-changes';

/** Cursors of an endpoint's delivery log are the endpoint's alone. */
const deliveriesList = (id: string) => `webhook-deliveries:${id}`;

export async function webhooksRoutes(app: FastifyInstance) {
  forgetMembershipsAfterChanges(app);
  // A workspace's endpoints hear all of its records: its Owner and Admins manage them, every route.
  app.addHook('preHandler', async (req) => requireAdmin(req.workspace, webhookMessages.adminOnly));
  const allowPrivate = app.config.allowPrivateHosts;

  serve(app, webhooksApi.list, (req) => listEndpoints(app.db, req.member));

  serve(app, webhooksApi.create, async (req, reply) =>
    reply.code(201).send(await createEndpoint(app.db, req.member, req.body, { secrets: app.secrets, allowPrivate })),
  );

  serve(app, webhooksApi.update, (req) =>
    updateEndpoint(app.db, req.member, req.params.id, req.body, { allowPrivate }),
  );

  serve(app, webhooksApi.remove, async (req, reply) => {
    await deleteEndpoint(app.db, req.member, req.params.id);
    return reply.code(204).send();
  });

  serve(app, webhooksApi.deliveries, async (req) => {
    const list = deliveriesList(req.params.id);
    const after = app.cursors.open(req.query.cursor, req.user.id, list);
    const page = await listDeliveries(app.db, req.member, req.params.id, { limit: req.query.limit, after });
    return app.cursors.pageOf(page, req.user.id, list);
  });

  serve(app, webhooksApi.test, async (req, reply) => {
    await sendTestEvent(app.db, req.member, req.params.id);
    return reply.code(202).send();
  });
}
