import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { webhookEventTypes, webhookMessages } from '@common/webhooks';
import { asMember } from '../../db/member-scope';
import { selectRows } from '../../db/select-rows';
import { startJobQueue, type JobQueue } from '../../jobs/queue';
import { buildTestApp, signUp, type TestApp, type UserClient } from '../../test/test-app';
import { book, bookingOf, openBookingOwner, slotsOf, utcDate } from '../../test/booking-kit';
import { insertBot, leadFlow, newPipeline, say, start } from '../../test/chatbot-kit';
import { createForm, ids as formIds, leadForm, submission, submit } from '../../test/forms-kit';
import { joined } from '../../test/workspace-kit';
import { createContact } from '../contacts/service';
import { startWebhookDeliveries } from './delivery';

// Webhooks against a receiver of the test's own on loopback (issue 30): signed as Standard Webhooks says and
// verified by its library, retried with the same id until answered, never sent for a change that rolled back, and
// an endpoint failing for a day turned off with its owner told.

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** An HTTP receiver: records what it gets, answers the next queued statuses first, then 200. */
class Receiver {
  readonly received: Received[] = [];
  answers: number[] = [];
  server!: Server;

  async start(): Promise<string> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        this.received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
        res.statusCode = this.answers.shift() ?? 200;
        res.end(res.statusCode === 200 ? 'ok' : 'receiver failed');
      });
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/hook`;
  }
}

/** Resolves once `done()` holds, polling; fails past `ms`. */
async function until(done: () => boolean | Promise<boolean>, ms = 20_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await done())) {
    if (Date.now() > end) throw new Error('waited too long');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

let t: TestApp;
let queue: JobQueue;
let deliveries: { stop(): Promise<void> };
let receiver: Receiver;
let url: string;
let owner: UserClient;

beforeAll(async () => {
  t = await buildTestApp({ allowPrivateHosts: true });
  queue = await startJobQueue(t.database, { warn: () => undefined });
  deliveries = await startWebhookDeliveries(t.app.db, queue, t.app.secrets, {
    allowPrivate: true,
    retryBaseMs: 100,
    dispatchEveryMs: 100,
    log: { warn: () => undefined },
  });
  receiver = new Receiver();
  url = await receiver.start();
  owner = await signUp(t.app, 'hook-owner');
}, 60_000);
afterAll(async () => {
  await deliveries?.stop();
  await queue?.stop();
  receiver?.server.close();
  await t?.close();
});
beforeEach(() => {
  receiver.received.length = 0;
  receiver.answers = [];
});

async function addEndpoint(events: string[] = ['contact.created']): Promise<{ id: string; secret: string }> {
  const response = await owner.post('/api/webhooks', { url, events });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

const verified = (secret: string, message: Received) =>
  new Webhook(secret).verify(message.body, message.headers as Record<string, string>) as {
    type: string;
    data: { id: string; name: string };
  };

describe('webhooks', () => {
  it('delivers an event signed so the Standard Webhooks library verifies it, with the record as the API answers it', async () => {
    const endpoint = await addEndpoint();
    expect(endpoint.secret).toMatch(/^whsec_/);
    const created = await owner.post('/api/contacts', { name: 'Hooked Contact' });
    expect(created.statusCode).toBe(201);
    await until(() => receiver.received.length === 1);
    const [message] = receiver.received;
    const event = verified(endpoint.secret, message!);
    expect(event.type).toBe('contact.created');
    expect(event.data).toEqual(created.json());
    // Tampered, it does not verify.
    expect(() => verified(endpoint.secret, { ...message!, body: message!.body.replace('Hooked', 'Hacked') })).toThrow();
    await owner.delete(`/api/webhooks/${endpoint.id}`);
  });

  it('tries again after a failure with the same webhook-id until the receiver answers 2xx, and logs it', async () => {
    const endpoint = await addEndpoint();
    receiver.answers = [500, 500];
    await owner.post('/api/contacts', { name: 'Retried Contact' });
    await until(() => receiver.received.length === 3);
    const ids = receiver.received.map((message) => message.headers['webhook-id']);
    expect(new Set(ids).size).toBe(1);
    await until(
      async () => (await owner.get(`/api/webhooks/${endpoint.id}/deliveries`)).json().items[0]?.status === 'delivered',
    );
    const [delivery] = (await owner.get(`/api/webhooks/${endpoint.id}/deliveries`)).json().items;
    expect(delivery).toMatchObject({
      eventType: 'contact.created',
      status: 'delivered',
      attempts: 3,
      responseStatus: 200,
    });
    // No more attempts once delivered.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(receiver.received).toHaveLength(3);
    await owner.delete(`/api/webhooks/${endpoint.id}`);
  });

  it('sends nothing for a change that rolled back', async () => {
    const endpoint = await addEndpoint();
    const member = { workspaceId: owner.id, userId: owner.id, ownOnly: false };
    const failed = asMember(t.app.db, member, async (tx) => {
      await createContact(tx, member, { name: 'Rolled Back', email: null, phone: null, company: null, website: null });
      throw new Error('the request failed after the change');
    });
    await expect(failed).rejects.toThrow('the request failed');
    await owner.post('/api/contacts', { name: 'Committed' });
    await until(() => receiver.received.length === 1);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(receiver.received.map((message) => verified(endpoint.secret, message).data.name)).toEqual(['Committed']);
    await owner.delete(`/api/webhooks/${endpoint.id}`);
  });

  it('sends a test event on request, and only the events an endpoint chose', async () => {
    const endpoint = await addEndpoint(['contact.deleted']);
    const contact = (await owner.post('/api/contacts', { name: 'Soon Gone' })).json();
    expect((await owner.post(`/api/webhooks/${endpoint.id}/test`, {})).statusCode).toBe(202);
    await until(() => receiver.received.length === 1);
    expect(verified(endpoint.secret, receiver.received[0]!).type).toBe('webhook.test');
    await owner.delete(`/api/contacts/${contact.id}`);
    await until(() => receiver.received.length === 2);
    expect(verified(endpoint.secret, receiver.received[1]!)).toMatchObject({
      type: 'contact.deleted',
      data: { id: contact.id, name: 'Soon Gone' },
    });
    await owner.delete(`/api/webhooks/${endpoint.id}`);
  });

  it('turns off an endpoint failing for a day and tells its owner', async () => {
    const endpoint = await addEndpoint();
    await t.app.db.execute(
      sql`update webhook_endpoints set failing_since = now() - interval '25 hours' where id = ${endpoint.id}`,
    );
    receiver.answers = [500];
    await owner.post('/api/contacts', { name: 'Given Up' });
    await until(async () => !(await owner.get('/api/webhooks')).json()[0].enabled);
    const notifications = (await owner.get('/api/notifications')).json().items;
    expect(notifications[0]).toMatchObject({ kind: 'webhook_disabled', title: webhookMessages.disabledTitle });
    // Turned off, it hears nothing more.
    await owner.post('/api/contacts', { name: 'Not Sent' });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(receiver.received).toHaveLength(1);
    await owner.delete(`/api/webhooks/${endpoint.id}`);
  });
});

describe('every event', () => {
  it('is sent by the change that causes it, once, with its record', async () => {
    const endpoint = await addEndpoint([...webhookEventTypes]);
    const received = () => receiver.received.map((message) => verified(endpoint.secret, message));
    const typesSoFar = () => received().map((event) => event.type);

    const pipeline = await newPipeline(owner);
    const deal = (
      await owner.post('/api/deals', { name: 'Hooked deal', pipelineId: pipeline.id, stage: pipeline.stages[0] })
    ).json<{ id: string }>();
    await owner.patch(`/api/deals/${deal.id}/stage`, { stage: 'Won' });
    await owner.patch(`/api/deals/${deal.id}/stage`, { stage: 'Lost' });
    const activity = (
      await owner.post(`/api/deals/${deal.id}/activities`, {
        activityType: 'call',
        description: 'Hooked call',
        dueDate: new Date(Date.now() + 86_400_000).toISOString(),
      })
    ).json<{ id: string }>();
    await owner.post(`/api/deals/${deal.id}/activities/${activity.id}/complete`);
    // Completed once: completing again sends nothing.
    await owner.post(`/api/deals/${deal.id}/activities/${activity.id}/complete`);
    await owner.delete(`/api/deals/${deal.id}`);
    const colleague = await joined(t.app, owner, 'hook-colleague', 'member');
    const task = (
      await owner.post('/api/tasks', { name: 'Hooked task', status: 'To Do', assignedUserId: colleague.id })
    ).json<{ id: string }>();
    await owner.patch(`/api/tasks/${task.id}/status`, { status: 'Done' });
    await owner.patch(`/api/tasks/${task.id}/status`, { status: 'Done' });

    const form = await createForm(
      owner,
      leadForm({
        settings: { autoCreateDeal: true, fieldMapping: { contact_name: formIds.name, contact_email: formIds.email } },
      }),
    );
    expect((await submit(t.app, form.id, submission())).statusCode).toBe(201);

    await until(() => receiver.received.length >= 13).catch(() => {
      throw new Error(`received ${typesSoFar().join(', ')}`);
    });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(typesSoFar().sort()).toEqual(
      [
        'deal.created',
        'deal.stage_changed',
        'deal.won',
        'deal.stage_changed',
        'deal.lost',
        'activity.completed',
        'deal.deleted',
        'task.created',
        'task.assigned',
        'task.completed',
        'contact.created',
        'deal.created',
        'form_submission.received',
      ].sort(),
    );
    const events = received();
    expect(events.find((event) => event.type === 'deal.won')?.data).toMatchObject({ id: deal.id, stage: 'Won' });
    expect(events.find((event) => event.type === 'task.completed')?.data).toMatchObject({
      id: task.id,
      status: 'Done',
    });
    expect(events.find((event) => event.type === 'form_submission.received')?.data).toMatchObject({ formId: form.id });
    await owner.delete(`/api/webhooks/${endpoint.id}`);
  });

  it('of a chatbot’s captured lead carries the lead, its contact and deal', async () => {
    const endpoint = await addEndpoint(['chat_lead.captured']);
    const pipeline = await newPipeline(owner);
    const bot = await insertBot(t.app.db, owner, leadFlow(pipeline), { name: 'Hooked Bot' });
    const chat = await start(t.app, bot);
    await say(t.app, bot, chat, { type: 'choice', label: 'Talk to the team' });
    await say(t.app, bot, chat, { type: 'text', text: 'Vera Visitor' });
    await say(t.app, bot, chat, { type: 'text', text: 'vera-hooked@example.com' });
    await until(() => receiver.received.length === 1);
    expect(verified(endpoint.secret, receiver.received[0]!)).toMatchObject({
      type: 'chat_lead.captured',
      data: {
        chatbotId: bot,
        chatbotName: 'Hooked Bot',
        conversationId: chat.conversationId,
        contact: { name: 'Vera Visitor', email: 'vera-hooked@example.com' },
      },
    });
    await owner.delete(`/api/webhooks/${endpoint.id}`);
  });

  it('of a booking goes to the endpoints of the member who was booked only', async () => {
    const booked = await openBookingOwner(t.app);
    const theirs = await booked.post('/api/webhooks', { url, events: ['booking.created', 'booking.cancelled'] });
    expect(theirs.statusCode, theirs.body).toBe(201);
    const secret = theirs.json<{ secret: string }>().secret;
    const mine = await addEndpoint(['booking.created', 'contact.created']);
    const [slot] = await slotsOf(t.app, booked.id, utcDate(2));
    const booking = await book(t.app, booked.id, bookingOf(slot!.start));
    expect(booking.statusCode, booking.body).toBe(201);
    const { id } = booking.json<{ id: string }>();
    expect((await booked.post(`/api/bookings/${id}/cancel`)).statusCode).toBe(200);
    await until(() => receiver.received.length === 2);
    await new Promise((resolve) => setTimeout(resolve, 500));
    // Deliveries run side by side: their order is not kept (each carries its event's time).
    expect(receiver.received.map((message) => verified(secret, message).type).sort()).toEqual([
      'booking.cancelled',
      'booking.created',
    ]);
    await owner.delete(`/api/webhooks/${mine.id}`);
  });
});

describe('webhook endpoints', () => {
  it('are an Admin’s to manage, in their own workspace only', async () => {
    const endpoint = await addEndpoint();
    const member = await joined(t.app, owner, 'hook-member', 'member');
    expect((await member.get('/api/webhooks')).statusCode).toBe(403);
    expect((await member.post('/api/webhooks', { url, events: ['contact.created'] })).statusCode).toBe(403);
    const stranger = await signUp(t.app, 'hook-stranger');
    expect((await stranger.get('/api/webhooks')).json()).toEqual([]);
    for (const call of [
      stranger.patch(`/api/webhooks/${endpoint.id}`, { enabled: false }),
      stranger.delete(`/api/webhooks/${endpoint.id}`),
      stranger.get(`/api/webhooks/${endpoint.id}/deliveries`),
      stranger.post(`/api/webhooks/${endpoint.id}/test`, {}),
    ]) {
      expect((await call).statusCode).toBe(404);
    }
    await owner.delete(`/api/webhooks/${endpoint.id}`);
  });

  it('refuse bad input with a message, and change nothing', async () => {
    const before = (await owner.get('/api/webhooks')).body;
    const cases: Array<[unknown, string]> = [
      [{ url: '', events: ['contact.created'] }, webhookMessages.urlRequired],
      [{ url: 'not a url', events: ['contact.created'] }, webhookMessages.urlInvalid],
      [{ url: 'ftp://example.com/hook', events: ['contact.created'] }, webhookMessages.urlInvalid],
      [{ url: 'https://example.com/hook', events: [] }, webhookMessages.eventsRequired],
      [{ url: 'https://example.com/hook', events: ['contact.exploded'] }, webhookMessages.eventUnknown],
      [{ url: 'https://example.com/hook', events: ['contact.created'], secret: 'mine' }, ''],
    ];
    for (const [body, message] of cases) {
      const response = await owner.post('/api/webhooks', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      if (message) expect(response.body).toContain(message);
    }
    expect((await owner.get('/api/webhooks')).body).toBe(before);
  });

  it('refuse a private address unless the operator allows private hosts', async () => {
    const strict = await buildTestApp({ allowPrivateHosts: false });
    try {
      const admin = await signUp(strict.app, 'hook-strict');
      const cases: Array<[string, string]> = [
        ['http://example.com/hook', webhookMessages.urlNotHttps],
        ['https://127.0.0.1/hook', webhookMessages.urlPrivate],
        ['https://[::1]/hook', webhookMessages.urlPrivate],
        ['https://10.1.2.3/hook', webhookMessages.urlPrivate],
        ['https://localhost/hook', webhookMessages.urlPrivate],
      ];
      for (const [address, message] of cases) {
        const response = await admin.post('/api/webhooks', { url: address, events: ['contact.created'] });
        expect(response.statusCode, address).toBe(400);
        expect(response.json()).toEqual({ error: message, fields: { url: message } });
      }
      expect(
        (await admin.post('/api/webhooks', { url: 'https://example.com/hook', events: ['contact.created'] }))
          .statusCode,
      ).toBe(201);
      const stored = await selectRows<{ n: number }>(
        strict.app.db,
        sql`select count(*)::int as n from webhook_endpoints`,
      );
      expect(stored[0]!.n).toBe(1);
    } finally {
      await strict.close();
    }
  });
});
