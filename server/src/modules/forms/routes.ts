import { withMember } from '../../http/with-member';
import type { FastifyInstance } from 'fastify';
import { formsApi } from '@common/forms-api';
import { sendCsv } from '../../http/csv';
import { serve } from '../../http/serve';
import { createForm, deleteForm, getForm, listForms, updateForm } from './service';
import { listSubmissions, submissionsCsv } from './submissions';

export async function formsRoutes(app: FastifyInstance) {
  const { publicUrl } = app.config;

  serve(app, formsApi.list, async (req) => {
    const before = app.cursors.open(req.query.cursor, req.user.id, 'forms');
    const page = await withMember(req, (db, member) =>
      listForms(db, member, { limit: req.query.limit, before }, publicUrl),
    );
    return app.cursors.pageOf(page, req.user.id, 'forms');
  });

  serve(app, formsApi.one, (req) => withMember(req, (db, member) => getForm(db, member, req.params.id, publicUrl)));

  serve(app, formsApi.create, async (req, reply) =>
    reply.code(201).send(await withMember(req, (db, member) => createForm(db, member, req.body, publicUrl))),
  );

  serve(app, formsApi.update, (req) =>
    withMember(req, (db, member) => updateForm(db, member, req.params.id, req.body, publicUrl)),
  );

  serve(app, formsApi.remove, async (req, reply) => {
    await withMember(req, (db, member) => deleteForm(db, member, req.params.id));
    return reply.code(204).send();
  });

  serve(app, formsApi.submissions, async (req) => {
    // One list per form: a cursor of another form's submissions is refused.
    const list = `forms:${req.params.id}:submissions`;
    const before = app.cursors.open(req.query.cursor, req.user.id, list);
    const page = await withMember(req, (db, member) =>
      listSubmissions(db, member, req.params.id, { limit: req.query.limit, before }),
    );
    return app.cursors.pageOf(page, req.user.id, list);
  });

  serve(app, formsApi.submissionsCsv, async (req, reply) =>
    sendCsv(reply, 'submissions.csv', await submissionsCsv(app.db, req.member, req.params.id)),
  );
}
