import type { FastifyInstance } from 'fastify';
import { searchApi } from '@common/search-api';
import { serve } from '../../http/serve';
import { search } from './service';

export async function searchRoutes(app: FastifyInstance) {
  serve(app, searchApi.search, (req) => search(app.db, req.member, req.query.q));
}
