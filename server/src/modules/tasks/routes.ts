import type { FastifyInstance } from 'fastify';
import { taskCategoriesApi, tasksApi } from '@common/tasks-api';
import { serve } from '../../http/serve';
import { createCategory, deleteCategory, listCategories, updateCategory } from './categories';
import { taskListName } from './filters';
import { createTask, deleteTask, getTask, getTaskBoard, listTasks, moveTask, updateTask } from './service';

export async function tasksRoutes(app: FastifyInstance) {
  serve(app, tasksApi.board, async (req) => {
    const columns = await getTaskBoard(app.db, req.member, req.query);
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
    const page = await listTasks(app.db, req.member, { filter, limit, before });
    return app.cursors.pageOf(page, req.user.id, list);
  });

  serve(app, tasksApi.one, (req) => getTask(app.db, req.member, req.params.id));

  serve(app, tasksApi.create, async (req, reply) =>
    reply.code(201).send(await createTask(app.db, req.member, req.body)),
  );

  serve(app, tasksApi.update, (req) => updateTask(app.db, req.member, req.params.id, req.body));

  serve(app, tasksApi.move, (req) => moveTask(app.db, req.member, req.params.id, req.body.status));

  serve(app, tasksApi.remove, async (req, reply) => {
    await deleteTask(app.db, req.member, req.params.id);
    return reply.code(204).send();
  });
}

export async function taskCategoriesRoutes(app: FastifyInstance) {
  serve(app, taskCategoriesApi.list, async (req) => ({ items: await listCategories(app.db, req.member) }));

  serve(app, taskCategoriesApi.create, async (req, reply) =>
    reply.code(201).send(await createCategory(app.db, req.member, req.body)),
  );

  serve(app, taskCategoriesApi.update, (req) => updateCategory(app.db, req.member, req.params.id, req.body));

  serve(app, taskCategoriesApi.remove, async (req, reply) => {
    await deleteCategory(app.db, req.member, req.params.id);
    return reply.code(204).send();
  });
}
