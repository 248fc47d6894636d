import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  composeSchema,
  emailAttachmentParamsSchema,
  emailCheckInputSchema,
  emailCheckResultSchema,
  emailDetailSchema,
  emailFolderInputSchema,
  emailFolderListSchema,
  emailFolderSchema,
  emailListItemSchema,
  emailListQuerySchema,
  emailPageSchema,
  emailPatchSchema,
  emailSentSchema,
  relatedEmailsQuerySchema,
} from '@common/email';
import { countSchema, errorBodySchema, idParamSchema } from '@common/http';
import { checkAccounts } from './check';
import { contentDisposition } from './content-disposition';
import { createFolder, deleteFolder, listFolders, renameFolder } from './folders';
import { MailConnectionError } from './mail-errors';
import { sendEmail } from './send';
import { closeParsePool } from './parse-pool';
import {
  countUnread,
  deleteEmail,
  emailListName,
  getEmail,
  listContactEmails,
  listDealEmails,
  listEmails,
  openAttachment,
  updateEmail,
  type EmailView,
} from './service';

export async function emailRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // The thread that parses large messages goes with the server.
  app.addHook('onClose', () => closeParsePool());

  r.get(
    '/api/email/messages',
    { schema: { querystring: emailListQuerySchema, response: { 200: emailPageSchema } } },
    async (req) => {
      const { limit, q, folder, customFolderId } = req.query;
      const view: EmailView = customFolderId ? { customFolderId } : { folder: folder ?? 'inbox' };
      const list = emailListName(view);
      const before = app.cursors.open(req.query.cursor, req.user.id, list);
      const page = await listEmails(app.db, req.user.id, { view, limit, before, q });
      return app.cursors.pageOf(page, req.user.id, list);
    },
  );

  r.get('/api/email/unread', { schema: { response: { 200: countSchema } } }, (req) => countUnread(app.db, req.user.id));

  r.get('/api/email/messages/:id', { schema: { params: idParamSchema, response: { 200: emailDetailSchema } } }, (req) =>
    getEmail(app.db, req.user.id, req.params.id),
  );

  r.patch(
    '/api/email/messages/:id',
    { schema: { params: idParamSchema, body: emailPatchSchema, response: { 200: emailListItemSchema } } },
    (req) => updateEmail(app.db, req.user.id, req.params.id, req.body),
  );

  r.delete('/api/email/messages/:id', { schema: { params: idParamSchema } }, async (req, reply) => {
    await deleteEmail(app.db, app.config.dataDir, req.user.id, req.params.id);
    return reply.code(204).send();
  });

  // The declared type is not trusted: every attachment is a download of bytes, never shown by the browser.
  r.get(
    '/api/email/messages/:id/attachments/:attachmentId',
    { schema: { params: emailAttachmentParamsSchema } },
    async (req, reply) => {
      const file = await openAttachment(
        app.db,
        app.config.dataDir,
        req.user.id,
        req.params.id,
        req.params.attachmentId,
      );
      return reply
        .type('application/octet-stream')
        .header('content-disposition', contentDisposition(file.name))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .header('content-length', file.size)
        .send(file.handle.createReadStream());
    },
  );

  // 'Check Mail': a mail server's trouble is each account's `error`, never the request's failure.
  r.post(
    '/api/email/check',
    { schema: { body: emailCheckInputSchema, response: { 200: emailCheckResultSchema } } },
    (req) => checkAccounts(app.db, app.secrets, app.config, req.user.id, req.body?.accountId, req.log),
  );

  // Sending: 502 with the mail server's reason when it could not be reached or refused the message.
  r.post(
    '/api/email/send',
    { schema: { body: composeSchema, response: { 201: emailSentSchema, 502: errorBodySchema } } },
    async (req, reply) => {
      const sender = { id: req.user.id, name: req.user.profile?.name ?? '' };
      try {
        return reply.code(201).send(await sendEmail(app.db, app.secrets, app.config, sender, req.body));
      } catch (error) {
        if (error instanceof MailConnectionError) return reply.code(502).send({ error: error.message });
        throw error;
      }
    },
  );

  r.get('/api/email/folders', { schema: { response: { 200: emailFolderListSchema } } }, async (req) => ({
    items: await listFolders(app.db, req.user.id),
  }));

  r.post(
    '/api/email/folders',
    { schema: { body: emailFolderInputSchema, response: { 201: emailFolderSchema } } },
    async (req, reply) => reply.code(201).send(await createFolder(app.db, req.user.id, req.body.name)),
  );

  r.put(
    '/api/email/folders/:id',
    { schema: { params: idParamSchema, body: emailFolderInputSchema, response: { 200: emailFolderSchema } } },
    (req) => renameFolder(app.db, req.user.id, req.params.id, req.body.name),
  );

  r.delete('/api/email/folders/:id', { schema: { params: idParamSchema } }, async (req, reply) => {
    await deleteFolder(app.db, req.user.id, req.params.id);
    return reply.code(204).send();
  });

  // Mail beside the CRM: the contact's, and the deal's contact's.
  r.get(
    '/api/contacts/:id/emails',
    { schema: { params: idParamSchema, querystring: relatedEmailsQuerySchema, response: { 200: emailPageSchema } } },
    async (req) => {
      const list = `email:contact:${req.params.id}`;
      const before = app.cursors.open(req.query.cursor, req.user.id, list);
      const page = await listContactEmails(app.db, req.user.id, req.params.id, req.query.limit, before);
      return app.cursors.pageOf(page, req.user.id, list);
    },
  );

  r.get(
    '/api/deals/:id/emails',
    { schema: { params: idParamSchema, querystring: relatedEmailsQuerySchema, response: { 200: emailPageSchema } } },
    async (req) => {
      const list = `email:deal:${req.params.id}`;
      const before = app.cursors.open(req.query.cursor, req.user.id, list);
      const page = await listDealEmails(app.db, req.user.id, req.params.id, req.query.limit, before);
      return app.cursors.pageOf(page, req.user.id, list);
    },
  );
}
