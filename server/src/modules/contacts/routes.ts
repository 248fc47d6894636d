import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { contactInputSchema, contactPageSchema, contactSchema } from '@common/contacts';
import { idParamSchema, pageQuerySchema } from '@common/http';
import { createContact, deleteContact, getContact, listContacts, updateContact } from './service';

export async function contactsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/contacts', { schema: { querystring: pageQuerySchema, response: { 200: contactPageSchema } } }, (req) =>
    listContacts(app.db, req.user.id, req.query),
  );

  r.get('/api/contacts/:id', { schema: { params: idParamSchema, response: { 200: contactSchema } } }, (req) =>
    getContact(app.db, req.user.id, req.params.id),
  );

  r.post('/api/contacts', { schema: { body: contactInputSchema, response: { 201: contactSchema } } }, async (req, reply) =>
    reply.code(201).send(await createContact(app.db, req.user.id, req.body)),
  );

  r.patch('/api/contacts/:id', { schema: { params: idParamSchema, body: contactInputSchema, response: { 200: contactSchema } } }, (req) =>
    updateContact(app.db, req.user.id, req.params.id, req.body),
  );

  r.delete('/api/contacts/:id', { schema: { params: idParamSchema } }, async (req, reply) => {
    await deleteContact(app.db, req.user.id, req.params.id);
    return reply.code(204).send();
  });
}
