import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { aiConfigInputSchema, aiConfigSchema } from '@common/ai-config';
import { getAiConfig, saveAiConfig } from './service';

/** Signed-in routes: the AI Configuration screen (part 2 §2). Its answers describe a stored key: never cached. */
export async function aiConfigRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/settings/ai', { schema: { response: { 200: aiConfigSchema } } }, (req, reply) => {
    reply.header('cache-control', 'no-store');
    return getAiConfig(app.db, app.secrets, req.user.id);
  });

  r.put(
    '/api/settings/ai',
    { schema: { body: aiConfigInputSchema, response: { 200: aiConfigSchema } } },
    (req, reply) => {
      reply.header('cache-control', 'no-store');
      return saveAiConfig(app.db, app.secrets, req.user.id, req.body);
    },
  );
}
