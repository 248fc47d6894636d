import type { FastifyInstance } from 'fastify';
import { apiKeysApi } from '@common/api-keys-api';
import { serve } from '../../http/serve';
import { createApiKey, listApiKeys, revokeApiKey } from './service';
import { forgetMembershipsAfterChanges } from '../workspaces/membership-changes';

/** Settings → API Keys (issue 30): a session's routes only; a key is refused them (auth/api-key-check.ts). */
export async function apiKeysRoutes(app: FastifyInstance) {
  // A key revoked here is refused by this process's next request, before the database's announcement arrives.
  forgetMembershipsAfterChanges(app);
  // A new key's secret is in an answer: kept out of every cache.
  app.addHook('onRequest', async (_req, reply) => {
    reply.header('cache-control', 'no-store');
  });

  serve(app, apiKeysApi.list, async (req) => ({ items: await listApiKeys(app.db, req.member) }));

  serve(app, apiKeysApi.create, async (req, reply) =>
    reply.code(201).send(await createApiKey(app.db, req.member, req.body)),
  );

  serve(app, apiKeysApi.revoke, async (req, reply) => {
    await revokeApiKey(app.db, req.member, req.params.id);
    return reply.code(204).send();
  });
}
