import { del, get, patch, post, put } from './api-route';
import { idParamSchema } from './http';
import {
  categoryInputSchema,
  categoryListSchema,
  categoryPatchSchema,
  categorySchema,
  taskBoardSchema,
  taskFilterSchema,
  taskInputSchema,
  taskListQuerySchema,
  taskPageSchema,
  taskSchema,
  taskStatusBodySchema,
} from './tasks';

/** The tasks area's routes (see api-route.ts). */
export const tasksApi = {
  /** The board for these filters: each status column's first page and count. */
  board: get('/api/tasks/board', { query: taskFilterSchema, response: taskBoardSchema }),
  /** The list view's pages, and a board column's further ones ("Load more"). */
  list: get('/api/tasks', { query: taskListQuerySchema, response: taskPageSchema }),
  one: get('/api/tasks/:id', { params: idParamSchema, response: taskSchema }),
  create: post('/api/tasks', { body: taskInputSchema, response: taskSchema, status: 201 }),
  update: put('/api/tasks/:id', { params: idParamSchema, body: taskInputSchema, response: taskSchema }),
  move: patch('/api/tasks/:id/status', { params: idParamSchema, body: taskStatusBodySchema, response: taskSchema }),
  remove: del('/api/tasks/:id', { params: idParamSchema, status: 204 }),
};

/** The task categories' routes. */
export const taskCategoriesApi = {
  list: get('/api/task-categories', { response: categoryListSchema }),
  create: post('/api/task-categories', { body: categoryInputSchema, response: categorySchema, status: 201 }),
  update: patch('/api/task-categories/:id', {
    params: idParamSchema,
    body: categoryPatchSchema,
    response: categorySchema,
  }),
  remove: del('/api/task-categories/:id', { params: idParamSchema, status: 204 }),
};
