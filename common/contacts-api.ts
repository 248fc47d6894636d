import { del, get, patch, post } from './api-route';
import {
  contactDetailSchema,
  contactImportSchema,
  currentContactImportSchema,
  contactInputSchema,
  contactListQuerySchema,
  contactPageSchema,
  contactSchema,
} from './contacts';
import { countSchema, idParamSchema } from './http';

/** The contacts area's routes (see api-route.ts). */
export const contactsApi = {
  list: get('/api/contacts', { query: contactListQuerySchema, response: contactPageSchema }),
  count: get('/api/contacts/count', { response: countSchema }),
  /** A CSV file, which the browser downloads from a link. */
  export: get('/api/contacts/export'),
  /** Multipart: the options' fields, then the CSV file (contacts/import-route.ts); the import runs as a job. */
  import: post('/api/contacts/import', { response: contactImportSchema, status: 202 }),
  currentImport: get('/api/contacts/imports/current', { response: currentContactImportSchema }),
  importStatus: get('/api/contacts/imports/:id', { params: idParamSchema, response: contactImportSchema }),
  /** The rows not imported, as a CSV file the browser downloads from a link. */
  importReport: get('/api/contacts/imports/:id/report', { params: idParamSchema }),
  dismissImport: post('/api/contacts/imports/:id/dismiss', { params: idParamSchema, status: 204 }),
  details: get('/api/contacts/:id/details', { params: idParamSchema, response: contactDetailSchema }),
  one: get('/api/contacts/:id', { params: idParamSchema, response: contactSchema }),
  create: post('/api/contacts', { body: contactInputSchema, response: contactSchema, status: 201 }),
  update: patch('/api/contacts/:id', { params: idParamSchema, body: contactInputSchema, response: contactSchema }),
  remove: del('/api/contacts/:id', { params: idParamSchema, status: 204 }),
};
