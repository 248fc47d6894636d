import { withMember } from '../../http/with-member';
import type { FastifyInstance } from 'fastify';
import { contactsApi } from '@common/contacts-api';
import { sendCsv } from '../../http/csv';
import { serve } from '../../http/serve';
import { contactsCsv } from './csv-export';
import { getContactDetail } from './detail';
import { contactImportRoute } from './import-route';
import { contactListName } from './order';
import { countContacts, createContact, deleteContact, getContact, listContacts, updateContact } from './service';

/** A change of one contact is one service call that opens its own transaction when it writes more than one row. */
const selfContained = { ownTransactions: true };

export async function contactsRoutes(app: FastifyInstance) {
  serve(app, contactsApi.list, async (req) => {
    const { limit, q, sort, dir } = req.query;
    const list = contactListName(sort, dir);
    const after = app.cursors.open(req.query.cursor, req.user.id, list);
    const page = await withMember(req, (db, member) => listContacts(db, member, { limit, after, q, sort, dir }), {
      search: q,
    });
    return app.cursors.pageOf(page, req.user.id, list);
  });

  serve(app, contactsApi.count, (req) => withMember(req, (db, member) => countContacts(db, member)));

  serve(app, contactsApi.export, async (req, reply) => sendCsv(reply, 'contacts.csv', contactsCsv(app.db, req.member)));

  await app.register(contactImportRoute);

  serve(app, contactsApi.details, (req) =>
    withMember(req, (db, member) => getContactDetail(db, member, req.params.id)),
  );

  serve(app, contactsApi.one, (req) => withMember(req, (db, member) => getContact(db, member, req.params.id)));

  serve(app, contactsApi.create, async (req, reply) =>
    reply.code(201).send(await withMember(req, (db, member) => createContact(db, member, req.body), selfContained)),
  );

  serve(app, contactsApi.update, (req) =>
    withMember(req, (db, member) => updateContact(db, member, req.params.id, req.body), selfContained),
  );

  serve(app, contactsApi.remove, async (req, reply) => {
    await withMember(req, (db, member) => deleteContact(db, member, req.params.id), selfContained);
    return reply.code(204).send();
  });
}
