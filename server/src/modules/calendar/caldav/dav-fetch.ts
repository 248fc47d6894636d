import { calendarBusyMessages } from '@common/calendar-busy-messages';
import { guardedFetch } from '../../../net/guarded-fetch';
import { PrivateAddressError } from '../../../net/outgoing-address';

// tsdav reads a failed or non-XML answer as an empty result, which would look like a calendar with no events and
// clear its busy times. So the fetch it is given refuses every answer but a multistatus (all the sync asks are
// PROPFIND and REPORT), and stops reading an answer past a size limit.

export class DavStatusError extends Error {
  override readonly name = 'DavStatusError';

  constructor(
    readonly status: number,
    readonly statusText: string,
  ) {
    super(`${status} ${statusText}`.trim());
  }
}

export class DavTooLargeError extends Error {
  override readonly name = 'DavTooLargeError';
}

/** A body that fails once more than `maxBytes` have passed. */
function capped(body: ReadableStream<Uint8Array>, maxBytes: number): ReadableStream<Uint8Array> {
  let seen = 0;
  return body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        seen += chunk.byteLength;
        if (seen > maxBytes) controller.error(new DavTooLargeError(`More than ${maxBytes} bytes`));
        else controller.enqueue(chunk);
      },
    }),
  );
}

/** `fetch` for tsdav: a multistatus answer of at most `maxBytes`, or an error. */
export function multistatusFetch(fetch: typeof globalThis.fetch, maxBytes: number): typeof globalThis.fetch {
  return async (input, init) => {
    const response = await fetch(input, init);
    if (response.status !== 207) {
      await response.body?.cancel().catch(() => undefined);
      throw new DavStatusError(response.status, response.statusText);
    }
    if (!response.body) return response;
    return new Response(capped(response.body, maxBytes), {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
  };
}

const codeOf = (error: unknown): unknown =>
  error instanceof Error ? ((error as { code?: unknown }).code ?? codeOf(error.cause)) : undefined;

/** Why a calendar could not be read, in the user's words (never the password or the request). */
export function syncErrorMessage(error: unknown): string {
  if (error instanceof DavStatusError) {
    if (error.status === 401 || error.status === 403) return calendarBusyMessages.wrongPassword;
    if (error.status === 404 || error.status === 410) return calendarBusyMessages.calendarNotFound;
    return `${calendarBusyMessages.serverAnswered} ${error.message}`;
  }
  if (error instanceof DavTooLargeError) return calendarBusyMessages.tooLarge;
  if (error instanceof PrivateAddressError) return calendarBusyMessages.privateAddress;
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
    return calendarBusyMessages.timeout;
  }
  const code = codeOf(error);
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return calendarBusyMessages.hostNotFound;
  if (code === 'ETIMEDOUT' || code === 'ETIMEOUT') return calendarBusyMessages.timeout;
  if (typeof code === 'string' && code.startsWith('E')) return calendarBusyMessages.unreachable;
  return calendarBusyMessages.unreadable;
}

/** What each of tsdav's requests is given: the account's Basic auth, the fetch, a time limit. */
export interface DavRequestOptions {
  headers: Record<string, string>;
  fetch: typeof globalThis.fetch;
  fetchOptions: RequestInit;
}

export interface DavReadOptions {
  /** The fetch every request goes through; by default the private-address guard's. */
  fetch?: typeof globalThis.fetch;
  /** For the default fetch: may the calendar server be on a private address (ALLOW_PRIVATE_HOSTS)? */
  allowPrivateHosts?: boolean;
  /** One calendar's requests, together. */
  timeoutMs?: number;
  /** One answer's size. */
  maxResponseBytes?: number;
}

const DEFAULT_TIMEOUT_MS = 30_000;
const DEFAULT_MAX_RESPONSE_BYTES = 20 * 1024 * 1024;

/**
 * The reads of one account: each call answers a calendar's request options, with a time limit of its own that all of
 * that calendar's requests share.
 */
export function davReads(
  credentials: { username: string; password: string },
  options: DavReadOptions,
): () => DavRequestOptions {
  const baseFetch = options.fetch ?? guardedFetch({ allowPrivate: options.allowPrivateHosts ?? false });
  const fetch = multistatusFetch(baseFetch, options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES);
  const authorization = `Basic ${Buffer.from(`${credentials.username}:${credentials.password}`).toString('base64')}`;
  return () => ({
    headers: { authorization },
    fetch,
    fetchOptions: { signal: AbortSignal.timeout(options.timeoutMs ?? DEFAULT_TIMEOUT_MS) },
  });
}
