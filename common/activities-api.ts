import {
  activityInputSchema,
  activityPageSchema,
  activitySchema,
  dealActivitiesParamsSchema,
  dealActivityParamsSchema,
} from './activities';
import { del, get, post } from './api-route';
import { pageQuerySchema } from './http';

/** The activities area's routes (see api-route.ts): a deal's own. */
export const activitiesApi = {
  list: get('/api/deals/:dealId/activities', {
    params: dealActivitiesParamsSchema,
    query: pageQuerySchema,
    response: activityPageSchema,
  }),
  create: post('/api/deals/:dealId/activities', {
    params: dealActivitiesParamsSchema,
    body: activityInputSchema,
    response: activitySchema,
    status: 201,
  }),
  complete: post('/api/deals/:dealId/activities/:id/complete', {
    params: dealActivityParamsSchema,
    response: activitySchema,
  }),
  remove: del('/api/deals/:dealId/activities/:id', { params: dealActivityParamsSchema, status: 204 }),
};
