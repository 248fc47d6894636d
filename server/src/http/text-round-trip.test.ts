import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, signUp, type TestApp, type UserClient } from '../test/test-app';

// Issue 14: markup, quotes and emoji in a name are text. They are stored and answered exactly as sent (the web
// app renders them as text; e2e/xss.spec.ts shows no script runs from them).

let t: TestApp;
let user: UserClient;
let pipelineId: string;
beforeAll(async () => {
  t = await buildTestApp();
  user = await signUp(t.app, 'writer');
  pipelineId = (await user.post('/api/pipelines', { name: 'Sales' })).json<{ id: string }>().id;
});
afterAll(() => t?.close());

const trickyNames = [
  '<script>window.__xss=1</script>',
  '<img src=x onerror="window.__xss=1">',
  `"Double" and 'single' quotes, a back\\slash & an ampersand`,
  '😀 Emoji 👩‍👩‍👧‍👦 and 🏳️‍🌈, é and e\u0301',
  '\u202eright-to-left override',
  "'; drop table contacts; --",
  '{{constructor.constructor("return 1")()}} ${1+1}',
  '&lt;b&gt;already escaped&lt;/b&gt;',
];

async function created(res: ReturnType<UserClient['post']>): Promise<string> {
  const answer = await res;
  expect(answer.statusCode, answer.body).toBe(201);
  return answer.json<{ id: string }>().id;
}

/** Saves `name` as a contact, a task, a deal and a form's label, and reads each back. */
async function roundTrip(name: string) {
  const contactId = await created(user.post('/api/contacts', { name }));
  expect((await user.get(`/api/contacts/${contactId}`)).json()).toMatchObject({ name });

  const taskId = await created(user.post('/api/tasks', { name }));
  expect((await user.get(`/api/tasks/${taskId}`)).json()).toMatchObject({ name });

  const dealId = await created(user.post('/api/deals', { name, pipelineId, stage: 'Lead' }));
  expect((await user.get(`/api/deals/${dealId}`)).json()).toMatchObject({ name });

  const fieldId = randomUUID();
  const formId = await created(
    user.post('/api/forms', { name, fields: [{ id: fieldId, type: 'text', label: name, required: false }] }),
  );
  const form = (await user.get(`/api/forms/${formId}`)).json<{ name: string; fields: Array<{ label: string }> }>();
  expect(form.name).toBe(name);
  expect(form.fields[0]!.label).toBe(name);
  const visitorView = await t.app.inject({ method: 'GET', url: `/api/public/forms/${formId}` });
  expect(visitorView.json<{ fields: Array<{ label: string }> }>().fields[0]!.label).toBe(name);
}

describe('text round-trips exactly', () => {
  it.each(trickyNames)('%s', (name) => roundTrip(name));

  it('any trimmed Unicode name of up to 200 characters', async () => {
    const name = fc
      .string({ unit: 'grapheme', minLength: 1, maxLength: 60 })
      .filter((s) => s.trim() === s && s.length > 0 && s.length <= 200 && !s.includes('\u0000'));
    await fc.assert(fc.asyncProperty(name, roundTrip), { seed: 14, numRuns: 25 });
  });
});
