import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerThenCaptureTemplate } from '@common/chatbot-templates';
import { chatbotFlows } from '../db/schema';
import { pathSpellings } from '../test/path-spellings';
import { buildTestApp, signUp, type TestApp, type UserClient } from '../test/test-app';

// Whatever a client sends, the answer is a clear 4xx with `{ error }`, never a 500.
// Later areas add their routes to this list.

let t: TestApp;
let user: UserClient;
let contactId: string;
let pipelineId: string;
let dealId: string;
let activityId: string;
let projectId: string;
let taskId: string;
let categoryId: string;
let emailAccountId: string;
let formId: string;
let chatbotId: string;
/** A bot made live in the database (the visitor's routes), beside the owner's bot made over the API. */
let liveBotId: string;
let conversationId: string;
let knowledgeId: string;
const none = '00000000-0000-0000-0000-000000000000';
beforeAll(async () => {
  t = await buildTestApp();
  user = await signUp(t.app, 'fuzz');
  contactId = (await user.post('/api/contacts', { name: 'Target' })).json().id;
  pipelineId = (await user.post('/api/pipelines', { name: 'Target' })).json().id;
  dealId = (await user.post('/api/deals', { name: 'Target', pipelineId, stage: 'Lead' })).json().id;
  activityId = (
    await user.post(`/api/deals/${dealId}/activities`, {
      activityType: 'call',
      description: 'Target',
      dueDate: '2030-01-01T10:00:00Z',
    })
  ).json().id;
  projectId = (await user.post('/api/projects', { name: 'Target' })).json().id;
  categoryId = (await user.post('/api/task-categories', { name: 'Target' })).json().id;
  taskId = (await user.post('/api/tasks', { name: 'Target', projectId, categoryId })).json().id;
  const mailServer = { host: 'mail.example.com', port: 995, username: 'target', password: 'target-password' };
  emailAccountId = (
    await user.post('/api/email-accounts', { email: 'target@example.com', pop3: mailServer, smtp: mailServer })
  ).json().id;
  formId = (
    await user.post('/api/forms', {
      name: 'Target',
      fields: [{ id: '6f1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d', type: 'name', label: 'Full Name', required: true }],
    })
  ).json().id;
  const flow = answerThenCaptureTemplate();
  const [bot] = await t.database.db
    .insert(chatbotFlows)
    .values({ userId: user.id, name: 'Target', isActive: true, draftFlow: flow, publishedFlow: flow })
    .returning({ id: chatbotFlows.id });
  liveBotId = bot!.id;
  conversationId = (
    await t.app.inject({ method: 'POST', url: `/api/public/chatbots/${liveBotId}/conversations`, payload: {} })
  ).json().conversationId;
  chatbotId = (await user.post('/api/chatbots', { name: 'Target' })).json().id;
  knowledgeId = (
    await user.post(`/api/chatbots/${chatbotId}/knowledge`, { kind: 'qa', title: 'Target', body: 'Target' })
  ).json().id;
});
afterAll(() => t.close());

const writeRoutes = () =>
  [
    ['POST', '/api/auth/sign-up'],
    ['POST', '/api/auth/sign-in'],
    ['POST', '/api/auth/sign-out'],
    ['POST', '/api/auth/change-password'],
    ['POST', '/api/auth/sign-out-others'],
    ['POST', '/api/contacts'],
    ['PATCH', `/api/contacts/${contactId}`],
    ['PATCH', '/api/contacts/00000000-0000-0000-0000-000000000000'],
    ['POST', '/api/contacts/import'],
    ['POST', '/api/pipelines'],
    ['PATCH', `/api/pipelines/${pipelineId}`],
    ['PATCH', `/api/pipelines/${none}`],
    ['POST', `/api/pipelines/${pipelineId}/default`],
    ['POST', `/api/pipelines/${pipelineId}/stages`],
    ['POST', `/api/pipelines/${pipelineId}/stages/remove`],
    ['POST', `/api/pipelines/${pipelineId}/stages/rename`],
    ['PUT', `/api/pipelines/${pipelineId}/stages`],
    ['PUT', `/api/pipelines/${none}/stages`],
    ['POST', '/api/deals'],
    ['PATCH', `/api/deals/${dealId}`],
    ['PATCH', `/api/deals/${none}`],
    ['PATCH', `/api/deals/${dealId}/stage`],
    ['POST', `/api/deals/${dealId}/activities`],
    ['POST', `/api/deals/${none}/activities`],
    ['POST', `/api/deals/${dealId}/activities/${activityId}/complete`],
    ['POST', '/api/projects'],
    ['PUT', `/api/projects/${projectId}`],
    ['PUT', `/api/projects/${none}`],
    ['PATCH', `/api/projects/${projectId}/status`],
    ['POST', '/api/tasks'],
    ['PUT', `/api/tasks/${taskId}`],
    ['PUT', `/api/tasks/${none}`],
    ['PATCH', `/api/tasks/${taskId}/status`],
    ['POST', '/api/task-categories'],
    ['PATCH', `/api/task-categories/${categoryId}`],
    ['PATCH', `/api/task-categories/${none}`],
    ['PUT', '/api/calendar/integration'],
    ['POST', '/api/calendar/integration/token'],
    ['PATCH', '/api/profile'],
    ['POST', '/api/profile/avatar'],
    ['DELETE', '/api/profile/avatar'],
    ['PUT', '/api/profile/availability/1'],
    ['PUT', '/api/profile/availability/7'],
    ['PUT', '/api/profile/availability/x'],
    ['PUT', '/api/profile/availability/'],
    ['POST', '/api/email-accounts'],
    ['PUT', `/api/email-accounts/${emailAccountId}`],
    ['PUT', `/api/email-accounts/${none}`],
    ['PATCH', '/api/scheduling/settings'],
    ['PUT', '/api/settings/ai'],
    ['POST', `/api/public/booking/${user.id}`],
    ['POST', `/api/public/booking/${none}`],
    ['POST', '/api/public/booking/x'],
    ['POST', `/api/bookings/${none}/cancel`],
    ['POST', '/api/bookings/x/cancel'],
    ['POST', '/api/forms'],
    ['PUT', `/api/forms/${formId}`],
    ['PUT', `/api/forms/${none}`],
    ['PUT', '/api/forms/x'],
    ['POST', `/api/public/forms/${formId}/submissions`],
    ['POST', `/api/public/forms/${none}/submissions`],
    ['POST', '/api/public/forms/x/submissions'],
    ['POST', `/api/public/chatbots/${liveBotId}/conversations`],
    ['POST', `/api/public/chatbots/${none}/conversations`],
    ['POST', '/api/public/chatbots/x/conversations'],
    ['POST', `/api/public/chatbots/${liveBotId}/conversations/${conversationId}/turns`],
    ['POST', `/api/public/chatbots/${liveBotId}/conversations/${none}/turns`],
    ['POST', '/api/public/chatbots/x/conversations/%00/turns'],
    ['POST', '/api/chatbots'],
    ['PATCH', `/api/chatbots/${chatbotId}`],
    ['PATCH', `/api/chatbots/${none}`],
    ['PATCH', '/api/chatbots/x'],
    ['POST', `/api/chatbots/${chatbotId}/publish`],
    ['POST', '/api/chatbots/%00/publish'],
    ['POST', `/api/chatbots/${chatbotId}/knowledge`],
    ['POST', `/api/chatbots/${none}/knowledge`],
    ['PATCH', `/api/chatbots/${chatbotId}/knowledge/${knowledgeId}`],
    ['PATCH', `/api/chatbots/${chatbotId}/knowledge/${none}`],
    ['PATCH', `/api/chatbots/${none}/knowledge/${knowledgeId}`],
    ['PATCH', `/api/chatbots/${chatbotId}/knowledge/x`],
    ['POST', `/api/notifications/${none}/read`],
    ['POST', '/api/notifications/x/read'],
    ['POST', '/api/notifications/%00/read'],
    ['POST', '/api/notifications/read-all'],
    ['PUT', '/api/notifications/settings'],
    ['PATCH', `/api/email/messages/${none}`],
    ['PATCH', '/api/email/messages/x'],
    ['POST', '/api/email/folders'],
    ['PUT', `/api/email/folders/${none}`],
    ['PUT', '/api/email/folders/%00'],
    ['POST', '/api/email/check'],
    ['POST', '/api/email/send'],
  ] as const;

const readRoutes = [
  '/api/contacts?limit=-1',
  '/api/contacts?limit=abc&cursor=1e99',
  '/api/contacts?limit=1&limit=2',
  '/api/contacts?cursor=%00',
  '/api/contacts?cursor=a.b.c',
  '/api/contacts?cursor[x]=1',
  '/api/contacts?cursor=W251bGwsIngiXQ.AAAAAAAAAAAAAAAAAAAAAAAAAAA',
  '/api/contacts?q[a]=1',
  `/api/contacts?q=${'%25_'.repeat(60)}`,
  '/api/contacts?q=%00',
  '/api/contacts/count?x=%00',
  '/api/contacts?sort=size&dir=sideways',
  '/api/contacts?sort[]=name&dir[x]=asc',
  '/api/contacts?sort=email&dir=desc&cursor=W251bGwsIngiXQ.AAAAAAAAAAAAAAAAAAAAAAAAAAA',
  '/api/contacts?sort=phone&q=%00',
  '/api/contacts/export?x=%00',
  '/api/contacts/%00/details',
  '/api/contacts/not-a-uuid/details',
  `/api/contacts/${none}/details`,
  '/api/pipelines?x=%00',
  '/api/deals/board',
  '/api/deals/board?pipelineId=nope',
  '/api/deals/board?pipelineId=00000000-0000-0000-0000-000000000000',
  '/api/deals/board?pipelineId[]=1',
  '/api/deals',
  '/api/deals?pipelineId=00000000-0000-0000-0000-000000000000&stage=Lead&cursor=a.b',
  '/api/deals?pipelineId=00000000-0000-0000-0000-000000000000&stage=%00',
  `/api/deals?pipelineId=00000000-0000-0000-0000-000000000000&stage=${'x'.repeat(100)}`,
  '/api/deals?pipelineId=00000000-0000-0000-0000-000000000000&stage=Lead&cursor=W251bGwsIngiXQ.AAAAAAAAAAAAAAAAAAAAAAAAAAA',
  '/api/deals/%00',
  '/api/deals/00000000-0000-0000-0000-000000000000',
  '/api/deals/not-a-uuid/activities',
  '/api/deals/00000000-0000-0000-0000-000000000000/activities?limit=0',
  '/api/deals/00000000-0000-0000-0000-000000000000/activities?cursor=a.b.c',
  '/api/contacts/%00',
  `/api/contacts/${'a'.repeat(5000)}`,
  '/api/me?x[y][z]=1',
  '/api/deals/options?q[a]=1',
  `/api/deals/options?q=${'%25_'.repeat(60)}`,
  '/api/projects/board?x=%00',
  '/api/projects?status=Archived',
  '/api/projects?status[]=Review',
  '/api/projects?cursor=a.b.c',
  '/api/projects?status=Review&cursor=W251bGwsIngiXQ.AAAAAAAAAAAAAAAAAAAAAAAAAAA',
  '/api/projects?q[a]=1',
  `/api/projects?q=${'%25_'.repeat(60)}`,
  '/api/projects/%00',
  '/api/projects/00000000-0000-0000-0000-000000000000',
  '/api/tasks/board?due=soon',
  '/api/tasks/board?due=today&tz=Mars/Olympus',
  '/api/tasks/board?tz[]=UTC',
  `/api/tasks/board?due=week&tz=${'A'.repeat(101)}`,
  '/api/tasks/board?categoryId=x&projectId=y&dealId=z',
  '/api/tasks?status=Done&status=To%20Do',
  '/api/tasks?limit=0&cursor=a.b',
  '/api/tasks?cursor=W251bGwsIngiXQ.AAAAAAAAAAAAAAAAAAAAAAAAAAA',
  `/api/tasks?q=${'%25_'.repeat(60)}&due=today&tz=Pacific/Kiritimati`,
  '/api/tasks?q=%00',
  '/api/tasks/%00',
  '/api/tasks/00000000-0000-0000-0000-000000000000',
  '/api/task-categories?x[y]=1',
  '/api/chatbots?limit=0',
  '/api/chatbots?limit=abc&cursor=1e99',
  '/api/chatbots?cursor=a.b.c',
  '/api/chatbots?cursor[x]=1',
  '/api/chatbots?cursor=%00',
  '/api/chatbots?cursor=W251bGwsIngiXQ.AAAAAAAAAAAAAAAAAAAAAAAAAAA',
  '/api/chatbots/%00',
  '/api/chatbots/x',
  '/api/chatbots/00000000-0000-0000-0000-000000000000',
  '/api/chatbots/00000000-0000-0000-0000-000000000000/knowledge',
  '/api/chatbots/x/knowledge?limit=0',
  '/api/chatbots/00000000-0000-0000-0000-000000000000/knowledge?cursor=a.b.c',
  '/api/chatbots/00000000-0000-0000-0000-000000000000/conversations',
  '/api/chatbots/00000000-0000-0000-0000-000000000000/conversations?q=%00',
  '/api/chatbots/00000000-0000-0000-0000-000000000000/conversations?q[a]=1&limit=abc',
  `/api/chatbots/00000000-0000-0000-0000-000000000000/conversations?q=${'%25_%5C'.repeat(33)}`,
  '/api/chatbots/00000000-0000-0000-0000-000000000000/conversations?cursor=W251bGwsIngiXQ.AAAAAAAAAAAAAAAAAAAAAAAAAAA',
  '/api/chatbots/x/conversations/y',
  '/api/chatbots/00000000-0000-0000-0000-000000000000/conversations/00000000-0000-0000-0000-000000000000',
  '/api/calendar',
  '/api/calendar?from=%00&to=2030-01-02T00:00:00Z',
  '/api/calendar?from[]=1&to[]=2',
  '/api/calendar?from=2030-01-01T00:00:00Z&to=2030-01-01T00:00:00Z',
  '/api/calendar?from=0000-01-01T00:00:00Z&to=0000-01-02T00:00:00Z',
  `/api/calendar?from=${'9'.repeat(5000)}&to=x`,
  '/api/calendar/integration?x=%00',
  '/api/email-accounts?x[y]=%00',
  '/api/calendar/feed/%00.ics',
  '/api/calendar/feed/x.ics',
  `/api/calendar/feed/${'a'.repeat(43)}.ics`,
  '/api/profile/availability?x=%00',
  '/api/avatars/%00',
  '/api/avatars/x?v[]=1',
  `/api/avatars/${none}?v=${'a'.repeat(5000)}`,
  `/api/avatars/${none}?v=%00`,
  '/api/scheduling/settings?timezone=%00',
  '/api/scheduling/settings?timezone[x]=1',
  '/api/scheduling/settings?timezone=UTC&timezone=Europe/Paris',
  `/api/scheduling/settings?timezone=${'A'.repeat(5000)}`,
  '/api/settings/ai?x=%00',
  '/api/bookings?limit=0',
  '/api/bookings?cursor=a.b.c',
  '/api/bookings?cursor=W251bGwsIngiXQ.AAAAAAAAAAAAAAAAAAAAAAAAAAA',
  '/api/bookings/%00',
  '/api/bookings/00000000-0000-0000-0000-000000000000',
  '/api/public/booking/%00',
  '/api/public/booking/00000000-0000-0000-0000-000000000000?tz=%00',
  `/api/public/booking/00000000-0000-0000-0000-000000000000?tz=${'A'.repeat(5000)}`,
  '/api/public/booking/00000000-0000-0000-0000-000000000000?tz[]=UTC',
  '/api/public/booking/x/slots?date=%00&tz=UTC',
  '/api/public/booking/00000000-0000-0000-0000-000000000000/slots?date=0000-01-01&tz=UTC',
  '/api/public/booking/00000000-0000-0000-0000-000000000000/slots?date=9999-12-31&tz=Pacific/Kiritimati',
  '/api/public/booking/00000000-0000-0000-0000-000000000000/slots?date[]=1&tz=UTC&tz=UTC',
  '/api/dashboard?tz=Mars/Olympus',
  '/api/dashboard?tz[]=UTC',
  '/api/dashboard?tz=UTC&tz=Europe/Paris',
  `/api/dashboard?tz=${'A'.repeat(5000)}`,
  '/api/dashboard?tz=%00',
  '/api/dashboard?tz=',
  '/api/forms?limit=0',
  '/api/forms?limit=abc&cursor=1e99',
  '/api/forms?cursor=a.b.c',
  '/api/forms?cursor[x]=1',
  '/api/forms?cursor=W251bGwsIngiXQ.AAAAAAAAAAAAAAAAAAAAAAAAAAA',
  '/api/forms/%00',
  '/api/forms/00000000-0000-0000-0000-000000000000',
  '/api/forms/x/submissions',
  '/api/forms/00000000-0000-0000-0000-000000000000/submissions?limit=0',
  '/api/forms/00000000-0000-0000-0000-000000000000/submissions?cursor=a.b.c',
  '/api/forms/%00/submissions.csv',
  '/api/forms/00000000-0000-0000-0000-000000000000/submissions.csv',
  '/api/public/forms/%00',
  '/api/public/forms/x',
  '/api/public/forms/00000000-0000-0000-0000-000000000000?x[y]=1',
  '/api/public/chatbots/%00',
  '/api/public/chatbots/x',
  '/api/public/chatbots/00000000-0000-0000-0000-000000000000?x[y]=1',
  '/api/public/chatbots/00000000-0000-0000-0000-000000000000/conversations/00000000-0000-0000-0000-000000000000',
  '/api/public/chatbots/x/conversations/%00',
  '/api/notifications?limit=0',
  '/api/notifications?limit=abc&cursor=1e99',
  '/api/notifications?cursor=a.b.c',
  '/api/notifications?cursor[x]=1',
  '/api/notifications?cursor=%00',
  '/api/notifications?cursor=W251bGwsIngiXQ.AAAAAAAAAAAAAAAAAAAAAAAAAAA',
  '/api/notifications/unread?x[y]=%00',
  '/api/notifications/settings?x=%00',
  '/api/notifications/%00',
  '/api/search',
  '/api/search?q=',
  '/api/search?q=%00',
  '/api/search?q[a]=1',
  '/api/search?q=a&q=b',
  `/api/search?q=${'x'.repeat(5000)}`,
  `/api/search?q=${'%25_%5C'.repeat(33)}`,
  '/api/search?q=%27%22%3B%20drop%20table%20contacts%3B--',
  '/api/search?q=%ED%A0%80%F0%9F%8E%89%E2%80%AE',
  '/api/search?q=%FF%FE',
  '/api/email/messages?folder=archive',
  '/api/email/messages?folder[]=inbox',
  '/api/email/messages?folder=inbox&customFolderId=00000000-0000-0000-0000-000000000000',
  '/api/email/messages?customFolderId=x',
  '/api/email/messages?customFolderId=00000000-0000-0000-0000-000000000000',
  '/api/email/messages?limit=0&cursor=a.b',
  '/api/email/messages?folder=starred&cursor=W251bGwsIngiXQ.AAAAAAAAAAAAAAAAAAAAAAAAAAA',
  `/api/email/messages?q=${'%25_%5C'.repeat(33)}`,
  '/api/email/messages?q=%00',
  '/api/email/messages/%00',
  '/api/email/messages/00000000-0000-0000-0000-000000000000',
  '/api/email/messages/x/attachments/y',
  '/api/email/messages/00000000-0000-0000-0000-000000000000/attachments/00000000-0000-0000-0000-000000000000',
  '/api/email/unread?x[y]=%00',
  '/api/email/folders?x=%00',
  '/api/contacts/x/emails',
  '/api/contacts/00000000-0000-0000-0000-000000000000/emails?limit=0',
  '/api/contacts/00000000-0000-0000-0000-000000000000/emails?cursor=a.b.c',
  '/api/deals/%00/emails',
  '/api/deals/00000000-0000-0000-0000-000000000000/emails?cursor=W251bGwsIngiXQ.AAAAAAAAAAAAAAAAAAAAAAAAAAA',
];

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
    expect(notificationSettings).toEqual({ formSubmissions: true, bookings: true, overdue: true });
  });
});
