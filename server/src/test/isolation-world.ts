import { randomUUID } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { seedConversation } from './chatbot-conversations';
import { caldavConnections, calendarBusyTimes } from '../db/schema';
import { storeIncoming } from '../modules/email/store';
import { finishImports } from './contact-import-kit';
import { send, type Call } from './isolation-requests';
import { signUp, type UserClient } from './test-app';
import { makeWorkspaceWorld, type WorkspaceWorld } from './isolation-world-workspace';

// The isolation matrix's world (isolation-matrix.test.ts): user A's records, made through the API as A, and user B
// beside them.

/** Every name A gives a record carries it, so a leak shows in any body B gets back. */
export const MARKER = 'Zanzibarq';

/**
 * A's CalDAV account, stored as saved: at a closed loopback port, so a call that uses it fails at once (refused), and
 * never reaches a calendar.
 */
export const caldavOfA = { serverUrl: `http://127.0.0.1:1/${MARKER}/`, username: `${MARKER}-ann` };
export const caldavCalendarOfA = `${caldavOfA.serverUrl}ann/${MARKER}/`;

/** A's records, by the names the cases use. */
export interface World extends WorkspaceWorld {
  app: FastifyInstance;
  a: UserClient;
  b: UserClient;
  contactId: string;
  /** A's finished contact import, with a row refused and a duplicate skipped in its report. */
  contactImportId: string;
  /** A's webhook endpoint (never called: no delivery worker runs in these tests). */
  webhookId: string;
  pipelineId: string;
  dealId: string;
  activityId: string;
  projectId: string;
  categoryId: string;
  taskId: string;
  emailAccountId: string;
  /** A's stored message (from A's contact, in A's custom folder) and its attachment. */
  emailMessageId: string;
  emailAttachmentId: string;
  emailFolderId: string;
  formId: string;
  fieldId: string;
  bookingId: string;
  notificationId: string;
  feedToken: string;
  /** The stages of A's pipeline, in order. */
  stages: string[];
  /** B's own pipeline, for the calls that need one of B's to reach A's. */
  bPipelineId: string;
  /** A's published chatbot, a knowledge entry of it and a visitor's conversation with it. */
  chatbotId: string;
  knowledgeId: string;
  conversationId: string;
  /** A's bot that is on, for the visitor's routes: a conversation a visitor started with it and its token. */
  liveBotId: string;
  chatConversationId: string;
  chatToken: string;
  /** B's own chatbot, for the calls that name A's entry or conversation under one of B's bots. */
  bChatbotId: string;
  /** A's API key and its secret. */
  apiKeyId: string;
  apiKeySecret: string;
}

type Items<T = object> = { items: Array<T & { id: string }> };

/** A's ids, A's secret feed token and A's invitation's link: what no one outside A's workspace may learn. */
export function worldSecrets(w: World): string[] {
  return [
    w.a.id,
    w.contactId,
    w.contactImportId,
    w.pipelineId,
    w.dealId,
    w.activityId,
    w.projectId,
    w.categoryId,
    w.taskId,
    w.emailAccountId,
    w.emailMessageId,
    w.emailAttachmentId,
    w.emailFolderId,
    w.formId,
    w.bookingId,
    w.notificationId,
    w.feedToken,
    w.chatbotId,
    w.knowledgeId,
    w.conversationId,
    w.chatConversationId,
    w.workspaceId,
    w.invitationId,
    w.invitationToken,
    w.apiKeyId,
    w.apiKeySecret,
  ];
}

async function created(res: Promise<LightMyRequestResponse>): Promise<string> {
  const answer = await res;
  expect(answer.statusCode, answer.body).toBeLessThan(300);
  return answer.json<{ id: string }>().id;
}

/** An address the isolation app may not reach (private hosts are not allowed there): a check or send fails at once. */
export const mailServer = (username: string) => ({
  host: '127.0.0.1',
  port: 995,
  username,
  password: 'a-password-1',
});

/** A with one record of every kind, and a booking page open every day; B signed up beside them. */
export async function makeWorld(app: FastifyInstance): Promise<World> {
  const a = await signUp(app, 'ann');
  const b = await signUp(app, 'bob');
  const as = (call: Call) => send(app, a.cookie, call);
  expect((await a.patch('/api/profile', { name: `${MARKER} Ann` })).statusCode).toBe(200);
  for (let day = 0; day < 7; day++) {
    const res = await as({
      method: 'PUT',
      url: `/api/profile/availability/${day}`,
      body: { isAvailable: true, startTime: '00:00', endTime: '23:30' },
    });
    expect(res.statusCode, res.body).toBe(200);
  }
  expect((await a.patch('/api/scheduling/settings', { timezone: 'UTC' })).statusCode).toBe(200);
  for (const call of [
    { method: 'PUT', url: '/api/settings/ai', body: { provider: 'openai', model: 'gpt-4', apiKey: 'sk-ann-key' } },
    {
      method: 'PUT',
      url: '/api/calendar/integration',
      body: { googleClientId: `${MARKER}-client`, googleClientSecret: 'ann-secret' },
    },
    {
      method: 'PUT',
      url: '/api/notifications/settings',
      body: { formSubmissions: true, bookings: true, overdue: true, assignments: true },
    },
  ] as const) {
    const res = await as(call);
    expect(res.statusCode, res.body).toBe(200);
  }

  const contactId = await created(a.post('/api/contacts', { name: `${MARKER} contact`, email: 'zc@example.com' }));
  const imported = await as({
    method: 'POST',
    url: '/api/contacts/import',
    parts: [
      { name: 'mapping', bytes: JSON.stringify({ name: 0, email: 1 }) },
      { name: 'duplicates', bytes: 'skip' },
      {
        name: 'file',
        filename: `${MARKER}.csv`,
        type: 'text/csv',
        bytes: `Name,Email\n${MARKER} again,zc@example.com\n${MARKER} bad,not-an-email\n`,
      },
    ],
  });
  expect(imported.statusCode, imported.body).toBe(202);
  await finishImports(app);
  const contactImportId = imported.json<{ id: string }>().id;
  const pipelineId = await created(a.post('/api/pipelines', { name: `${MARKER} pipeline` }));
  const webhookId = await created(
    a.post('/api/webhooks', {
      url: `https://example.com/${MARKER}`,
      events: ['contact.created'],
      description: `${MARKER} hook`,
    }),
  );
  const dealId = await created(
    a.post('/api/deals', { name: `${MARKER} deal`, pipelineId, stage: 'Lead', value: 100, contactId }),
  );
  const activityId = await created(
    a.post(`/api/deals/${dealId}/activities`, {
      activityType: 'call',
      description: `${MARKER} activity`,
      dueDate: new Date(Date.now() + 2 * 86_400_000).toISOString(),
    }),
  );
  const projectId = await created(a.post('/api/projects', { name: `${MARKER} project` }));
  const categoryId = await created(a.post('/api/task-categories', { name: `${MARKER} category` }));
  const taskId = await created(
    a.post('/api/tasks', {
      name: `${MARKER} task`,
      projectId,
      categoryId,
      dueDate: new Date(Date.now() + 86_400_000).toISOString(),
    }),
  );
  const emailAccountId = await created(
    a.post('/api/email-accounts', {
      email: 'zanzibar@example.com',
      pop3: mailServer(`${MARKER}-pop`),
      smtp: mailServer(`${MARKER}-smtp`),
    }),
  );
  // Mail arrives by fetching only: stored as a fetch stores it.
  const { id: emailMessageId } = await storeIncoming(app.db, app.config.dataDir, a.id, emailAccountId, `${MARKER}-1`, {
    messageId: `<${MARKER}@example.com>`,
    subject: `${MARKER} message`,
    from: { name: `${MARKER} sender`, address: 'zc@example.com' },
    to: [{ name: '', address: 'zanzibar@example.com' }],
    cc: [],
    date: new Date(),
    text: `${MARKER} body`,
    html: `<p>${MARKER} body</p>`,
    hasRemoteImages: false,
    attachments: [{ filename: `${MARKER}.txt`, declaredType: 'text/plain', size: 8, content: Buffer.from(MARKER) }],
    omittedAttachments: [{ filename: `${MARKER}-large.zip`, declaredType: 'application/zip', size: 30_000_000 }],
  });
  const message = await a.get(`/api/email/messages/${emailMessageId}`);
  expect(message.statusCode, message.body).toBe(200);
  const emailAttachmentId = message.json<{ attachments: Array<{ id: string }> }>().attachments[0]!.id;
  const emailFolderId = await created(a.post('/api/email/folders', { name: `${MARKER} folder` }));
  expect((await a.patch(`/api/email/messages/${emailMessageId!}`, { customFolderId: emailFolderId })).statusCode).toBe(
    200,
  );
  const fieldId = randomUUID();
  const formId = await created(
    a.post('/api/forms', {
      name: `${MARKER} form`,
      fields: [{ id: fieldId, type: 'name', label: 'Full Name', required: true }],
      settings: { notifyOnSubmission: true },
    }),
  );
  const submitted = await send(app, null, {
    method: 'POST',
    url: `/api/public/forms/${formId}/submissions`,
    body: { values: { [fieldId]: `${MARKER} visitor` }, idempotencyKey: randomUUID() },
  });
  expect(submitted.statusCode, submitted.body).toBeLessThan(300);

  await app.db.insert(caldavConnections).values({
    userId: a.id,
    ...caldavOfA,
    passwordEncrypted: app.secrets.encrypt(`${MARKER}-app-password`),
    publishCalendarUrl: caldavCalendarOfA,
    publishCalendarName: `${MARKER} calendar`,
    readCalendars: [{ url: caldavCalendarOfA, name: `${MARKER} calendar` }],
    showTitles: true,
  });
  // A busy time with its title shown to A on the calendar screen, in every calendar range the probes read; after the
  // days whose slots the booking below takes.
  const busyStart = Date.now() + 5 * 86_400_000;
  await app.db.insert(calendarBusyTimes).values({
    userId: a.id,
    calendarUrl: caldavCalendarOfA,
    eventUid: `${MARKER}-busy`,
    startsAt: new Date(busyStart),
    endsAt: new Date(busyStart + 3_600_000),
    title: `${MARKER} busy time`,
  });

  const date = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
  const slots = await send(app, null, { method: 'GET', url: `/api/public/booking/${a.id}/slots?date=${date}&tz=UTC` });
  expect(slots.statusCode, slots.body).toBe(200);
  const start = slots.json<{ slots: Array<{ start: string }> }>().slots[0]!.start;
  const booked = await send(app, null, {
    method: 'POST',
    url: `/api/public/booking/${a.id}`,
    body: { start, name: `${MARKER} booker`, email: 'booker@example.com', idempotencyKey: randomUUID() },
  });
  expect(booked.statusCode, booked.body).toBeLessThan(300);
  const bookingId = (await a.get('/api/bookings')).json<Items>().items[0]!.id;

  const notifications = await a.get('/api/notifications');
  expect(notifications.statusCode, notifications.body).toBe(200);
  const notificationId = notifications
    .json<Items<{ kind: string }>>()
    .items.find((n) => n.kind === 'form_submission')!.id;
  const { feedPath } = (await a.get('/api/calendar/integration')).json<{ feedPath: string }>();
  const feedToken = /feed\/([^/.]+)\.ics/.exec(feedPath)![1]!;

  const pipelines: Array<{ id: string; stages: string[] }> = (await a.get('/api/pipelines')).json();
  const stages = pipelines.find((p) => p.id === pipelineId)!.stages;
  const bPipelineId = await created(b.post('/api/pipelines', { name: 'Bob pipeline' }));

  const chatbotId = await created(a.post('/api/chatbots', { name: `${MARKER} bot`, description: `${MARKER} bot` }));
  const knowledgeId = await created(
    a.post(`/api/chatbots/${chatbotId}/knowledge`, {
      kind: 'qa',
      title: `${MARKER} question`,
      body: `${MARKER} answer`,
    }),
  );
  const published = await a.post(`/api/chatbots/${chatbotId}/publish`);
  expect(published.statusCode, published.body).toBe(200);
  // A's bot on a website: published and on, with a visitor's conversation started as the widget starts one. Apart
  // from the bot above, whose conversations A reads back: visitors may start conversations with this one.
  const liveBotId = await created(a.post('/api/chatbots', { name: `${MARKER} live bot` }));
  expect((await a.post(`/api/chatbots/${liveBotId}/publish`)).statusCode).toBe(200);
  const activated = await a.patch(`/api/chatbots/${liveBotId}`, { isActive: true });
  expect(activated.statusCode, activated.body).toBe(200);
  const chat = await send(app, null, {
    method: 'POST',
    url: `/api/public/chatbots/${liveBotId}/conversations`,
    body: {},
  });
  expect(chat.statusCode, chat.body).toBe(201);
  const { conversationId: chatConversationId, token: chatToken } = chat.json<{
    conversationId: string;
    token: string;
  }>();
  // Conversations are the visitor's: stored as the visitor's side stores them.
  const conversationId = await seedConversation(app.db, {
    chatbotId,
    userId: a.id,
    visitorName: `${MARKER} visitor`,
    visitorEmail: 'zv@example.com',
    variables: { name: `${MARKER} visitor` },
    contactId,
    messages: [
      { role: 'bot', text: 'What would you like to know?' },
      { role: 'visitor', text: `${MARKER} question` },
    ],
  });
  const bChatbotId = await created(b.post('/api/chatbots', { name: 'Bob bot' }));
  const apiKey = await a.post('/api/api-keys', { name: `${MARKER} key`, scopes: { contacts: 'read' } });
  expect(apiKey.statusCode, apiKey.body).toBe(201);
  const { id: apiKeyId, secret: apiKeySecret } = apiKey.json<{ id: string; secret: string }>();
  return {
    ...(await makeWorkspaceWorld(a, MARKER)),
    app,
    a,
    b,
    contactId,
    contactImportId,
    webhookId,
    pipelineId,
    dealId,
    activityId,
    projectId,
    categoryId,
    taskId,
    emailAccountId,
    emailMessageId: emailMessageId!,
    emailAttachmentId,
    emailFolderId,
    formId,
    fieldId,
    bookingId,
    notificationId,
    feedToken,
    stages,
    bPipelineId,
    chatbotId,
    knowledgeId,
    conversationId,
    liveBotId,
    chatConversationId,
    chatToken,
    bChatbotId,
    apiKeyId,
    apiKeySecret,
  };
}
