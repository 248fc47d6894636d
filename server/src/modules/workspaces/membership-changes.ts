import type { FastifyInstance } from 'fastify';
import { forgetMemberships } from '../../db/membership-cache';

/**
 * For a plugin whose routes change memberships or keys (members, invitations, workspaces, webhook endpoints, API keys):
 * after any change, before the answer is sent, this process forgets the memberships it kept, so its next request
 * reads the change even before the database's announcement of it arrives (db/membership-cache.ts).
 */
export function forgetMembershipsAfterChanges(app: FastifyInstance): void {
  app.addHook('onSend', async (req, _reply, payload) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') forgetMemberships(app.db);
    return payload;
  });
}
