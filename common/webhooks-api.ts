import { del, get, patch, post } from './api-route';
import { emptyBodySchema, idParamSchema, pageQuerySchema } from './http';
import {
  createdWebhookEndpointSchema,
  webhookDeliveryPageSchema,
  webhookEndpointInputSchema,
  webhookEndpointSchema,
  webhookEndpointUpdateSchema,
} from './webhooks';
import { z } from 'zod';

/** The webhooks area's routes (see api-route.ts): a workspace's endpoints, managed by its Owner and Admins. */
export const webhooksApi = {
  list: get('/api/webhooks', { response: z.array(webhookEndpointSchema) }),
  create: post('/api/webhooks', {
    body: webhookEndpointInputSchema,
    response: createdWebhookEndpointSchema,
    status: 201,
  }),
  update: patch('/api/webhooks/:id', {
    params: idParamSchema,
    body: webhookEndpointUpdateSchema,
    response: webhookEndpointSchema,
  }),
  remove: del('/api/webhooks/:id', { params: idParamSchema, status: 204 }),
  deliveries: get('/api/webhooks/:id/deliveries', {
    params: idParamSchema,
    query: pageQuerySchema,
    response: webhookDeliveryPageSchema,
  }),
  test: post('/api/webhooks/:id/test', { params: idParamSchema, body: emptyBodySchema, status: 202 }),
};
