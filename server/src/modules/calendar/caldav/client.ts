import { createAccount, getBasicAuthHeaders, propfind, type DAVAccount } from 'tsdav';
import { caldavMessages, type CaldavCalendar } from '@common/calendar-caldav';
import { guardedFetch } from '../../../net/guarded-fetch';
import { PrivateAddressError } from '../../../net/outgoing-address';

// The product's CalDAV client: tsdav over the private-address guard, with Basic auth (an app password). Every
// failure becomes a CaldavError whose message is one the user can act on; nothing here logs or keeps the password.

export interface CaldavCredentials {
  serverUrl: string;
  username: string;
  password: string;
}

export interface CaldavOptions {
  /** The operator's ALLOW_PRIVATE_HOSTS. */
  allowPrivate: boolean;
  /** How long one request may take; 20 s unless a test says otherwise. */
  timeoutMs?: number;
}

const REQUEST_TIMEOUT_MS = 20_000;

/** A failure as the user reads it (one of caldavMessages); `status` is the server's HTTP answer, when it gave one. */
export class CaldavError extends Error {
  override readonly name = 'CaldavError';
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

/** A connection to one account: its headers and a fetch that remembers whether the server refused the password. */
export interface CaldavTransport {
  headers: Record<string, string>;
  fetch: typeof fetch;
  refusedCredentials(): boolean;
}

export function caldavTransport(credentials: CaldavCredentials, options: CaldavOptions): CaldavTransport {
  const guarded = guardedFetch({ allowPrivate: options.allowPrivate });
  const timeoutMs = options.timeoutMs ?? REQUEST_TIMEOUT_MS;
  let refused = false;
  return {
    headers: getBasicAuthHeaders({ username: credentials.username, password: credentials.password }),
    fetch: async (input, init) => {
      const timeout = AbortSignal.timeout(timeoutMs);
      const signal = init?.signal ? AbortSignal.any([init.signal, timeout]) : timeout;
      const response = await guarded(input, { ...init, signal });
      if (response.status === 401) refused = true;
      return buffered(response);
    },
    refusedCredentials: () => refused,
  };
}

/** The most of one answer read; a calendar's listing or an event is far less. */
const MAX_ANSWER_BYTES = 20 * 1024 * 1024;

/**
 * The answer read whole (within the request's time limit), so its connection is free again at once: tsdav leaves
 * some answers unread (its discovery's), which would hold a connection each until collected, and a server that
 * allows few (Radicale: 8) would then stop answering.
 */
async function buffered(response: Response): Promise<Response> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (response.body) {
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      size += chunk.byteLength;
      if (size > MAX_ANSWER_BYTES) {
        await response.body.cancel().catch(() => undefined);
        throw new CaldavError(caldavMessages.answerTooLarge);
      }
      chunks.push(chunk);
    }
  }
  const hasBody = response.body !== null && response.status !== 204 && response.status !== 304;
  return new Response(hasBody ? Buffer.concat(chunks) : null, {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  });
}

const networkCodes: Record<string, string> = {
  ENOTFOUND: caldavMessages.serverNotFound,
  EAI_AGAIN: caldavMessages.serverNotFound,
  ENODATA: caldavMessages.serverNotFound,
  ETIMEOUT: caldavMessages.timeout,
  ETIMEDOUT: caldavMessages.timeout,
  ECONNREFUSED: caldavMessages.unreachable,
  ECONNRESET: caldavMessages.unreachable,
  EHOSTUNREACH: caldavMessages.unreachable,
  ENETUNREACH: caldavMessages.unreachable,
  EPIPE: caldavMessages.unreachable,
};

/** The cause of a failed request, found through `cause` chains (fetch wraps the socket's error). */
function causeCode(error: unknown): string | undefined {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined, i = 0; e && i < 5; e = e.cause as never, i++) {
    if (typeof e.code === 'string') return e.code;
  }
  return undefined;
}

/** Any failure of a request to the server, as a CaldavError the user can read. */
export function explainFailure(error: unknown, transport?: CaldavTransport): CaldavError {
  if (error instanceof CaldavError) return error;
  if (transport?.refusedCredentials()) return new CaldavError(caldavMessages.wrongPassword, 401);
  if (error instanceof PrivateAddressError) return new CaldavError(caldavMessages.privateAddress);
  const name = (error as { name?: unknown } | null)?.name;
  if (name === 'TimeoutError' || name === 'AbortError') return new CaldavError(caldavMessages.timeout);
  const code = causeCode(error);
  if (code && networkCodes[code]) return new CaldavError(networkCodes[code]);
  if (code && (code.startsWith('ERR_TLS') || code.includes('CERT') || code === 'DEPTH_ZERO_SELF_SIGNED_CERT'))
    return new CaldavError(caldavMessages.tlsFailed);
  if (code?.startsWith('E')) return new CaldavError(caldavMessages.unreachable);
  // tsdav's own "cannot find principalUrl / homeUrl", an answer that is not WebDAV XML, and the like.
  return new CaldavError(caldavMessages.notCaldav);
}

/** Finds the account's principal and calendar home (tsdav's discovery, .well-known first). */
export async function connectAccount(credentials: CaldavCredentials, transport: CaldavTransport): Promise<DAVAccount> {
  try {
    return await createAccount({
      account: { serverUrl: credentials.serverUrl, accountType: 'caldav' },
      headers: transport.headers,
      fetch: transport.fetch,
    });
  } catch (error) {
    throw explainFailure(error, transport);
  }
}

const nameOf = (displayName: unknown, url: string) =>
  typeof displayName === 'string' && displayName.trim()
    ? displayName.trim()
    : decodeURIComponent(url.replace(/\/$/, '').split('/').pop() ?? url);

/** The component names of a `supported-calendar-component-set` as tsdav parses it: one `comp` or a list. */
function componentNames(set: unknown): string[] {
  const comps = Array.isArray(set) ? set : set && typeof set === 'object' ? [set] : [];
  return comps
    .map((comp) => (comp as { _attributes?: { name?: unknown } })?._attributes?.name)
    .filter((name): name is string => typeof name === 'string' && name.length > 0);
}

/**
 * The account's calendars that hold events (VEVENT), by name; a server listing none is refused. One PROPFIND of the
 * calendar home: tsdav's `fetchCalendars` also asks every calendar for its reports, a request each, all at once,
 * which an account of many calendars makes slow (and a server allowing few connections makes wait).
 */
export async function listEventCalendars(account: DAVAccount, transport: CaldavTransport): Promise<CaldavCalendar[]> {
  let calendars;
  try {
    const answers = await propfind({
      url: account.homeUrl ?? '',
      props: { 'd:displayname': {}, 'd:resourcetype': {}, 'c:supported-calendar-component-set': {} },
      depth: '1',
      headers: transport.headers,
      fetch: transport.fetch,
    });
    calendars = answers.flatMap((answer) => {
      // tsdav parses the XML into plain objects of unknown shape: read as such.
      const props = (answer.props ?? {}) as Record<string, unknown>;
      const types = props.resourcetype && typeof props.resourcetype === 'object' ? props.resourcetype : {};
      if (!Object.keys(types).includes('calendar')) return [];
      const name = props.displayname as { _cdata?: unknown } | string | undefined;
      const set = props.supportedCalendarComponentSet as { comp?: unknown } | undefined;
      return [
        {
          url: new URL(answer.href ?? '', account.rootUrl ?? account.homeUrl).href,
          displayName: typeof name === 'object' ? name._cdata : name,
          components: componentNames(set?.comp),
        },
      ];
    });
  } catch (error) {
    throw explainFailure(error, transport);
  }
  const events = calendars
    .filter((calendar) => !calendar.components.length || calendar.components.includes('VEVENT'))
    .map((calendar) => ({ url: calendar.url, name: nameOf(calendar.displayName, calendar.url) }))
    .sort((a, b) => a.name.localeCompare(b.name));
  if (!events.length) throw new CaldavError(caldavMessages.noCalendars);
  return events;
}

/** Connects and lists: what "Test connection" and a save check. */
export async function discoverCalendars(credentials: CaldavCredentials, options: CaldavOptions) {
  const transport = caldavTransport(credentials, options);
  const account = await connectAccount(credentials, transport);
  return listEventCalendars(account, transport);
}

/** The refusal of a PUT or DELETE, by status. */
function refusal(status: number): CaldavError {
  if (status === 401) return new CaldavError(caldavMessages.wrongPassword, status);
  // 409: PUT into a collection that is gone (RFC 4918 §9.7.1); 404 and 410 likewise.
  if (status === 404 || status === 409 || status === 410) return new CaldavError(caldavMessages.calendarGone, status);
  return new CaldavError(`${caldavMessages.serverRefused} (HTTP ${status})`, status);
}

/** The address of an event in a calendar: the calendar's URL and a file name of our own (stable per record). */
export const eventHref = (calendarUrl: string, fileName: string) =>
  new URL(encodeURIComponent(fileName), calendarUrl.endsWith('/') ? calendarUrl : `${calendarUrl}/`).href;

/**
 * Writes one event at `href`, creating or replacing it: the same PUT whether it is new or changed, so a retry
 * cannot make a second one. Answers the server's ETag, when it sends one.
 */
export async function putEvent(transport: CaldavTransport, href: string, ics: string): Promise<string | null> {
  let response: Response;
  try {
    response = await transport.fetch(href, {
      method: 'PUT',
      headers: { ...transport.headers, 'content-type': 'text/calendar; charset=utf-8' },
      body: ics,
    });
  } catch (error) {
    throw explainFailure(error, transport);
  }
  await response.body?.cancel();
  if (!response.ok) throw refusal(response.status);
  return response.headers.get('etag');
}

/** Deletes one event; one already gone (404, 410) is as good as deleted. */
export async function deleteEvent(transport: CaldavTransport, href: string): Promise<void> {
  let response: Response;
  try {
    response = await transport.fetch(href, { method: 'DELETE', headers: transport.headers });
  } catch (error) {
    throw explainFailure(error, transport);
  }
  await response.body?.cancel();
  if (response.ok || response.status === 404 || response.status === 410) return;
  throw refusal(response.status);
}
