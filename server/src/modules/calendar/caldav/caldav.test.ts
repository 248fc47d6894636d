import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caldavMessages, type CaldavConnectionAnswer } from '@common/calendar-caldav';
import { buildApp } from '../../../app';
import type { Database } from '../../../db/client';
import { caldavConnections, caldavPublished } from '../../../db/schema';
import { startJobQueue, type JobQueue } from '../../../jobs/queue';
import { book, bookingOf, openBookingOwner, slotsOf, utcDate } from '../../../test/booking-kit';
import {
  caldavPath,
  caldavTestAccount,
  connectCaldav,
  deleteTestCalendar,
  eventText,
  eventsIn,
  makeTestCalendar,
  putAs,
  until,
  type CaldavTestAccount,
} from '../../../test/caldav-kit';
import { openTestDatabase, signUp, testConfig, type UserClient } from '../../../test/test-app';
import { startCaldavPublishing } from './publish-jobs';

// The CalDAV connection and publishing against a real CalDAV server (Radicale, scripts/caldav-server.sh): skipped
// without CALDAV_TEST_URL, as the mail tests are without their servers.

const account = caldavTestAccount();

describe.skipIf(!account)('CalDAV calendar', () => {
  const alice = account as CaldavTestAccount;
  const lines: string[] = [];
  const responses: LightMyRequestResponse[] = [];
  let database: Database;
  let app: Awaited<ReturnType<typeof buildApp>>;
  let queue: JobQueue;
  let publishing: { stop(): Promise<void> };
  let work: string;
  let personal: string;

  /** Every answer is kept, to be searched for the app password at the end. */
  const kept = (response: LightMyRequestResponse) => {
    responses.push(response);
    return response;
  };
  const testConnection = (user: UserClient, body: unknown) => user.post(`${caldavPath}/test`, body).then(kept);
  const save = (user: UserClient, body: unknown) => putAs(app, user, caldavPath, body).then(kept);
  const connectionOf = async (user: UserClient) =>
    kept(await user.get(caldavPath)).json<CaldavConnectionAnswer>().connection;
  const publishedOf = (userId: string) =>
    database.db.select().from(caldavPublished).where(eq(caldavPublished.userId, userId));

  beforeAll(async () => {
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    database = await openTestDatabase();
    app = await buildApp({
      config: { ...testConfig, allowPrivateHosts: true },
      database,
      webDir: null,
      logger: { level: 'debug', stream },
    });
    await app.ready();
    queue = await startJobQueue(database, app.log);
    publishing = await startCaldavPublishing(database.db, queue, app.secrets, {
      allowPrivate: true,
      publicUrl: testConfig.publicUrl,
      log: app.log,
      dispatchEveryMs: 100,
      retryDelaySeconds: 1,
      timeoutMs: 5_000,
    });
    work = await makeTestCalendar(alice, 'Work');
    personal = await makeTestCalendar(alice, 'Personal');
  }, 60_000);

  afterAll(async () => {
    await publishing?.stop();
    await queue?.stop();
    await app?.close();
    await database?.close();
  });

  it('tests a connection: the account’s event calendars are listed and nothing is saved', async () => {
    const user = await signUp(app, 'caldav-test');
    const res = await testConnection(user, {
      serverUrl: alice.serverUrl,
      username: alice.username,
      password: alice.password,
    });
    expect(res.statusCode, res.body).toBe(200);
    const calendars = res.json<{ calendars: { url: string; name: string }[] }>().calendars;
    expect(calendars).toEqual(
      expect.arrayContaining([
        { url: work, name: 'Work' },
        { url: personal, name: 'Personal' },
      ]),
    );
    expect(await connectionOf(user)).toBeNull();
  });

  it('names a wrong app password, an unreachable server and a server that is not CalDAV', async () => {
    const user = await signUp(app, 'caldav-wrong');
    const wrong = await testConnection(user, {
      serverUrl: alice.serverUrl,
      username: alice.username,
      password: 'nope',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({
      error: caldavMessages.wrongPassword,
      fields: { password: caldavMessages.wrongPassword },
    });

    const closed = await testConnection(user, { serverUrl: 'http://127.0.0.1:1/', username: 'a', password: 'b' });
    expect(closed.statusCode).toBe(400);
    expect(closed.json().fields).toEqual({ serverUrl: caldavMessages.unreachable });

    const unknown = await testConnection(user, {
      serverUrl: 'https://calendar.invalid/',
      username: 'a',
      password: 'b',
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error).toBe(caldavMessages.serverNotFound);

    // A web server, but no CalDAV: a page for every address.
    const site = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<p>Hi</p>'));
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    const port = (site.address() as AddressInfo).port;
    const notDav = await testConnection(user, { serverUrl: `http://127.0.0.1:${port}/`, username: 'a', password: 'b' });
    site.close();
    expect(notDav.statusCode).toBe(400);
    expect(notDav.json().error).toBe(caldavMessages.notCaldav);
  });

  it('refuses bad input with a 400 and a message, and keeps nothing', async () => {
    const user = await signUp(app, 'caldav-bad');
    const cases: [unknown, string][] = [
      [{}, 'serverUrl'],
      [{ serverUrl: 'caldav.example.com', username: 'a', password: 'b', publishCalendarUrl: work }, 'serverUrl'],
      [{ serverUrl: 'ftp://example.com/', username: 'a', password: 'b', publishCalendarUrl: work }, 'serverUrl'],
      [{ serverUrl: alice.serverUrl, username: ' ', password: 'b', publishCalendarUrl: work }, 'username'],
      [{ serverUrl: alice.serverUrl, username: alice.username, publishCalendarUrl: work }, 'password'],
      [
        { serverUrl: alice.serverUrl, username: alice.username, password: alice.password, publishCalendarUrl: '' },
        'publishCalendarUrl',
      ],
      [
        {
          serverUrl: alice.serverUrl,
          username: alice.username,
          password: alice.password,
          publishCalendarUrl: `${work}x/`,
        },
        'publishCalendarUrl',
      ],
      [
        {
          serverUrl: alice.serverUrl,
          username: alice.username,
          password: alice.password,
          publishCalendarUrl: work,
          readCalendarUrls: ['http://elsewhere/'],
        },
        'readCalendarUrls',
      ],
      [
        {
          serverUrl: alice.serverUrl,
          username: alice.username,
          password: alice.password,
          publishCalendarUrl: work,
          extra: 1,
        },
        '',
      ],
    ];
    for (const [body, field] of cases) {
      const res = await save(user, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(typeof res.json().error).toBe('string');
      if (field) expect(Object.keys(res.json().fields ?? {}), JSON.stringify(body)).toContain(field);
    }
    expect(await connectionOf(user)).toBeNull();
    expect((await user.delete(caldavPath)).statusCode).toBe(404);
  });

  it('publishes a booking to the chosen calendar and removes it when the booking is cancelled', async () => {
    const owner = await openBookingOwner(app);
    const saved = await connectCaldav(app, owner, alice, { publishCalendarUrl: work, readCalendarUrls: [personal] });
    kept(saved);
    expect(saved.json<CaldavConnectionAnswer>().connection).toMatchObject({
      serverUrl: alice.serverUrl,
      username: alice.username,
      passwordMasked: '••••••••',
      publishCalendar: { url: work, name: 'Work' },
      readCalendars: [{ url: personal, name: 'Personal' }],
      status: 'connected',
    });
    const [slot] = await slotsOf(app, owner.id, utcDate(3));
    const booked = kept(await book(app, owner.id, bookingOf(slot!.start, { name: 'Cora Client' })));
    expect(booked.statusCode, booked.body).toBe(201);
    const bookingId = booked.json<{ id: string }>().id;

    let href = '';
    await until(async () => {
      const [row] = await publishedOf(owner.id);
      href = row?.href ?? '';
      return Boolean(row);
    });
    expect(href.startsWith(work)).toBe(true);
    const ics = await eventText(alice, href);
    expect(ics).toContain('SUMMARY:Appointment with Cora Client');
    expect(ics).toContain(`UID:pipewise-booking-${bookingId}`);
    expect(ics).toContain(`DTSTART:${slot!.start.replace(/[-:]/g, '').replace(/\.\d+/, '')}`);
    expect(ics).toMatch(/URL[^:]*:http:\/\/localhost:3000\/app\/calendar\?view=day/);

    kept(await owner.post(`/api/bookings/${bookingId}/cancel`));
    await until(async () => (await publishedOf(owner.id)).length === 0);
    expect(await eventText(alice, href)).toBeNull();
  });

  it('publishes tasks with due dates when chosen, and takes them away when the option is turned off', async () => {
    const user = await signUp(app, 'caldav-tasks');
    const calendar = await makeTestCalendar(alice, 'Tasks');
    await connectCaldav(app, user, alice, { publishCalendarUrl: calendar, publishTasks: true });
    const due = new Date(Date.now() + 2 * 86_400_000).toISOString();
    const task = kept(await user.post('/api/tasks', { name: 'Send the proposal', dueDate: due }));
    expect(task.statusCode, task.body).toBe(201);
    kept(await user.post('/api/tasks', { name: 'No date' }));
    await until(async () => (await eventsIn(alice, calendar)).length === 1);
    const [href] = await eventsIn(alice, calendar);
    expect(await eventText(alice, href!)).toContain('SUMMARY:Send the proposal');

    // Kept password: the same server and user name, no password typed.
    const off = await save(user, {
      serverUrl: alice.serverUrl,
      username: alice.username,
      publishCalendarUrl: calendar,
    });
    expect(off.statusCode, off.body).toBe(200);
    await until(async () => (await eventsIn(alice, calendar)).length === 0);

    // Deleting the workspace takes its tasks, and their events with them.
    const on = await save(user, {
      serverUrl: alice.serverUrl,
      username: alice.username,
      publishCalendarUrl: calendar,
      publishTasks: true,
    });
    expect(on.statusCode, on.body).toBe(200);
    await until(async () => (await eventsIn(alice, calendar)).length === 1);
    expect((await user.patch('/api/workspace', { name: 'Doomed workspace' })).statusCode).toBe(200);
    expect((await user.delete('/api/workspace', { name: 'Doomed workspace' })).statusCode).toBe(204);
    await until(async () => (await eventsIn(alice, calendar)).length === 0);
  });

  it('marks the connection failed, with the reason, when publishing fails', async () => {
    const owner = await openBookingOwner(app);
    const calendar = await makeTestCalendar(alice, 'Failing');
    await connectCaldav(app, owner, alice, { publishCalendarUrl: calendar });
    await database.db
      .update(caldavConnections)
      .set({ passwordEncrypted: app.secrets.encrypt('changed-on-the-server') })
      .where(eq(caldavConnections.userId, owner.id));
    const [slot] = await slotsOf(app, owner.id, utcDate(4));
    expect((await book(app, owner.id, bookingOf(slot!.start))).statusCode).toBe(201);
    await until(async () => (await connectionOf(owner))?.status === 'error');
    const connection = await connectionOf(owner);
    expect(connection?.lastError).toBe(caldavMessages.wrongPassword);
    expect(connection?.lastErrorAt).not.toBeNull();

    // A save changing the user name needs the password again.
    const again = await save(owner, {
      serverUrl: alice.serverUrl,
      username: 'someone-else',
      publishCalendarUrl: calendar,
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().fields).toEqual({ password: caldavMessages.passwordAgain });
    // Reconnect: the right password saved again; what failed is published.
    await connectCaldav(app, owner, alice, { publishCalendarUrl: calendar });
    await until(async () => (await eventsIn(alice, calendar)).length === 1);
    await until(async () => (await connectionOf(owner))?.status === 'connected');
  });

  it('moves what it published when the publish calendar changes, and publishes deal activities when chosen', async () => {
    const owner = await openBookingOwner(app);
    const first = await makeTestCalendar(alice, 'First');
    const second = await makeTestCalendar(alice, 'Second');
    await connectCaldav(app, owner, alice, { publishCalendarUrl: first });
    const [slot] = await slotsOf(app, owner.id, utcDate(6));
    expect((await book(app, owner.id, bookingOf(slot!.start))).statusCode).toBe(201);
    await until(async () => (await eventsIn(alice, first)).length === 1);

    await connectCaldav(app, owner, alice, { publishCalendarUrl: second, publishActivities: true });
    await until(async () => (await eventsIn(alice, second)).length === 1);
    expect(await eventsIn(alice, first)).toEqual([]);

    const pipeline = await owner.post('/api/pipelines', { name: 'Renewals' });
    expect(pipeline.statusCode, pipeline.body).toBe(201);
    const pipelineId = pipeline.json<{ id: string }>().id;
    const deal = await owner.post('/api/deals', { name: 'Acme renewal', pipelineId, stage: 'Lead' });
    expect(deal.statusCode, deal.body).toBe(201);
    const dealId = deal.json<{ id: string }>().id;
    const activity = await owner.post(`/api/deals/${dealId}/activities`, {
      activityType: 'call',
      description: 'Call about the renewal',
      dueDate: new Date(Date.now() + 86_400_000).toISOString(),
    });
    expect(activity.statusCode, activity.body).toBe(201);
    await until(async () => (await eventsIn(alice, second)).length === 2);
    const texts = await Promise.all((await eventsIn(alice, second)).map((href) => eventText(alice, href)));
    expect(texts.join('')).toContain('SUMMARY:Call about the renewal');
    // Deleting the deal takes its activities, and their events with them.
    expect((await owner.delete(`/api/deals/${dealId}`)).statusCode).toBe(204);
    await until(async () => (await eventsIn(alice, second)).length === 1);
  });

  it('says the calendar is gone when it was deleted on the server', async () => {
    const owner = await openBookingOwner(app);
    const calendar = await makeTestCalendar(alice, 'Deleted');
    await connectCaldav(app, owner, alice, { publishCalendarUrl: calendar });
    await deleteTestCalendar(alice, calendar);
    const [slot] = await slotsOf(app, owner.id, utcDate(7));
    expect((await book(app, owner.id, bookingOf(slot!.start))).statusCode).toBe(201);
    await until(async () => (await connectionOf(owner))?.status === 'error');
    expect((await connectionOf(owner))?.lastError).toBe(caldavMessages.calendarGone);
  });

  it('disconnects: every published event is removed, then the connection', async () => {
    const owner = await openBookingOwner(app);
    const calendar = await makeTestCalendar(alice, 'Leaving');
    await connectCaldav(app, owner, alice, { publishCalendarUrl: calendar });
    for (const days of [2, 3]) {
      const [slot] = await slotsOf(app, owner.id, utcDate(days));
      expect((await book(app, owner.id, bookingOf(slot!.start))).statusCode).toBe(201);
    }
    await until(async () => (await eventsIn(alice, calendar)).length === 2);
    await until(async () => (await publishedOf(owner.id)).length === 2);
    const res = kept(await owner.delete(caldavPath));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ serverReached: true, eventsRemoved: 2 });
    expect(await eventsIn(alice, calendar)).toEqual([]);
    expect(await connectionOf(owner)).toBeNull();
  });

  it('disconnects even when the server cannot be reached, and says so', async () => {
    const owner = await openBookingOwner(app);
    const calendar = await makeTestCalendar(alice, 'Unreachable');
    await connectCaldav(app, owner, alice, { publishCalendarUrl: calendar });
    const [slot] = await slotsOf(app, owner.id, utcDate(5));
    expect((await book(app, owner.id, bookingOf(slot!.start))).statusCode).toBe(201);
    await until(async () => (await publishedOf(owner.id)).length === 1);
    await database.db
      .update(caldavPublished)
      .set({ href: 'http://127.0.0.1:1/alice/gone.ics' })
      .where(eq(caldavPublished.userId, owner.id));
    const res = kept(await owner.delete(caldavPath));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ serverReached: false, eventsRemoved: 0 });
    expect(await connectionOf(owner)).toBeNull();
  });

  it('shows no one another user’s connection', async () => {
    const ann = await signUp(app, 'caldav-ann');
    const bob = await signUp(app, 'caldav-bob');
    await connectCaldav(app, ann, alice, { publishCalendarUrl: work });
    expect(await connectionOf(bob)).toBeNull();
    expect((await bob.delete(caldavPath)).statusCode).toBe(404);
    expect((await connectionOf(ann))?.serverUrl).toBe(alice.serverUrl);
  });

  it('never answers or logs the app password', () => {
    expect(responses.length).toBeGreaterThan(10);
    for (const response of responses) expect(response.body).not.toContain(alice.password);
    const log = lines.join('');
    expect(log.length).toBeGreaterThan(0);
    expect(log).not.toContain(alice.password);
    expect(log).not.toContain(Buffer.from(`${alice.username}:${alice.password}`).toString('base64'));
  });
});
