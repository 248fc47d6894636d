import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  contactDetailSchema,
  contactInputSchema,
  contactListQuerySchema,
  contactPageSchema,
  contactSchema,
} from '@common/contacts';
import { countSchema, idParamSchema } from '@common/http';
import { sendCsv } from '../../http/csv';
import { contactsCsv } from './csv-export';
import { getContactDetail } from './detail';
import { contactImportRoute } from './import-route';
import { contactListName } from './order';
import { countContacts, createContact, deleteContact, getContact, listContacts, updateContact } from './service';

export async function contactsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/contacts',
    { schema: { querystring: contactListQuerySchema, response: { 200: contactPageSchema } } },
    async (req) => {
      const { limit, q, sort, dir } = req.query;
      const list = contactListName(sort, dir);
      const after = app.cursors.open(req.query.cursor, req.user.id, list);
      const page = await listContacts(app.db, req.user.id, { limit, after, q, sort, dir });
      return app.cursors.pageOf(page, req.user.id, list);
    },
  );

  r.get('/api/contacts/count', { schema: { response: { 200: countSchema } } }, (req) =>
    countContacts(app.db, req.user.id),
  );

  r.get('/api/contacts/export', async (req, reply) => sendCsv(reply, 'contacts.csv', contactsCsv(app.db, req.user.id)));

  await app.register(contactImportRoute);

  r.get(
    '/api/contacts/:id/details',
    { schema: { params: idParamSchema, response: { 200: contactDetailSchema } } },
    (req) => getContactDetail(app.db, req.user.id, req.params.id),
  );

  r.get('/api/contacts/:id', { schema: { params: idParamSchema, response: { 200: contactSchema } } }, (req) =>
    getContact(app.db, req.user.id, req.params.id),
  );

  r.post(
    '/api/contacts',
    { schema: { body: contactInputSchema, response: { 201: contactSchema } } },
    async (req, reply) => reply.code(201).send(await createContact(app.db, req.user.id, req.body)),
  );

  r.patch(
    '/api/contacts/:id',
    { schema: { params: idParamSchema, body: contactInputSchema, response: { 200: contactSchema } } },
    (req) => updateContact(app.db, req.user.id, req.params.id, req.body),
  );

  r.delete('/api/contacts/:id', { schema: { params: idParamSchema } }, async (req, reply) => {
    await deleteContact(app.db, req.user.id, req.params.id);
    return reply.code(204).send();
  });
}
