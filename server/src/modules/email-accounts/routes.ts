import type { FastifyInstance } from 'fastify';
import { emailAccountsApi } from '@common/email-accounts-api';
import { serve } from '../../http/serve';
import { createEmailAccount, deleteEmailAccount, listEmailAccounts, updateEmailAccount } from './service';

/** Email Settings (part 2 §2, §7): each account with its POP3 and SMTP server; passwords only masked. */
export async function emailAccountsRoutes(app: FastifyInstance) {
  // The answers describe the user's mail servers: kept out of every cache (this plugin's routes only).
  app.addHook('onRequest', async (_req, reply) => {
    reply.header('cache-control', 'no-store');
  });

  serve(app, emailAccountsApi.list, async (req) => ({ items: await listEmailAccounts(app.db, req.user.id) }));

  serve(app, emailAccountsApi.create, async (req, reply) =>
    reply.code(201).send(await createEmailAccount(app.db, app.secrets, req.user.id, req.body)),
  );

  serve(app, emailAccountsApi.update, (req) =>
    updateEmailAccount(app.db, app.secrets, req.user.id, req.params.id, req.body),
  );

  serve(app, emailAccountsApi.remove, async (req, reply) => {
    await deleteEmailAccount(app.db, req.user.id, req.params.id);
    return reply.code(204).send();
  });
}
