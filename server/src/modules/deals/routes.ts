import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  boardQuerySchema,
  boardSchema,
  dealColumnQuerySchema,
  dealDetailSchema,
  dealInputSchema,
  dealPageSchema,
  dealStageSchema,
} from '@common/deals';
import { idParamSchema } from '@common/http';
import { dealOptionsSchema, optionsQuerySchema } from '@common/tasks';
import { getBoard } from './board';
import { dealOptions } from './options';
import { createDeal, deleteDeal, getDeal, listColumn, moveDeal, updateDeal } from './service';

/** Cursors of a board column ("Load more"), newest first. */
const COLUMN_LIST = 'deals:column';

export async function dealsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/deals/board',
    { schema: { querystring: boardQuerySchema, response: { 200: boardSchema } } },
    async (req) => {
      const board = await getBoard(app.db, req.user.id, req.query.pipelineId);
      return {
        pipelineId: board.pipelineId,
        columns: board.columns.map(({ page, ...column }) => ({
          ...column,
          ...app.cursors.pageOf(page, req.user.id, COLUMN_LIST),
        })),
      };
    },
  );

  r.get(
    '/api/deals',
    { schema: { querystring: dealColumnQuerySchema, response: { 200: dealPageSchema } } },
    async (req) => {
      const { pipelineId, stage, limit, cursor } = req.query;
      const before = app.cursors.open(cursor, req.user.id, COLUMN_LIST);
      const page = await listColumn(app.db, req.user.id, { pipelineId, stage, limit, before });
      return app.cursors.pageOf(page, req.user.id, COLUMN_LIST);
    },
  );

  r.get(
    '/api/deals/options',
    { schema: { querystring: optionsQuerySchema, response: { 200: dealOptionsSchema } } },
    async (req) => ({ items: await dealOptions(app.db, req.user.id, req.query.q) }),
  );

  r.get('/api/deals/:id', { schema: { params: idParamSchema, response: { 200: dealDetailSchema } } }, (req) =>
    getDeal(app.db, req.user.id, req.params.id),
  );

  r.post('/api/deals', { schema: { body: dealInputSchema, response: { 201: dealDetailSchema } } }, async (req, reply) =>
    reply.code(201).send(await createDeal(app.db, req.user.id, req.body)),
  );

  r.patch(
    '/api/deals/:id',
    { schema: { params: idParamSchema, body: dealInputSchema, response: { 200: dealDetailSchema } } },
    (req) => updateDeal(app.db, req.user.id, req.params.id, req.body),
  );

  r.patch(
    '/api/deals/:id/stage',
    { schema: { params: idParamSchema, body: dealStageSchema, response: { 200: dealDetailSchema } } },
    (req) => moveDeal(app.db, req.user.id, req.params.id, req.body.stage),
  );

  r.delete('/api/deals/:id', { schema: { params: idParamSchema } }, async (req, reply) => {
    await deleteDeal(app.db, req.user.id, req.params.id);
    return reply.code(204).send();
  });
}
