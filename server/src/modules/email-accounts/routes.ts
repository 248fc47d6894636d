import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  emailAccountCreateSchema,
  emailAccountInputSchema,
  emailAccountListSchema,
  emailAccountSchema,
} from '@common/email-accounts';
import { idParamSchema } from '@common/http';
import { createEmailAccount, deleteEmailAccount, listEmailAccounts, updateEmailAccount } from './service';

/** Email Settings (part 2 §2, §7): each account with its POP3 and SMTP server; passwords only masked. */
export async function emailAccountsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // The answers describe the user's mail servers: kept out of every cache (this plugin's routes only).
  app.addHook('onRequest', async (_req, reply) => {
    reply.header('cache-control', 'no-store');
  });

  r.get('/api/email-accounts', { schema: { response: { 200: emailAccountListSchema } } }, async (req) => ({
    items: await listEmailAccounts(app.db, req.user.id),
  }));

  r.post(
    '/api/email-accounts',
    { schema: { body: emailAccountCreateSchema, response: { 201: emailAccountSchema } } },
    async (req, reply) => reply.code(201).send(await createEmailAccount(app.db, app.secrets, req.user.id, req.body)),
  );

  r.put(
    '/api/email-accounts/:id',
    { schema: { params: idParamSchema, body: emailAccountInputSchema, response: { 200: emailAccountSchema } } },
    (req) => updateEmailAccount(app.db, app.secrets, req.user.id, req.params.id, req.body),
  );

  r.delete('/api/email-accounts/:id', { schema: { params: idParamSchema } }, async (req, reply) => {
    await deleteEmailAccount(app.db, req.user.id, req.params.id);
    return reply.code(204).send();
  });
}
