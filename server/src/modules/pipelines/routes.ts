import { withMember } from '../../http/with-member';
import type { FastifyInstance } from 'fastify';
import { pipelineMessages } from '@common/pipelines';
import { pipelinesApi } from '@common/pipelines-api';
import { serve } from '../../http/serve';
import { requireAdmin } from '../workspaces/scope';
import {
  addStage,
  createPipeline,
  deletePipeline,
  listPipelines,
  removeStage,
  renamePipeline,
  renameStage,
  reorderStages,
  setDefaultPipeline,
} from './service';

export async function pipelinesRoutes(app: FastifyInstance) {
  // Admins manage the workspace's pipelines (issue 29), every member reads them: every route but a read is an
  // Admin's, a new one too, refused before any pipeline is looked up.
  app.addHook('preHandler', async (req) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') requireAdmin(req.workspace, pipelineMessages.adminOnly);
  });

  serve(app, pipelinesApi.list, (req) => withMember(req, (db, member) => listPipelines(db, member)));

  serve(app, pipelinesApi.create, async (req, reply) =>
    reply.code(201).send(await withMember(req, (db, member) => createPipeline(db, member, req.body))),
  );

  serve(app, pipelinesApi.rename, (req) =>
    withMember(req, (db, member) => renamePipeline(db, member, req.params.id, req.body.name)),
  );

  serve(app, pipelinesApi.remove, async (req, reply) => {
    await withMember(req, (db, member) => deletePipeline(db, member, req.params.id));
    return reply.code(204).send();
  });

  serve(app, pipelinesApi.setDefault, (req) =>
    withMember(req, (db, member) => setDefaultPipeline(db, member, req.params.id)),
  );

  serve(app, pipelinesApi.addStage, (req) =>
    withMember(req, (db, member) => addStage(db, member, req.params.id, req.body.name)),
  );

  serve(app, pipelinesApi.removeStage, (req) =>
    withMember(req, (db, member) => removeStage(db, member, req.params.id, req.body.name)),
  );

  serve(app, pipelinesApi.renameStage, (req) =>
    withMember(req, (db, member) => renameStage(db, member, req.params.id, req.body.from, req.body.to)),
  );

  serve(app, pipelinesApi.reorderStages, (req) =>
    withMember(req, (db, member) => reorderStages(db, member, req.params.id, req.body.stages)),
  );
}
