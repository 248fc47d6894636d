import { withMember } from '../../http/with-member';
import type { FastifyInstance } from 'fastify';
import { activitiesApi } from '@common/activities-api';
import { serve } from '../../http/serve';
import { completeActivity, createActivity, deleteActivity, listActivities } from './service';

export async function activitiesRoutes(app: FastifyInstance) {
  serve(app, activitiesApi.list, async (req) => {
    const after = app.cursors.open(req.query.cursor, req.user.id, 'activities');
    const page = await withMember(req, (db, member) =>
      listActivities(db, member, req.params.dealId, { limit: req.query.limit, after }),
    );
    return app.cursors.pageOf(page, req.user.id, 'activities');
  });

  serve(app, activitiesApi.create, async (req, reply) =>
    reply
      .code(201)
      .send(await withMember(req, (db, member) => createActivity(db, member, req.params.dealId, req.body))),
  );

  serve(app, activitiesApi.complete, (req) =>
    withMember(req, (db, member) => completeActivity(db, member, req.params.dealId, req.params.id)),
  );

  serve(app, activitiesApi.remove, async (req, reply) => {
    await withMember(req, (db, member) => deleteActivity(db, member, req.params.dealId, req.params.id));
    return reply.code(204).send();
  });
}
