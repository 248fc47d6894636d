import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guardedFetch } from './guarded-fetch';
import { PrivateAddressError } from './outgoing-address';

let server: Server;
let origin: string;
const received: Array<{ method?: string; url?: string; headers: IncomingMessage['headers']; body: string }> = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    const parts: Buffer[] = [];
    request.on('data', (part: Buffer) => parts.push(part));
    request.on('end', () => {
      received.push({
        method: request.method,
        url: request.url,
        headers: request.headers,
        body: Buffer.concat(parts).toString(),
      });
      if (request.url === '/stream') {
        response.writeHead(200, { 'content-type': 'text/event-stream', 'x-multi': ['a', 'b'] });
        response.write('data: one\n\n');
        setTimeout(() => response.end('data: two\n\n'), 20);
      } else if (request.url === '/hang') {
        response.writeHead(200, { 'content-type': 'text/plain' });
        response.write('first');
      } else if (request.url === '/empty') {
        response.writeHead(204);
        response.end();
      } else {
        response.writeHead(429, { 'content-type': 'application/json', 'retry-after': '3' });
        response.end(JSON.stringify({ error: { message: 'slow down' } }));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe('the guarded fetch', () => {
  it('sends the method, headers and body, and streams the answer back as a Response', async () => {
    const allowed = guardedFetch({ allowPrivate: true });
    const response = await allowed(`${origin}/stream`, {
      method: 'POST',
      headers: { authorization: 'Bearer k', 'content-type': 'application/json' },
      body: JSON.stringify({ hello: 'wörld' }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/event-stream');
    expect(response.headers.get('x-multi')).toBe('a, b');
    expect(await response.text()).toBe('data: one\n\ndata: two\n\n');
    const sent = received.at(-1)!;
    expect(sent).toMatchObject({ method: 'POST', url: '/stream', body: '{"hello":"wörld"}' });
    expect(sent.headers).toMatchObject({ authorization: 'Bearer k', 'content-type': 'application/json' });
    expect(sent.headers['content-length']).toBe(String(Buffer.byteLength('{"hello":"wörld"}')));
    // No compression is asked for: the body comes back as sent.
    expect(sent.headers['accept-encoding']).toBeUndefined();
  });

  it('answers error statuses and empty bodies as they are', async () => {
    const allowed = guardedFetch({ allowPrivate: true });
    const limited = await allowed(`${origin}/limited`);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('3');
    expect(await limited.json()).toEqual({ error: { message: 'slow down' } });
    const empty = await allowed(`${origin}/empty`, { method: 'DELETE' });
    expect(empty.status).toBe(204);
    expect(await empty.text()).toBe('');
  });

  it('refuses a loopback or private address unless private hosts are allowed, sending nothing', async () => {
    const guarded = guardedFetch({ allowPrivate: false });
    const before = received.length;
    for (const url of [
      `${origin}/stream`,
      'http://localhost:1/v1',
      'http://[::1]:1/',
      'http://169.254.169.254/latest',
    ]) {
      await expect(guarded(url, { method: 'POST', body: '{}' })).rejects.toBeInstanceOf(PrivateAddressError);
    }
    expect(received.length).toBe(before);
  });

  it('refuses other protocols', async () => {
    await expect(guardedFetch({ allowPrivate: true })('file:///etc/passwd')).rejects.toThrow(/Only http and https/);
  });

  it('ends the request when its signal aborts, mid-body too', async () => {
    const allowed = guardedFetch({ allowPrivate: true });
    const controller = new AbortController();
    const response = await allowed(`${origin}/hang`, { signal: controller.signal });
    const reader = response.body!.getReader();
    expect(new TextDecoder().decode((await reader.read()).value)).toBe('first');
    controller.abort();
    await expect(reader.read()).rejects.toThrow();
    const aborted = new AbortController();
    aborted.abort();
    await expect(allowed(`${origin}/stream`, { signal: aborted.signal })).rejects.toThrow();
  });
});
