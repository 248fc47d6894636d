import type { ApiRoute } from './api-route';

/**
 * The visitor's routes of a form, method and path only: the public form page (and the form widget's iframe)
 * loads no zod (its budget, bench/bundle.ts). Their schemas are in forms-api.ts.
 */
export const formsPublicRoutes = {
  form: { method: 'GET', path: '/api/public/forms/:id' },
  submit: { method: 'POST', path: '/api/public/forms/:id/submissions' },
} as const satisfies Record<string, ApiRoute>;
