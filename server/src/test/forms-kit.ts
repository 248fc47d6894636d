import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { Form, FormInput } from '@common/forms';
import type { Db } from '../db/client';
import { formSubmissions } from '../db/schema';
import type { UserClient } from './test-app';

// Helpers of the forms tests (the owner's side and the public side).

/** Field ids the tests refer to by name. */
export const ids = {
  name: randomUUID(),
  email: randomUUID(),
  phone: randomUUID(),
  company: randomUUID(),
  website: randomUUID(),
  budget: randomUUID(),
  code: randomUUID(),
  homepage: randomUUID(),
  mail: randomUUID(),
  plan: randomUUID(),
  size: randomUUID(),
  extras: randomUUID(),
  notes: randomUUID(),
};

/** A form with one field of every type, and a text field for each text validation. */
export const leadForm = (extra: Partial<FormInput> = {}): FormInput => ({
  name: 'Contact us',
  description: 'Tell us about your project',
  fields: [
    { id: ids.name, type: 'name', label: 'Full Name', required: true },
    { id: ids.email, type: 'email', label: 'Email', required: true },
    { id: ids.phone, type: 'phone', label: 'Phone', required: false },
    { id: ids.company, type: 'company', label: 'Company', required: false },
    { id: ids.website, type: 'website', label: 'Website', required: false },
    { id: ids.budget, type: 'text', label: 'Budget', required: false, validation: 'numeric' },
    { id: ids.code, type: 'text', label: 'Code', required: false, validation: 'alphanumeric' },
    { id: ids.homepage, type: 'text', label: 'Homepage', required: false, validation: 'website' },
    { id: ids.mail, type: 'text', label: 'Other e-mail', required: false, validation: 'email' },
    { id: ids.plan, type: 'select', label: 'Plan', required: false, options: ['Basic', 'Pro'] },
    { id: ids.size, type: 'radio', label: 'Team size', required: false, options: ['1-10', '11+'] },
    { id: ids.extras, type: 'checkbox', label: 'Extras', required: false, options: ['Support', 'Training', 'API'] },
    { id: ids.notes, type: 'textarea', label: 'Comments', required: false },
  ],
  ...extra,
});

export const put = (app: FastifyInstance, user: UserClient, url: string, body: unknown) =>
  app.inject({ method: 'PUT', url, headers: { cookie: user.cookie }, payload: body as object });

export async function createForm(user: UserClient, input: FormInput = leadForm()): Promise<Form> {
  const res = await user.post('/api/forms', input);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Form>();
}

/** A visitor's valid answers to leadForm. */
export const validValues = (extra: Record<string, unknown> = {}) => ({
  [ids.name]: 'Vera Visitor',
  [ids.email]: 'vera@example.com',
  ...extra,
});

export const submission = (values: Record<string, unknown> = validValues(), extra: Record<string, unknown> = {}) => ({
  values,
  idempotencyKey: randomUUID(),
  ...extra,
});

export const submit = (
  app: FastifyInstance,
  formId: string,
  body: unknown,
  remoteAddress = '127.0.0.1',
): Promise<LightMyRequestResponse> =>
  app.inject({
    method: 'POST',
    url: `/api/public/forms/${formId}/submissions`,
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify(body),
    remoteAddress,
  });

export const submissionRows = (db: Db, formId: string) =>
  db.select().from(formSubmissions).where(eq(formSubmissions.formId, formId));
