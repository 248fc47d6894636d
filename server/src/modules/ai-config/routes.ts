import type { FastifyInstance } from 'fastify';
import { aiConfigApi } from '@common/ai-config-api';
import { serve } from '../../http/serve';
import { getAiConfig, saveAiConfig } from './service';

/** Signed-in routes: the AI Configuration screen (part 2 §2). Its answers describe a stored key: never cached. */
export async function aiConfigRoutes(app: FastifyInstance) {
  serve(app, aiConfigApi.one, (req, reply) => {
    reply.header('cache-control', 'no-store');
    return getAiConfig(app.db, app.secrets, req.user.id);
  });

  serve(app, aiConfigApi.save, (req, reply) => {
    reply.header('cache-control', 'no-store');
    return saveAiConfig(app.db, app.secrets, req.user.id, req.body);
  });
}
