import { del, get, patch, post, put } from './api-route';
import { idParamSchema } from './http';
import {
  projectBoardSchema,
  projectInputSchema,
  projectListQuerySchema,
  projectPageSchema,
  projectSchema,
  projectStatusBodySchema,
} from './projects';

/** The projects area's routes (see api-route.ts). */
export const projectsApi = {
  /** Every status column's first page and count. */
  board: get('/api/projects/board', { response: projectBoardSchema }),
  /** The grid's pages, a board column's further ones, and the task form's project picker (`q`). */
  list: get('/api/projects', { query: projectListQuerySchema, response: projectPageSchema }),
  one: get('/api/projects/:id', { params: idParamSchema, response: projectSchema }),
  create: post('/api/projects', { body: projectInputSchema, response: projectSchema, status: 201 }),
  update: put('/api/projects/:id', { params: idParamSchema, body: projectInputSchema, response: projectSchema }),
  move: patch('/api/projects/:id/status', {
    params: idParamSchema,
    body: projectStatusBodySchema,
    response: projectSchema,
  }),
  remove: del('/api/projects/:id', { params: idParamSchema, status: 204 }),
};
