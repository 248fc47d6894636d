import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamSchema } from '@common/http';
import {
  pipelineCreateSchema,
  pipelineListSchema,
  pipelineRenameSchema,
  pipelineSchema,
  stageAddSchema,
  stageOrderSchema,
  stageRemoveSchema,
  stageRenameSchema,
} from '@common/pipelines';
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
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/pipelines', { schema: { response: { 200: pipelineListSchema } } }, (req) =>
    listPipelines(app.db, req.user.id),
  );

  r.post(
    '/api/pipelines',
    { schema: { body: pipelineCreateSchema, response: { 201: pipelineSchema } } },
    async (req, reply) => reply.code(201).send(await createPipeline(app.db, req.user.id, req.body)),
  );

  r.patch(
    '/api/pipelines/:id',
    { schema: { params: idParamSchema, body: pipelineRenameSchema, response: { 200: pipelineSchema } } },
    (req) => renamePipeline(app.db, req.user.id, req.params.id, req.body.name),
  );

  r.delete('/api/pipelines/:id', { schema: { params: idParamSchema } }, async (req, reply) => {
    await deletePipeline(app.db, req.user.id, req.params.id);
    return reply.code(204).send();
  });

  r.post(
    '/api/pipelines/:id/default',
    { schema: { params: idParamSchema, response: { 200: pipelineListSchema } } },
    (req) => setDefaultPipeline(app.db, req.user.id, req.params.id),
  );

  r.post(
    '/api/pipelines/:id/stages',
    { schema: { params: idParamSchema, body: stageAddSchema, response: { 200: pipelineSchema } } },
    (req) => addStage(app.db, req.user.id, req.params.id, req.body.name),
  );

  r.post(
    '/api/pipelines/:id/stages/remove',
    { schema: { params: idParamSchema, body: stageRemoveSchema, response: { 200: pipelineSchema } } },
    (req) => removeStage(app.db, req.user.id, req.params.id, req.body.name),
  );

  r.post(
    '/api/pipelines/:id/stages/rename',
    { schema: { params: idParamSchema, body: stageRenameSchema, response: { 200: pipelineSchema } } },
    (req) => renameStage(app.db, req.user.id, req.params.id, req.body.from, req.body.to),
  );

  r.put(
    '/api/pipelines/:id/stages',
    { schema: { params: idParamSchema, body: stageOrderSchema, response: { 200: pipelineSchema } } },
    (req) => reorderStages(app.db, req.user.id, req.params.id, req.body.stages),
  );
}
