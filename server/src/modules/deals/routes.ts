import { withMember } from '../../http/with-member';
import type { FastifyInstance } from 'fastify';
import { dealsApi } from '@common/deals-api';
import { serve } from '../../http/serve';
import { getBoard } from './board';
import { dealOptions } from './options';
import { createDeal, deleteDeal, getDeal, listColumn, moveDeal, updateDeal } from './service';

/** Cursors of a board column ("Load more"), newest first. */
const COLUMN_LIST = 'deals:column';

export async function dealsRoutes(app: FastifyInstance) {
  serve(app, dealsApi.board, async (req) => {
    const board = await withMember(req, (db, member) => getBoard(db, member, req.query.pipelineId));
    return {
      pipelineId: board.pipelineId,
      columns: board.columns.map(({ page, ...column }) => ({
        ...column,
        ...app.cursors.pageOf(page, req.user.id, COLUMN_LIST),
      })),
    };
  });

  serve(app, dealsApi.column, async (req) => {
    const { pipelineId, stage, limit, cursor } = req.query;
    const before = app.cursors.open(cursor, req.user.id, COLUMN_LIST);
    const page = await withMember(req, (db, member) => listColumn(db, member, { pipelineId, stage, limit, before }));
    return app.cursors.pageOf(page, req.user.id, COLUMN_LIST);
  });

  serve(app, dealsApi.options, async (req) => ({
    items: await withMember(req, (db, member) => dealOptions(db, member, req.query.q)),
  }));

  serve(app, dealsApi.one, (req) => withMember(req, (db, member) => getDeal(db, member, req.params.id)));

  serve(app, dealsApi.create, async (req, reply) =>
    reply.code(201).send(await withMember(req, (db, member) => createDeal(db, member, req.body))),
  );

  serve(app, dealsApi.update, (req) =>
    withMember(req, (db, member) => updateDeal(db, member, req.params.id, req.body)),
  );

  serve(app, dealsApi.move, (req) =>
    withMember(req, (db, member) => moveDeal(db, member, req.params.id, req.body.stage)),
  );

  serve(app, dealsApi.remove, async (req, reply) => {
    await withMember(req, (db, member) => deleteDeal(db, member, req.params.id));
    return reply.code(204).send();
  });
}
