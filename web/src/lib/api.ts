import type { z } from 'zod';
import type { ApiRoute, HttpMethod, PathParams } from '@common/api-route';
import { urlOf, type QueryValue } from '@common/api-url';
import type { ErrorBody } from '@common/http';

/** What reads a response body: a zod schema, or any object with the same `parse`. */
export interface Parser<T> {
  parse(data: unknown): T;
}

/** A non-2xx answer of our API, carrying the server's `{ error, fields }` body. */
export class ApiError extends Error {
  readonly status: number;
  readonly error: string;
  readonly fields: Record<string, string>;

  constructor(status: number, error: string, fields: Record<string, string> = {}) {
    super(error);
    this.name = 'ApiError';
    this.status = status;
    this.error = error;
    this.fields = fields;
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The `{ error, fields? }` body of every API error (`errorBodySchema` in common/http.ts), checked by hand:
 * every page loads this file, and zod should load only with the pages that use it.
 */
function asErrorBody(body: unknown): ErrorBody | null {
  if (!isRecord(body) || typeof body.error !== 'string') return null;
  if (body.fields === undefined) return { error: body.error };
  if (!isRecord(body.fields)) return null;
  const fields: Record<string, string> = {};
  for (const [key, value] of Object.entries(body.fields)) {
    if (typeof value !== 'string') return null;
    fields[key] = value;
  }
  return { error: body.error, fields };
}

/** The ApiError of a non-2xx response (its `{ error, fields }` body, else its status text). */
export async function readError(response: Response): Promise<ApiError> {
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    // Not JSON (a proxy page, an empty body): fall back to the status text below.
  }
  const parsed = asErrorBody(body);
  if (parsed) return new ApiError(response.status, parsed.error, parsed.fields);
  return new ApiError(response.status, response.statusText || 'Request failed');
}

async function request<T>(
  method: HttpMethod,
  path: string,
  body?: unknown,
  schema?: Parser<T>,
  signal?: AbortSignal,
): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const init: RequestInit = { method, credentials: 'same-origin', headers };
  // A query TanStack cancels (a newer search) aborts its request.
  if (signal) init.signal = signal;
  if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  const response = await fetch(path, init);
  if (!response.ok) throw await readError(response);
  if (response.status === 204 || !schema) return undefined as T;
  return schema.parse(await response.json());
}

/** What a call of a route passes: its path's params, its query and its body, each typed from the route. */
export type CallArgs<Route extends ApiRoute> = (keyof PathParams<Route['path']> extends never
  ? { params?: undefined }
  : { params: PathParams<Route['path']> }) &
  (Route['query'] extends z.ZodType
    ? Record<never, never> extends QueryOf<Route['query']>
      ? { query?: QueryOf<Route['query']> }
      : { query: QueryOf<Route['query']> }
    : { query?: undefined }) &
  (Route['body'] extends z.ZodType
    ? undefined extends z.input<Route['body']>
      ? { body?: z.input<Route['body']> }
      : { body: z.input<Route['body']> }
    : { body?: undefined }) & {
    /** A query TanStack cancels (a newer search) aborts its request. */
    signal?: AbortSignal;
  };

/** A query's input, each key as the address carries it (a number coerced on the server may be passed as one). */
type QueryOf<Schema extends z.ZodType> = { [Key in keyof z.input<Schema>]?: z.input<Schema>[Key] & QueryValue };

/** What a route answers: its response schema's output, or nothing. */
export type Answer<Route extends ApiRoute> = Route['response'] extends z.ZodType ? z.output<Route['response']> : void;

type ArgsOf<Route extends ApiRoute> =
  Record<never, never> extends CallArgs<Route> ? [args?: CallArgs<Route>] : [args: CallArgs<Route>];

/**
 * Calls a route of `common/` (common/api-route.ts): fills its path, sends its query and body, reads its answer
 * with its response schema; a non-2xx answer throws an ApiError.
 */
export function call<const Route extends ApiRoute>(route: Route, ...[args]: ArgsOf<Route>): Promise<Answer<Route>> {
  return requestOf(route, args, route.response as Parser<Answer<Route>> | undefined);
}

/**
 * Calls a route by its path-only definition (a zod-free `common/<area>-routes.ts`), its arguments typed from the
 * whole route `Full`: for the pages that load zod late or never, which read the answer themselves.
 */
export function send<Full extends ApiRoute>(
  route: Pick<Full, 'method' | 'path'>,
  ...[args]: ArgsOf<Full>
): Promise<unknown> {
  return requestOf(route, args, { parse: (data) => data });
}

function requestOf<T>(route: Pick<ApiRoute, 'method' | 'path'>, args: unknown, parser: Parser<T> | undefined) {
  const { params, query, body, signal } = (args ?? {}) as {
    params?: Record<string, string>;
    query?: Record<string, QueryValue>;
    body?: unknown;
    signal?: AbortSignal;
  };
  const url = urlOf(route, params, query);
  const sent = body === undefined && route.method !== 'GET' && route.method !== 'DELETE' ? {} : body;
  return request(route.method, url, sent, parser, signal);
}

export function isApiError(error: unknown, status?: number): error is ApiError {
  return error instanceof ApiError && (status === undefined || error.status === status);
}

/**
 * What to tell the user when a change fails: the server's own words when it refused the change
 * (409, or a 400 about the input), else the spec's generic failure message.
 */
export function refusalMessage(error: unknown, fallback: string): string {
  return isApiError(error) && (error.status === 409 || error.status === 400) ? error.error : fallback;
}
