import { createServer } from 'node:net';
import { randomUUID } from 'node:crypto';
import { env } from 'node:process';
import { expect } from 'vitest';

// The test CalDAV server (Radicale, scripts/caldav-server.sh): its settings, and calendars and events made on it as
// its user would, with plain requests.

export const caldavConfigured = Boolean(env.CALDAV_TEST_URL);

export const caldavServer = {
  url: env.CALDAV_TEST_URL ?? '',
  username: env.CALDAV_TEST_USER ?? '',
  password: env.CALDAV_TEST_PASSWORD ?? '',
};

const authorization = () =>
  `Basic ${Buffer.from(`${caldavServer.username}:${caldavServer.password}`).toString('base64')}`;

/** A new, empty calendar of the test user (MKCALENDAR); its path, relative to the server's URL. */
export async function makeCalendar(): Promise<string> {
  const path = `${caldavServer.username}/${randomUUID()}/`;
  const res = await fetch(new URL(path, caldavServer.url), {
    method: 'MKCALENDAR',
    headers: { authorization: authorization() },
  });
  expect(res.status, await res.text()).toBe(201);
  return path;
}

/** Stores one calendar object (an iCalendar text) in the calendar, as a calendar app does (PUT). */
export async function putEvent(calendarPath: string, name: string, text: string): Promise<void> {
  const res = await fetch(new URL(`${calendarPath}${name}.ics`, caldavServer.url), {
    method: 'PUT',
    headers: { authorization: authorization(), 'content-type': 'text/calendar; charset=utf-8' },
    body: text,
  });
  expect([201, 204], await res.text()).toContain(res.status);
}

/** A `fetch` that counts the requests made through it. */
export function countingFetch(fetch: typeof globalThis.fetch) {
  const counted = Object.assign(
    (input: Parameters<typeof fetch>[0], init?: RequestInit) => {
      counted.requests++;
      return fetch(input, init);
    },
    { requests: 0 },
  );
  return counted;
}

/** A loopback port nothing listens on (just freed). */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
