import { get, post } from './api-route';

/**
 * The visitor's routes of a form, method and path only: the public form page (and the form widget's iframe)
 * loads no zod (its budget, bench/bundle.ts). Their schemas are in forms-api.ts.
 */
export const formsPublicRoutes = {
  form: get('/api/public/forms/:id'),
  submit: post('/api/public/forms/:id/submissions'),
};
