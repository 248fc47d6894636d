import { del, get, post, put } from './api-route';
import {
  emailAccountCreateSchema,
  emailAccountInputSchema,
  emailAccountListSchema,
  emailAccountSchema,
} from './email-accounts';
import { idParamSchema } from './http';

const params = idParamSchema;

/** The email accounts' routes (see api-route.ts): each account with its servers, passwords only masked. */
export const emailAccountsApi = {
  list: get('/api/email-accounts', { response: emailAccountListSchema }),
  create: post('/api/email-accounts', { body: emailAccountCreateSchema, response: emailAccountSchema, status: 201 }),
  update: put('/api/email-accounts/:id', { params, body: emailAccountInputSchema, response: emailAccountSchema }),
  remove: del('/api/email-accounts/:id', { params, status: 204 }),
};
