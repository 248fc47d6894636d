import { del, get, post, put } from './api-route';
import {
  formInputSchema,
  formListQuerySchema,
  formPageSchema,
  formSchema,
  publicFormSchema,
  submissionInputSchema,
  submissionListQuerySchema,
  submissionPageSchema,
  submissionReceiptSchema,
} from './forms';
import { formsPublicRoutes } from './forms-public-routes';
import { idParamSchema } from './http';

const params = idParamSchema;

/** The forms area's routes (see api-route.ts): the owner's forms and submissions, and the visitor's. */
export const formsApi = {
  list: get('/api/forms', { query: formListQuerySchema, response: formPageSchema }),
  one: get('/api/forms/:id', { params, response: formSchema }),
  create: post('/api/forms', { body: formInputSchema, response: formSchema, status: 201 }),
  update: put('/api/forms/:id', { params, body: formInputSchema, response: formSchema }),
  remove: del('/api/forms/:id', { params, status: 204 }),
  submissions: get('/api/forms/:id/submissions', {
    params,
    query: submissionListQuerySchema,
    response: submissionPageSchema,
  }),
  /** A CSV file, which the browser downloads from a link. */
  submissionsCsv: get('/api/forms/:id/submissions.csv', { params }),
  /** The form as a visitor sees it (no session). */
  publicForm: { ...formsPublicRoutes.form, params, response: publicFormSchema },
  /** A visitor's submission: 201 a new one, 200 the one its idempotency key already stored. */
  submit: {
    ...formsPublicRoutes.submit,
    params,
    body: submissionInputSchema,
    response: submissionReceiptSchema,
    status: 201 as const,
    otherResponses: { 200: submissionReceiptSchema },
  },
};
