import { del, get, patch, post } from './api-route';
import {
  boardQuerySchema,
  boardSchema,
  dealColumnQuerySchema,
  dealDetailSchema,
  dealInputSchema,
  dealPageSchema,
  dealStageSchema,
} from './deals';
import { idParamSchema } from './http';
import { dealOptionsSchema, optionsQuerySchema } from './tasks';

/** The deals area's routes (see api-route.ts). */
export const dealsApi = {
  /** A pipeline's whole board: each column's first page, count and total. */
  board: get('/api/deals/board', { query: boardQuerySchema, response: boardSchema }),
  /** A column's further pages ("Load more"). */
  column: get('/api/deals', { query: dealColumnQuerySchema, response: dealPageSchema }),
  /** The task form's deal picker. */
  options: get('/api/deals/options', { query: optionsQuerySchema, response: dealOptionsSchema }),
  one: get('/api/deals/:id', { params: idParamSchema, response: dealDetailSchema }),
  create: post('/api/deals', { body: dealInputSchema, response: dealDetailSchema, status: 201 }),
  update: patch('/api/deals/:id', { params: idParamSchema, body: dealInputSchema, response: dealDetailSchema }),
  move: patch('/api/deals/:id/stage', { params: idParamSchema, body: dealStageSchema, response: dealDetailSchema }),
  remove: del('/api/deals/:id', { params: idParamSchema, status: 204 }),
};
