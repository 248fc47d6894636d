import type { FastifyInstance } from 'fastify';
import { activitiesApi } from '@common/activities-api';
import { serve } from '../../http/serve';
import { completeActivity, createActivity, deleteActivity, listActivities } from './service';

export async function activitiesRoutes(app: FastifyInstance) {
  serve(app, activitiesApi.list, async (req) => {
    const after = app.cursors.open(req.query.cursor, req.user.id, 'activities');
    const page = await listActivities(app.db, req.member, req.params.dealId, { limit: req.query.limit, after });
    return app.cursors.pageOf(page, req.user.id, 'activities');
  });

  serve(app, activitiesApi.create, async (req, reply) =>
    reply.code(201).send(await createActivity(app.db, req.member, req.params.dealId, req.body)),
  );

  serve(app, activitiesApi.complete, (req) => completeActivity(app.db, req.member, req.params.dealId, req.params.id));

  serve(app, activitiesApi.remove, async (req, reply) => {
    await deleteActivity(app.db, req.member, req.params.dealId, req.params.id);
    return reply.code(204).send();
  });
}
