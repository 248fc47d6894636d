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

  serve(app, pipelinesApi.list, (req) => listPipelines(app.db, req.member));

  serve(app, pipelinesApi.create, async (req, reply) =>
    reply.code(201).send(await createPipeline(app.db, req.member, req.body)),
  );

  serve(app, pipelinesApi.rename, (req) => renamePipeline(app.db, req.member, req.params.id, req.body.name));

  serve(app, pipelinesApi.remove, async (req, reply) => {
    await deletePipeline(app.db, req.member, req.params.id);
    return reply.code(204).send();
  });

  serve(app, pipelinesApi.setDefault, (req) => setDefaultPipeline(app.db, req.member, req.params.id));

  serve(app, pipelinesApi.addStage, (req) => addStage(app.db, req.member, req.params.id, req.body.name));

  serve(app, pipelinesApi.removeStage, (req) => removeStage(app.db, req.member, req.params.id, req.body.name));

  serve(app, pipelinesApi.renameStage, (req) =>
    renameStage(app.db, req.member, req.params.id, req.body.from, req.body.to),
  );

  serve(app, pipelinesApi.reorderStages, (req) => reorderStages(app.db, req.member, req.params.id, req.body.stages));
}
