import { withMember } from '../../http/with-member';
import type { FastifyInstance } from 'fastify';
import type { ProjectStatus } from '@common/projects';
import { projectsApi } from '@common/projects-api';
import { serve } from '../../http/serve';
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
  serve(app, projectsApi.board, async (req) => {
    const columns = await withMember(req, (db, member) => getProjectBoard(db, member));
    return {
      columns: columns.map(({ status, count, page }) => ({
        status,
        count,
        ...app.cursors.pageOf(page, req.user.id, projectListName(status, undefined)),
      })),
    };
  });

  serve(app, projectsApi.list, async (req) => {
    const { status, q, limit, cursor } = req.query;
    const list = projectListName(status, q || undefined);
    const before = app.cursors.open(cursor, req.user.id, list);
    const page = await withMember(req, (db, member) => listProjects(db, member, { status, q, limit, before }));
    return app.cursors.pageOf(page, req.user.id, list);
  });

  serve(app, projectsApi.one, (req) => withMember(req, (db, member) => getProject(db, member, req.params.id)));

  serve(app, projectsApi.create, async (req, reply) =>
    reply.code(201).send(await withMember(req, (db, member) => createProject(db, member, req.body))),
  );

  serve(app, projectsApi.update, (req) =>
    withMember(req, (db, member) => updateProject(db, member, req.params.id, req.body)),
  );

  serve(app, projectsApi.move, (req) =>
    withMember(req, (db, member) => moveProject(db, member, req.params.id, req.body.status)),
  );

  serve(app, projectsApi.remove, async (req, reply) => {
    await withMember(req, (db, member) => deleteProject(db, member, req.params.id));
    return reply.code(204).send();
  });
}
