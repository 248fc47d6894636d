import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerThenCaptureTemplate } from '@common/chatbot-templates';
import { readRoutes } from '../test/bad-input-reads';
import { makeTargets, none, writeRoutesAt, type Targets } from '../test/bad-input-writes';
import { pathSpellings } from '../test/path-spellings';
import { buildTestApp, type TestApp, type UserClient } from '../test/test-app';

// Whatever a client sends, the answer is a clear 4xx with `{ error }`, never a 500.
// Later areas add their routes to the lists of server/src/test/bad-input-writes.ts and bad-input-reads.ts.

let t: TestApp;
let targets: Targets;
let user: UserClient;
let contactId: string;
let pipelineId: string;
let dealId: string;
let projectId: string;
let taskId: string;
let categoryId: string;
let emailAccountId: string;
let formId: string;
let chatbotId: string;
let knowledgeId: string;
beforeAll(async () => {
  t = await buildTestApp();
  targets = await makeTargets(t);
  ({
    user,
    contactId,
    pipelineId,
    dealId,
    projectId,
    taskId,
    categoryId,
    emailAccountId,
    formId,
    chatbotId,
    knowledgeId,
  } = targets);
});
afterAll(() => t.close());

const writeRoutes = () => writeRoutesAt(targets);

const badBodies: unknown[] = [
  null,
  [],
  'text',
  42,
  true,
  { name: {} },
  { name: [] },
  { name: null },
  { name: 1e308 },
  { name: '😀'.repeat(300) },
  { email: { $ne: '' }, password: { $gt: '' } },
  { name: 'x', email: ['a@b.c'] },
  { constructor: { prototype: { admin: true } } },
  JSON.parse('{"a":'.repeat(200) + '1' + '}'.repeat(200)),
];

describe('bad input never causes a server error', () => {
  it.each(badBodies.map((body) => [JSON.stringify(body).slice(0, 40), body]))(
    'write routes with %s',
    async (_label, body) => {
      for (const [method, url] of writeRoutes()) {
        const res = await t.app.inject({
          method,
          url,
          payload: JSON.stringify(body),
          headers: { cookie: user.cookie, 'content-type': 'application/json' },
        });
        expect(res.statusCode, `${method} ${url}`).toBeLessThan(500);
        if (res.statusCode >= 400) expect(res.json().error, `${method} ${url}`).toBeTypeOf('string');
      }
    },
  );

  it.each(readRoutes)('GET %s', async (url) => {
    const res = await user.get(url);
    expect(res.statusCode).toBeLessThan(500);
  });

  // Each route through an escaped letter (the router decodes it to the route) and one other spelling in turn.
  it('answers every route the same way under other spellings of its path', async () => {
    const routes = [...writeRoutes(), ...readRoutes.map((url) => ['GET', url] as const)];
    const wrong: string[] = [];
    for (const [n, [method, url]] of routes.entries()) {
      const spellings = pathSpellings(url);
      for (const spelled of new Set([spellings[0]!, spellings[1 + (n % (spellings.length - 1))]!])) {
        const res = await t.app.inject({
          method,
          url: spelled,
          headers: { cookie: user.cookie, ...(method === 'GET' ? {} : { 'content-type': 'application/json' }) },
          ...(method === 'GET' ? {} : { payload: JSON.stringify({ name: {} }) }),
        });
        if (res.statusCode >= 500 || (res.statusCode >= 400 && typeof res.json().error !== 'string'))
          wrong.push(`${method} ${spelled} → ${res.statusCode} ${res.body.slice(0, 100)}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('answers deletes of malformed or unknown ids with 404', async () => {
    for (const url of [
      '/api/pipelines/%00',
      `/api/pipelines/${none}`,
      '/api/deals/x',
      `/api/deals/${none}`,
      `/api/deals/${dealId}/activities/%00`,
      `/api/deals/${none}/activities/${none}`,
      '/api/projects/x',
      `/api/projects/${none}`,
      '/api/tasks/%00',
      `/api/tasks/${none}`,
      '/api/task-categories/x',
      `/api/task-categories/${none}`,
      '/api/email-accounts/x',
      `/api/email-accounts/${none}`,
      '/api/forms/x',
      `/api/forms/${none}`,
      '/api/chatbots/x',
      `/api/chatbots/${none}`,
      `/api/chatbots/${none}/knowledge/${knowledgeId}`,
      `/api/chatbots/${chatbotId}/knowledge/%00`,
      `/api/chatbots/${chatbotId}/knowledge/${none}`,
      '/api/email/messages/x',
      `/api/email/messages/${none}`,
      '/api/email/folders/%00',
      `/api/email/folders/${none}`,
    ]) {
      const res = await user.delete(url);
      expect(res.statusCode, url).toBe(404);
    }
  });

  it('leaves the data as it was', async () => {
    const res = await user.get(`/api/contacts/${contactId}`);
    expect(res.json().name).toBe('Target');
    // `{ name: 'x', … }` is a valid form too; no body is a valid submission.
    const form = (await user.get(`/api/forms/${formId}`)).json();
    expect(['Target', 'x']).toContain(form.name);
    expect((await user.get(`/api/forms/${formId}/submissions`)).json().items).toEqual([]);
    const deal = (await user.get(`/api/deals/${dealId}`)).json();
    expect(deal).toMatchObject({ name: 'Target', stage: 'Lead', pipelineId });
    const pipelines: Array<{ id: string; isDefault: boolean }> = (await user.get('/api/pipelines')).json();
    expect(pipelines.map((p) => p.id)).toContain(pipelineId);
    expect(pipelines.filter((p) => p.isDefault)).toHaveLength(1);
    // `{ name: 'x', … }` is a valid body for a project, task or category (unknown keys are dropped).
    const project = (await user.get(`/api/projects/${projectId}`)).json();
    expect(['Target', 'x']).toContain(project.name);
    const task = (await user.get(`/api/tasks/${taskId}`)).json();
    expect(['Target', 'x']).toContain(task.name);
    const categories: { items: Array<{ id: string }> } = (await user.get('/api/task-categories')).json();
    expect(categories.items.map((c) => c.id)).toContain(categoryId);
    const mail: { items: Array<{ id: string; email: string }> } = (await user.get('/api/email-accounts')).json();
    expect(mail.items.map((a) => [a.id, a.email])).toEqual([[emailAccountId, 'target@example.com']]);
    // No body above is a valid change of the scheduling settings or the AI configuration.
    const scheduling = (await user.get('/api/scheduling/settings')).json();
    expect(scheduling).toMatchObject({ timeFormat: '24h', minNoticeMinutes: 0, maxAdvanceDays: 90 });
    expect((await user.get('/api/settings/ai')).json()).toEqual({
      provider: null,
      model: null,
      apiKeyMasked: null,
      baseUrl: null,
    });
    // `{ name: 'x', … }` is a valid chatbot (and publishing reads no body); nothing above is a valid draft or
    // knowledge entry.
    const chatbot = (await user.get(`/api/chatbots/${chatbotId}`)).json();
    expect(['Target', 'x']).toContain(chatbot.name);
    expect(chatbot).toMatchObject({ isActive: false, draftFlow: answerThenCaptureTemplate() });
    const knowledge = (await user.get(`/api/chatbots/${chatbotId}/knowledge`)).json();
    expect(knowledge.items.map((e: { id: string; title: string }) => [e.id, e.title])).toEqual([
      [knowledgeId, 'Target'],
    ]);
    // No body above is a valid change of the notification settings.
    const notificationSettings = (await user.get('/api/notifications/settings')).json();
    expect(notificationSettings).toEqual({ formSubmissions: true, bookings: true, overdue: true, assignments: true });
  });
});
