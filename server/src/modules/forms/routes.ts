import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  formInputSchema,
  formListQuerySchema,
  formPageSchema,
  formSchema,
  submissionListQuerySchema,
  submissionPageSchema,
} from '@common/forms';
import { idParamSchema } from '@common/http';
import { sendCsv } from '../../http/csv';
import { createForm, deleteForm, getForm, listForms, updateForm } from './service';
import { listSubmissions, submissionsCsv } from './submissions';

export async function formsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { publicUrl } = app.config;
  const params = idParamSchema;

  r.get(
    '/api/forms',
    { schema: { querystring: formListQuerySchema, response: { 200: formPageSchema } } },
    async (req) => {
      const before = app.cursors.open(req.query.cursor, req.user.id, 'forms');
      const page = await listForms(app.db, req.user.id, { limit: req.query.limit, before }, publicUrl);
      return app.cursors.pageOf(page, req.user.id, 'forms');
    },
  );

  r.get('/api/forms/:id', { schema: { params, response: { 200: formSchema } } }, (req) =>
    getForm(app.db, req.user.id, req.params.id, publicUrl),
  );

  r.post('/api/forms', { schema: { body: formInputSchema, response: { 201: formSchema } } }, async (req, reply) =>
    reply.code(201).send(await createForm(app.db, req.user.id, req.body, publicUrl)),
  );

  r.put('/api/forms/:id', { schema: { params, body: formInputSchema, response: { 200: formSchema } } }, (req) =>
    updateForm(app.db, req.user.id, req.params.id, req.body, publicUrl),
  );

  r.delete('/api/forms/:id', { schema: { params } }, async (req, reply) => {
    await deleteForm(app.db, req.user.id, req.params.id);
    return reply.code(204).send();
  });

  r.get(
    '/api/forms/:id/submissions',
    { schema: { params, querystring: submissionListQuerySchema, response: { 200: submissionPageSchema } } },
    async (req) => {
      // One list per form: a cursor of another form's submissions is refused.
      const list = `forms:${req.params.id}:submissions`;
      const before = app.cursors.open(req.query.cursor, req.user.id, list);
      const page = await listSubmissions(app.db, req.user.id, req.params.id, { limit: req.query.limit, before });
      return app.cursors.pageOf(page, req.user.id, list);
    },
  );

  r.get('/api/forms/:id/submissions.csv', { schema: { params } }, async (req, reply) =>
    sendCsv(reply, 'submissions.csv', await submissionsCsv(app.db, req.user.id, req.params.id)),
  );
}
