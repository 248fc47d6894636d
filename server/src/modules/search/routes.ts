import { withMember } from '../../http/with-member';
import type { FastifyInstance } from 'fastify';
import { searchApi } from '@common/search-api';
import { serve } from '../../http/serve';
import { search } from './service';

export async function searchRoutes(app: FastifyInstance) {
  serve(app, searchApi.search, (req) =>
    withMember(req, (db, member) => search(db, member, req.query.q), { search: req.query.q }),
  );
}
