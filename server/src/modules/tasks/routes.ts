import { withMember } from '../../http/with-member';
import type { FastifyInstance } from 'fastify';
import { taskCategoriesApi, tasksApi } from '@common/tasks-api';
import { serve } from '../../http/serve';
import { createCategory, deleteCategory, listCategories, updateCategory } from './categories';
import { taskListName } from './filters';
import { createTask, deleteTask, getTask, getTaskBoard, listTasks, moveTask, updateTask } from './service';

export async function tasksRoutes(app: FastifyInstance) {
  serve(app, tasksApi.board, async (req) => {
    const columns = await withMember(req, (db, member) => getTaskBoard(db, member, req.query), {
      search: req.query.q,
    });
    return {
      columns: columns.map(({ status, count, page }) => ({
        status,
        count,
        // "Load more" is the list with this status and the same filters.
        ...app.cursors.pageOf(page, req.user.id, taskListName({ ...req.query, status })),
      })),
    };
  });

  serve(app, tasksApi.list, async (req) => {
    const { limit, cursor, ...filter } = req.query;
    const list = taskListName(filter);
    const before = app.cursors.open(cursor, req.user.id, list);
    const page = await withMember(req, (db, member) => listTasks(db, member, { filter, limit, before }), {
      search: filter.q,
    });
    return app.cursors.pageOf(page, req.user.id, list);
  });

  serve(app, tasksApi.one, (req) => withMember(req, (db, member) => getTask(db, member, req.params.id)));

  serve(app, tasksApi.create, async (req, reply) =>
    reply.code(201).send(await withMember(req, (db, member) => createTask(db, member, req.body))),
  );

  serve(app, tasksApi.update, (req) =>
    withMember(req, (db, member) => updateTask(db, member, req.params.id, req.body)),
  );

  serve(app, tasksApi.move, (req) =>
    withMember(req, (db, member) => moveTask(db, member, req.params.id, req.body.status)),
  );

  serve(app, tasksApi.remove, async (req, reply) => {
    await withMember(req, (db, member) => deleteTask(db, member, req.params.id));
    return reply.code(204).send();
  });
}

export async function taskCategoriesRoutes(app: FastifyInstance) {
  serve(app, taskCategoriesApi.list, async (req) => ({
    items: await withMember(req, (db, member) => listCategories(db, member)),
  }));

  serve(app, taskCategoriesApi.create, async (req, reply) =>
    reply.code(201).send(await withMember(req, (db, member) => createCategory(db, member, req.body))),
  );

  serve(app, taskCategoriesApi.update, (req) =>
    withMember(req, (db, member) => updateCategory(db, member, req.params.id, req.body)),
  );

  serve(app, taskCategoriesApi.remove, async (req, reply) => {
    await withMember(req, (db, member) => deleteCategory(db, member, req.params.id));
    return reply.code(204).send();
  });
}
