import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { del, get, post } from '@common/api-route';
import { ApiError, call, send } from './api';

function answer(status: number, body?: unknown, contentType = 'application/json') {
  const text = body === undefined ? null : typeof body === 'string' ? body : JSON.stringify(body);
  return vi.fn(async () => new Response(text, { status, headers: { 'content-type': contentType } }));
}

const requestOf = (fetchMock: ReturnType<typeof answer>, index = 0) =>
  fetchMock.mock.calls[index] as unknown as [string, RequestInit];

// Routes of a test's own (no real area's): what `call()` does with a route's path, params, query and body.
const thing = z.object({ id: z.string() });
const routes = {
  create: post('/things', { body: z.object({ name: z.string() }), response: thing, status: 201 }),
  one: get('/things/:id', { params: z.object({ id: z.string() }), response: thing }),
  list: get('/things', { query: z.object({ q: z.string().optional(), limit: z.number(), tag: z.array(z.string()) }) }),
  remove: del('/things/:id', { params: z.object({ id: z.string() }), status: 204 }),
  feed: get('/feeds/:token.ics'),
  anything: get('/anything', { response: z.unknown() }),
};

afterEach(() => vi.unstubAllGlobals());

describe('call()', () => {
  it('sends JSON with same-origin credentials and parses the answer with the route’s schema', async () => {
    const fetchMock = answer(201, { id: '1', extra: true });
    vi.stubGlobal('fetch', fetchMock);
    const result = await call(routes.create, { body: { name: 'A' } });
    expect(result).toEqual({ id: '1' });
    const [path, init] = requestOf(fetchMock);
    expect(path).toBe('/things');
    expect(init).toMatchObject({ method: 'POST', credentials: 'same-origin', body: '{"name":"A"}' });
    expect((init.headers as Record<string, string>)['Content-Type']).toBe('application/json');
  });

  it('fills the path’s params, encoded, and a param followed by a suffix', async () => {
    const fetchMock = answer(200, { id: '1' });
    vi.stubGlobal('fetch', fetchMock);
    await call(routes.one, { params: { id: 'a/b c' } });
    await send<typeof routes.feed>(routes.feed, { params: { token: 'abc' } });
    expect(requestOf(fetchMock, 0)[0]).toBe('/things/a%2Fb%20c');
    expect(requestOf(fetchMock, 1)[0]).toBe('/feeds/abc.ics');
  });

  it('writes the query in order, leaves out what is unset, and repeats a list’s key', async () => {
    const fetchMock = answer(200);
    vi.stubGlobal('fetch', fetchMock);
    await call(routes.list, { query: { q: undefined, limit: 20, tag: ['a', 'b'] } });
    expect(requestOf(fetchMock)[0]).toBe('/things?limit=20&tag=a&tag=b');
  });

  it('passes the abort signal of a GET to fetch', async () => {
    const fetchMock = answer(200, { id: '1' });
    vi.stubGlobal('fetch', fetchMock);
    const controller = new AbortController();
    await call(routes.one, { params: { id: '1' }, signal: controller.signal });
    expect(requestOf(fetchMock)[1].signal).toBe(controller.signal);
  });

  it('sends no body and no content type on GET and DELETE, and accepts 204', async () => {
    const fetchMock = answer(204);
    vi.stubGlobal('fetch', fetchMock);
    await expect(call(routes.remove, { params: { id: '1' } })).resolves.toBeUndefined();
    const [, init] = requestOf(fetchMock);
    expect(init.body).toBeUndefined();
    expect((init.headers as Record<string, string>)['Content-Type']).toBeUndefined();
  });

  it('throws ApiError with the error and field messages of a non-2xx answer', async () => {
    vi.stubGlobal('fetch', answer(400, { error: 'Invalid input', fields: { name: 'Name is required' } }));
    const error = await call(routes.create, { body: { name: '' } }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, error: 'Invalid input', fields: { name: 'Name is required' } });
  });

  it('takes an error body without fields, and ignores one of another shape', async () => {
    vi.stubGlobal('fetch', answer(401, { error: 'Not signed in' }));
    await expect(call(routes.anything)).rejects.toMatchObject({ status: 401, error: 'Not signed in', fields: {} });
    for (const body of [{ error: 'Bad', fields: { name: 5 } }, { error: 'Bad', fields: null }, { error: 7 }, ['Bad']]) {
      vi.stubGlobal('fetch', answer(400, body));
      await expect(call(routes.create, { body: { name: 'A' } })).rejects.toMatchObject({
        status: 400,
        error: 'Request failed',
        fields: {},
      });
    }
  });

  it('still throws ApiError when the error body is not JSON', async () => {
    vi.stubGlobal('fetch', answer(502, '<html>Bad gateway</html>', 'text/html'));
    const error = await call(routes.anything).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ status: 502, fields: {} });
  });

  it('rejects a success answer that does not match the route’s schema', async () => {
    vi.stubGlobal('fetch', answer(200, { id: 5 }));
    await expect(call(routes.one, { params: { id: '1' } })).rejects.toThrow();
  });

  it('lets send() hand back the answer unread, for a page that reads it itself', async () => {
    vi.stubGlobal('fetch', answer(200, { id: 5 }));
    await expect(send<typeof routes.one>(routes.one, { params: { id: '1' } })).resolves.toEqual({ id: 5 });
  });
});
