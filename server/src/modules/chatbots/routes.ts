import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { chatbotFlowPageSchema } from '@common/chatbots';
import { pageQuerySchema } from '@common/http';
import { listChatbotFlows } from './service';

export async function chatbotsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/chatbots',
    { schema: { querystring: pageQuerySchema, response: { 200: chatbotFlowPageSchema } } },
    async (req) => {
      const before = app.cursors.open(req.query.cursor, req.user.id, 'chatbots');
      const page = await listChatbotFlows(app.db, req.user.id, { limit: req.query.limit, before });
      return app.cursors.pageOf(page, req.user.id, 'chatbots');
    },
  );
}
