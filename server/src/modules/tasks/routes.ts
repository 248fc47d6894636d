import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamSchema } from '@common/http';
import {
  categoryInputSchema,
  categoryPatchSchema,
  categoryListSchema,
  categorySchema,
  taskBoardSchema,
  taskFilterSchema,
  taskInputSchema,
  taskListQuerySchema,
  taskPageSchema,
  taskSchema,
  taskStatusBodySchema,
} from '@common/tasks';
import { createCategory, deleteCategory, listCategories, updateCategory } from './categories';
import { taskListName } from './filters';
import { createTask, deleteTask, getTask, getTaskBoard, listTasks, moveTask, updateTask } from './service';

export async function tasksRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/tasks/board',
    { schema: { querystring: taskFilterSchema, response: { 200: taskBoardSchema } } },
    async (req) => {
      const columns = await getTaskBoard(app.db, req.user.id, req.query);
      return {
        columns: columns.map(({ status, count, page }) => ({
          status,
          count,
          // "Load more" is the list with this status and the same filters.
          ...app.cursors.pageOf(page, req.user.id, taskListName({ ...req.query, status })),
        })),
      };
    },
  );

  r.get(
    '/api/tasks',
    { schema: { querystring: taskListQuerySchema, response: { 200: taskPageSchema } } },
    async (req) => {
      const { limit, cursor, ...filter } = req.query;
      const list = taskListName(filter);
      const before = app.cursors.open(cursor, req.user.id, list);
      const page = await listTasks(app.db, req.user.id, { filter, limit, before });
      return app.cursors.pageOf(page, req.user.id, list);
    },
  );

  r.get('/api/tasks/:id', { schema: { params: idParamSchema, response: { 200: taskSchema } } }, (req) =>
    getTask(app.db, req.user.id, req.params.id),
  );

  r.post('/api/tasks', { schema: { body: taskInputSchema, response: { 201: taskSchema } } }, async (req, reply) =>
    reply.code(201).send(await createTask(app.db, req.user.id, req.body)),
  );

  r.put(
    '/api/tasks/:id',
    { schema: { params: idParamSchema, body: taskInputSchema, response: { 200: taskSchema } } },
    (req) => updateTask(app.db, req.user.id, req.params.id, req.body),
  );

  r.patch(
    '/api/tasks/:id/status',
    { schema: { params: idParamSchema, body: taskStatusBodySchema, response: { 200: taskSchema } } },
    (req) => moveTask(app.db, req.user.id, req.params.id, req.body.status),
  );

  r.delete('/api/tasks/:id', { schema: { params: idParamSchema } }, async (req, reply) => {
    await deleteTask(app.db, req.user.id, req.params.id);
    return reply.code(204).send();
  });
}

export async function taskCategoriesRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/task-categories', { schema: { response: { 200: categoryListSchema } } }, async (req) => ({
    items: await listCategories(app.db, req.user.id),
  }));

  r.post(
    '/api/task-categories',
    { schema: { body: categoryInputSchema, response: { 201: categorySchema } } },
    async (req, reply) => reply.code(201).send(await createCategory(app.db, req.user.id, req.body)),
  );

  r.patch(
    '/api/task-categories/:id',
    { schema: { params: idParamSchema, body: categoryPatchSchema, response: { 200: categorySchema } } },
    (req) => updateCategory(app.db, req.user.id, req.params.id, req.body),
  );

  r.delete('/api/task-categories/:id', { schema: { params: idParamSchema } }, async (req, reply) => {
    await deleteCategory(app.db, req.user.id, req.params.id);
    return reply.code(204).send();
  });
}
