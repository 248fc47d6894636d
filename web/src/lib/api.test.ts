import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { api, ApiError } from './api';

function answer(status: number, body?: unknown, contentType = 'application/json') {
  const text = body === undefined ? null : typeof body === 'string' ? body : JSON.stringify(body);
  return vi.fn(async () => new Response(text, { status, headers: { 'content-type': contentType } }));
}

afterEach(() => vi.unstubAllGlobals());

describe('api', () => {
  it('sends JSON with same-origin credentials and parses the answer with the schema', async () => {
    const fetchMock = answer(201, { id: '1', extra: true });
    vi.stubGlobal('fetch', fetchMock);
    const result = await api.post('/api/things', { name: 'A' }, z.object({ id: z.string() }));
    expect(result).toEqual({ id: '1' });
    const [path, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(path).toBe('/api/things');
    expect(init).toMatchObject({ method: 'POST', credentials: 'same-origin', body: '{"name":"A"}' });
    expect((init.headers as Record<string, string>)['Content-Type']).toBe('application/json');
  });

  it('passes the abort signal of a GET to fetch', async () => {
    const fetchMock = answer(200, { id: '1' });
    vi.stubGlobal('fetch', fetchMock);
    const controller = new AbortController();
    await api.get('/api/things/1', z.object({ id: z.string() }), controller.signal);
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(init.signal).toBe(controller.signal);
  });

  it('sends no body and no content type on GET and DELETE, and accepts 204', async () => {
    const fetchMock = answer(204);
    vi.stubGlobal('fetch', fetchMock);
    await expect(api.delete('/api/things/1')).resolves.toBeUndefined();
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(init.body).toBeUndefined();
    expect((init.headers as Record<string, string>)['Content-Type']).toBeUndefined();
  });

  it('throws ApiError with the error and field messages of a non-2xx answer', async () => {
    vi.stubGlobal('fetch', answer(400, { error: 'Invalid input', fields: { name: 'Name is required' } }));
    const error = await api.post('/api/contacts', {}).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, error: 'Invalid input', fields: { name: 'Name is required' } });
  });

  it('takes an error body without fields, and ignores one of another shape', async () => {
    vi.stubGlobal('fetch', answer(401, { error: 'Not signed in' }));
    await expect(api.get('/api/me', z.unknown())).rejects.toMatchObject({
      status: 401,
      error: 'Not signed in',
      fields: {},
    });
    for (const body of [{ error: 'Bad', fields: { name: 5 } }, { error: 'Bad', fields: null }, { error: 7 }, ['Bad']]) {
      vi.stubGlobal('fetch', answer(400, body));
      await expect(api.post('/api/contacts', {})).rejects.toMatchObject({
        status: 400,
        error: 'Request failed',
        fields: {},
      });
    }
  });

  it('still throws ApiError when the error body is not JSON', async () => {
    vi.stubGlobal('fetch', answer(502, '<html>Bad gateway</html>', 'text/html'));
    const error = await api.get('/api/me', z.unknown()).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ status: 502, fields: {} });
  });

  it('rejects a success answer that does not match the schema', async () => {
    vi.stubGlobal('fetch', answer(200, { id: 5 }));
    await expect(api.get('/api/things/1', z.object({ id: z.string() }))).rejects.toThrow();
  });
});
