import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { searchQuerySchema, searchResultSchema } from '@common/search';
import { search } from './service';

export async function searchRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/search', { schema: { querystring: searchQuerySchema, response: { 200: searchResultSchema } } }, (req) =>
    search(app.db, req.user.id, req.query.q),
  );
}
