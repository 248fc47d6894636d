import { withMember } from '../../http/with-member';
import type { FastifyInstance } from 'fastify';
import { emailApi } from '@common/email-api';
import { serve } from '../../http/serve';
import { checkStatus, requestCheck } from './check-jobs';
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
  // The thread that parses large messages goes with the server.
  app.addHook('onClose', () => closeParsePool());

  serve(app, emailApi.list, async (req) => {
    const { limit, q, folder, customFolderId } = req.query;
    const view: EmailView = customFolderId ? { customFolderId } : { folder: folder ?? 'inbox' };
    const list = emailListName(view);
    const before = app.cursors.open(req.query.cursor, req.user.id, list);
    const page = await listEmails(app.db, req.user.id, { view, limit, before, q });
    return app.cursors.pageOf(page, req.user.id, list);
  });

  serve(app, emailApi.unread, (req) => countUnread(app.db, req.user.id));

  serve(app, emailApi.one, (req) => getEmail(app.db, req.user.id, req.params.id));

  serve(app, emailApi.update, (req) => updateEmail(app.db, req.user.id, req.params.id, req.body));

  serve(app, emailApi.remove, async (req, reply) => {
    await deleteEmail(app.db, app.config.dataDir, req.user.id, req.params.id);
    return reply.code(204).send();
  });

  // The declared type is not trusted: every attachment is a download of bytes, never shown by the browser.
  serve(app, emailApi.attachment, async (req, reply) => {
    const { id, attachmentId } = req.params;
    const file = await openAttachment(app.db, app.config.dataDir, req.user.id, id, attachmentId);
    return reply
      .type('application/octet-stream')
      .header('content-disposition', contentDisposition(file.name))
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, no-store')
      .header('content-length', file.size)
      .send(file.handle.createReadStream());
  });

  // 'Check Mail': queued and answered at once; a mail server's trouble is each account's `error`, never the
  // request's failure.
  serve(app, emailApi.check, async (req, reply) =>
    reply.code(202).send(await requestCheck(app.db, app.jobs, req.user.id, req.body?.accountId)),
  );

  serve(app, emailApi.checkStatus, (req) => checkStatus(app.db, req.user.id, req.query.accountId));

  // Sending: 502 with the mail server's reason when it could not be reached or refused the message.
  serve(app, emailApi.send, async (req, reply) => {
    const sender = { id: req.user.id, name: req.user.profile?.name ?? '' };
    try {
      return reply.code(201).send(await sendEmail(app.db, app.secrets, app.config, sender, req.body));
    } catch (error) {
      if (error instanceof MailConnectionError) return reply.code(502).send({ error: error.message });
      throw error;
    }
  });

  serve(app, emailApi.folders, async (req) => ({ items: await listFolders(app.db, req.user.id) }));

  serve(app, emailApi.createFolder, async (req, reply) =>
    reply.code(201).send(await createFolder(app.db, req.user.id, req.body.name)),
  );

  serve(app, emailApi.renameFolder, (req) => renameFolder(app.db, req.user.id, req.params.id, req.body.name));

  serve(app, emailApi.removeFolder, async (req, reply) => {
    await deleteFolder(app.db, req.user.id, req.params.id);
    return reply.code(204).send();
  });

  // Mail beside the CRM: the contact's, and the deal's contact's.
  serve(app, emailApi.contactEmails, async (req) => {
    const list = `email:contact:${req.params.id}`;
    const before = app.cursors.open(req.query.cursor, req.user.id, list);
    const page = await withMember(req, (db, member) =>
      listContactEmails(db, member, req.params.id, req.query.limit, before),
    );
    return app.cursors.pageOf(page, req.user.id, list);
  });

  serve(app, emailApi.dealEmails, async (req) => {
    const list = `email:deal:${req.params.id}`;
    const before = app.cursors.open(req.query.cursor, req.user.id, list);
    const page = await withMember(req, (db, member) =>
      listDealEmails(db, member, req.params.id, req.query.limit, before),
    );
    return app.cursors.pageOf(page, req.user.id, list);
  });
}
