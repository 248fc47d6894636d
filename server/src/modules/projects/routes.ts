import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamSchema } from '@common/http';
import {
  projectBoardSchema,
  projectInputSchema,
  projectListQuerySchema,
  projectPageSchema,
  projectSchema,
  projectStatusBodySchema,
  type ProjectStatus,
} from '@common/projects';
import {
  createProject,
  deleteProject,
  getProject,
  getProjectBoard,
  listProjects,
  moveProject,
  updateProject,
} from './service';

/**
 * The sealed name of a list's cursors: a cursor carries only a position, so one issued for another status
 * or search would page the wrong rows; each variant signs its own.
 */
export function projectListName(status: ProjectStatus | undefined, q: string | undefined): string {
  return `projects${status ? `:status:${status}` : ''}${q ? `:q:${q}` : ''}`;
}

export async function projectsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/projects/board', { schema: { response: { 200: projectBoardSchema } } }, async (req) => {
    const columns = await getProjectBoard(app.db, req.user.id);
    return {
      columns: columns.map(({ status, count, page }) => ({
        status,
        count,
        ...app.cursors.pageOf(page, req.user.id, projectListName(status, undefined)),
      })),
    };
  });

  r.get(
    '/api/projects',
    { schema: { querystring: projectListQuerySchema, response: { 200: projectPageSchema } } },
    async (req) => {
      const { status, q, limit, cursor } = req.query;
      const list = projectListName(status, q || undefined);
      const before = app.cursors.open(cursor, req.user.id, list);
      const page = await listProjects(app.db, req.user.id, { status, q, limit, before });
      return app.cursors.pageOf(page, req.user.id, list);
    },
  );

  r.get('/api/projects/:id', { schema: { params: idParamSchema, response: { 200: projectSchema } } }, (req) =>
    getProject(app.db, req.user.id, req.params.id),
  );

  r.post(
    '/api/projects',
    { schema: { body: projectInputSchema, response: { 201: projectSchema } } },
    async (req, reply) => reply.code(201).send(await createProject(app.db, req.user.id, req.body)),
  );

  r.put(
    '/api/projects/:id',
    { schema: { params: idParamSchema, body: projectInputSchema, response: { 200: projectSchema } } },
    (req) => updateProject(app.db, req.user.id, req.params.id, req.body),
  );

  r.patch(
    '/api/projects/:id/status',
    { schema: { params: idParamSchema, body: projectStatusBodySchema, response: { 200: projectSchema } } },
    (req) => moveProject(app.db, req.user.id, req.params.id, req.body.status),
  );

  r.delete('/api/projects/:id', { schema: { params: idParamSchema } }, async (req, reply) => {
    await deleteProject(app.db, req.user.id, req.params.id);
    return reply.code(204).send();
  });
}
