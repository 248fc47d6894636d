import type { FastifyInstance } from 'fastify';
import { workspacesApi } from '@common/workspaces-api';
import { keyByClientAddress } from '../../http/client-address';
import { serve } from '../../http/serve';
import { previewInvitation } from './invitations';

/** Guesses at invitation links per client address per minute. */
const PREVIEWS_PER_MINUTE = 30;

/** The invitation page's preview, read before the invited person has an account. */
export async function publicInvitationRoutes(app: FastifyInstance) {
  serve(app, workspacesApi.preview, (req) => previewInvitation(app.db, req.params.token), {
    config: { rateLimit: { max: PREVIEWS_PER_MINUTE, timeWindow: 60_000, keyGenerator: keyByClientAddress } },
  });
}
