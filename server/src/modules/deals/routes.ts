import { withMember } from '../../http/with-member';
import type { FastifyInstance } from 'fastify';
import { dealsApi } from '@common/deals-api';
import type { DealWhose } from '@common/whose';
import { serve } from '../../http/serve';
import { getBoard } from './board';
import { dealOptions } from './options';
import { createDeal, deleteDeal, getDeal, listColumn, moveDeal, updateDeal } from './service';

/** Cursors of a board column ("Load more"), newest first; the member's own deals page apart from everyone's. */
const columnList = (whose: DealWhose | undefined) => (whose === 'mine' ? 'deals:column:mine' : 'deals:column');

export async function dealsRoutes(app: FastifyInstance) {
  serve(app, dealsApi.board, async (req) => {
    const board = await withMember(req, (db, member) => getBoard(db, member, req.query.pipelineId, req.query.whose));
    return {
      pipelineId: board.pipelineId,
      columns: board.columns.map(({ page, ...column }) => ({
        ...column,
        ...app.cursors.pageOf(page, req.user.id, columnList(req.query.whose)),
      })),
    };
  });

  serve(app, dealsApi.column, async (req) => {
    const { pipelineId, stage, limit, cursor, whose } = req.query;
    const before = app.cursors.open(cursor, req.user.id, columnList(whose));
    const page = await withMember(req, (db, member) =>
      listColumn(db, member, { pipelineId, stage, limit, before }, whose),
    );
    return app.cursors.pageOf(page, req.user.id, columnList(whose));
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
