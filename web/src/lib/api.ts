import type { z } from 'zod';
import { errorBodySchema } from '@common/http';

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

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

async function readError(response: Response): Promise<ApiError> {
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    // Not JSON (a proxy page, an empty body): fall back to the status text below.
  }
  const parsed = errorBodySchema.safeParse(body);
  if (parsed.success) return new ApiError(response.status, parsed.data.error, parsed.data.fields);
  return new ApiError(response.status, response.statusText || 'Request failed');
}

async function request<T>(method: Method, path: string, body?: unknown, schema?: z.ZodType<T>): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const init: RequestInit = { method, credentials: 'same-origin', headers };
  if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  const response = await fetch(path, init);
  if (!response.ok) throw await readError(response);
  if (response.status === 204 || !schema) return undefined as T;
  return schema.parse(await response.json());
}

export const api = {
  get: <T>(path: string, schema: z.ZodType<T>) => request('GET', path, undefined, schema),
  post: <T = void>(path: string, body: unknown = {}, schema?: z.ZodType<T>) => request('POST', path, body, schema),
  patch: <T = void>(path: string, body: unknown, schema?: z.ZodType<T>) => request('PATCH', path, body, schema),
  put: <T = void>(path: string, body: unknown, schema?: z.ZodType<T>) => request('PUT', path, body, schema),
  delete: <T = void>(path: string, body?: unknown, schema?: z.ZodType<T>) => request('DELETE', path, body, schema),
};

export function isApiError(error: unknown, status?: number): error is ApiError {
  return error instanceof ApiError && (status === undefined || error.status === status);
}
