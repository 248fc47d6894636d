import { randomBytes } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { UserClient } from './test-app';

// Helpers of the CalDAV tests, against the throw-away Radicale of scripts/caldav-server.sh (CALDAV_TEST_*).

export interface CaldavTestAccount {
  serverUrl: string;
  username: string;
  password: string;
}

/** The test server's first (or second) account; null when no CalDAV server was started. */
export function caldavTestAccount(which: 1 | 2 = 1): CaldavTestAccount | null {
  const serverUrl = process.env.CALDAV_TEST_URL;
  const username = process.env[which === 1 ? 'CALDAV_TEST_USER' : 'CALDAV_TEST_USER2'];
  const password = process.env[which === 1 ? 'CALDAV_TEST_PASSWORD' : 'CALDAV_TEST_PASSWORD2'];
  if (!serverUrl || !username || !password) return null;
  return { serverUrl, username, password };
}

const basic = (account: CaldavTestAccount) =>
  `Basic ${Buffer.from(`${account.username}:${account.password}`).toString('base64')}`;

/** A new event calendar of the account (MKCALENDAR), named `name`; answers its URL. */
export async function makeTestCalendar(account: CaldavTestAccount, name: string): Promise<string> {
  const url = new URL(
    `${account.username}/${name.toLowerCase().replace(/\W+/g, '-')}-${randomBytes(3).toString('hex')}/`,
    account.serverUrl,
  ).href;
  const response = await fetch(url, {
    method: 'MKCALENDAR',
    headers: { authorization: basic(account), 'content-type': 'application/xml; charset=utf-8' },
    body: `<?xml version="1.0" encoding="utf-8"?>
<C:mkcalendar xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav">
  <D:set><D:prop>
    <D:displayname>${name}</D:displayname>
    <C:supported-calendar-component-set><C:comp name="VEVENT"/></C:supported-calendar-component-set>
  </D:prop></D:set>
</C:mkcalendar>`,
  });
  // Each answer is read whole, so its connection is free again (the test server allows few at once).
  const text = await response.text();
  if (response.status !== 201) throw new Error(`MKCALENDAR ${url}: ${response.status} ${text}`);
  return url;
}

/** Stores one event (an iCalendar text) in the calendar as a calendar app does (PUT); answers its address. */
export async function putTestEvent(
  account: CaldavTestAccount,
  calendarUrl: string,
  name: string,
  text: string,
): Promise<string> {
  const href = new URL(`${name}.ics`, calendarUrl).href;
  const response = await fetch(href, {
    method: 'PUT',
    headers: { authorization: basic(account), 'content-type': 'text/calendar; charset=utf-8' },
    body: text,
  });
  const answer = await response.text();
  if (response.status !== 201 && response.status !== 204) throw new Error(`PUT ${href}: ${response.status} ${answer}`);
  return href;
}

/** Deletes a calendar on the server, as its owner might in their calendar app. */
export async function deleteTestCalendar(account: CaldavTestAccount, calendarUrl: string): Promise<void> {
  const response = await fetch(calendarUrl, { method: 'DELETE', headers: { authorization: basic(account) } });
  await response.text();
  if (!response.ok) throw new Error(`DELETE ${calendarUrl}: ${response.status}`);
}

/** The calendar's event files as the server lists them (PROPFIND depth 1): their addresses. */
export async function eventsIn(account: CaldavTestAccount, calendarUrl: string): Promise<string[]> {
  const response = await fetch(calendarUrl, {
    method: 'PROPFIND',
    headers: { authorization: basic(account), depth: '1', 'content-type': 'application/xml' },
    body: '<?xml version="1.0"?><D:propfind xmlns:D="DAV:"><D:prop><D:getetag/></D:prop></D:propfind>',
  });
  const xml = await response.text();
  if (response.status !== 207) throw new Error(`PROPFIND ${calendarUrl}: ${response.status}`);
  return [...xml.matchAll(/<(?:\w+:)?href>([^<]+\.ics)<\/(?:\w+:)?href>/g)].map(
    (match) => new URL(match[1]!, calendarUrl).href,
  );
}

/** One event's iCalendar text, or null when the server has none there. */
export async function eventText(account: CaldavTestAccount, href: string): Promise<string | null> {
  const response = await fetch(href, { headers: { authorization: basic(account) } });
  const text = await response.text();
  if (response.status === 404) return null;
  if (!response.ok) throw new Error(`GET ${href}: ${response.status}`);
  return text;
}

export const caldavPath = '/api/calendar/integration/caldav';

/** A PUT (UserClient has none) as the user. */
export const putAs = (
  app: FastifyInstance,
  user: UserClient,
  url: string,
  body: unknown,
): Promise<LightMyRequestResponse> =>
  app.inject({ method: 'PUT', url, headers: { cookie: user.cookie }, payload: body as object });

/** The user's connection saved with these calendars, checked to succeed. */
export async function connectCaldav(
  app: FastifyInstance,
  user: UserClient,
  account: CaldavTestAccount,
  body: { publishCalendarUrl: string } & Record<string, unknown>,
): Promise<LightMyRequestResponse> {
  const response = await putAs(app, user, caldavPath, {
    serverUrl: account.serverUrl,
    username: account.username,
    password: account.password,
    ...body,
  });
  if (response.statusCode !== 200) throw new Error(`save failed: ${response.statusCode} ${response.body}`);
  return response;
}

/** Resolves once `done()` holds, polling; fails past `ms`. */
export async function until(done: () => boolean | Promise<boolean>, ms = 20_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await done())) {
    if (Date.now() > end) throw new Error('waited too long');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
