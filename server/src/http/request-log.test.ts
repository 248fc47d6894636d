import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { prettyFactory } from 'pino-pretty';
import { describe, expect, it } from 'vitest';
import type { Config } from '../config';
import { handleError } from './error-handler';
import { isStaticFile, prettyOptions, RequestLog, requestLine } from './request-log';

/** A bare server with the app's request log, its entries caught as JSON lines. */
async function serverLogging(format: Config['logFormat']) {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  const app = Fastify({ logger: { level: 'trace', stream }, logController: new RequestLog(format) });
  app.setErrorHandler(handleError);
  app.setNotFoundHandler((_req, reply) => reply.code(404).send({ error: 'Not found' }));
  app.get('/api/health', async () => ({ ok: true }));
  app.get('/api/boom', async () => {
    throw new Error('kaput');
  });
  app.get('/assets/index-abc123.js', async (_req, reply) => reply.type('text/javascript').send('export {}'));
  app.get('/app/dashboard', async (_req, reply) => reply.type('text/html').send('<!doctype html>'));
  const entries = async (url: string) => {
    lines.length = 0;
    await app.inject({ method: 'GET', url });
    return lines.map((line) => JSON.parse(line) as Record<string, unknown>);
  };
  return { app, entries, lines };
}

const DEBUG = 20;
const INFO = 30;
const ERROR = 50;

describe('the request line', () => {
  it('reads method, path, status and time; the query string stays out', () => {
    expect(requestLine('GET', '/api/contacts?q=ann', 200, 12.4)).toBe('GET /api/contacts 200 12 ms');
    expect(requestLine('POST', '/api/deals', 201, 3.456)).toBe('POST /api/deals 201 3.5 ms');
    expect(requestLine('DELETE', '/api/tasks/1', 404, 0.04)).toBe('DELETE /api/tasks/1 404 0.0 ms');
  });

  it('tells a file of the web app from a page and from the API', () => {
    expect(isStaticFile('/assets/index-abc123.js')).toBe(true);
    expect(isStaticFile('/favicon.svg?v=2')).toBe(true);
    expect(isStaticFile('/app/dashboard')).toBe(false);
    expect(isStaticFile('/api/openapi.json')).toBe(false);
  });
});

describe('the pretty format (a terminal)', () => {
  it('writes one line per request, each JavaScript file at debug', async () => {
    const { app, entries } = await serverLogging('pretty');
    const pretty = prettyFactory({ ...prettyOptions, colorize: false });
    const shown = async (url: string) => {
      const [entry, ...more] = await entries(url);
      expect(more).toEqual([]);
      return { entry: entry!, text: pretty(entry) };
    };

    const health = await shown('/api/health');
    expect(health.entry).toMatchObject({ level: INFO, msg: expect.stringMatching(/^GET \/api\/health 200 \d/) });
    expect(health.text).toMatch(/^\[\d\d:\d\d:\d\d\] INFO: GET \/api\/health 200 \d+(\.\d)? ms\n$/);

    const page = await shown('/app/dashboard');
    expect(page.entry.level).toBe(INFO);
    expect(page.text.trimEnd().split('\n')).toHaveLength(1);

    const script = await shown('/assets/index-abc123.js');
    expect(script.entry).toMatchObject({
      level: DEBUG,
      msg: expect.stringMatching(/^GET \/assets\/index-abc123\.js 200/),
    });
    expect(script.text.trimEnd().split('\n')).toHaveLength(1);

    const missing = await shown('/assets/missing.js');
    expect(missing.entry).toMatchObject({ level: INFO, msg: expect.stringMatching(/^GET \/assets\/missing\.js 404/) });
    await app.close();
  });

  it('writes a failed request’s error with its stack, then the request’s line', async () => {
    const { app, entries } = await serverLogging('pretty');
    const [error, line, ...more] = await entries('/api/boom');
    expect(error).toMatchObject({ level: ERROR, err: { message: 'kaput', stack: expect.stringContaining('kaput') } });
    expect(line).toMatchObject({ level: INFO, msg: expect.stringMatching(/^GET \/api\/boom 500 /) });
    expect(more).toEqual([]);
    await app.close();
  });
});

describe('the JSON format (LOG_FORMAT=json)', () => {
  it('writes one object per request with the request and the reply, each JavaScript file at debug', async () => {
    const { app, entries } = await serverLogging('json');
    expect(await entries('/api/health')).toEqual([
      expect.objectContaining({
        level: INFO,
        msg: 'request completed',
        req: expect.objectContaining({ method: 'GET', url: '/api/health' }),
        res: { statusCode: 200 },
        responseTime: expect.any(Number),
        reqId: expect.any(String),
      }),
    ]);
    expect(await entries('/assets/index-abc123.js')).toEqual([
      expect.objectContaining({ level: DEBUG, msg: 'request completed', res: { statusCode: 200 } }),
    ]);
    await app.close();
  });
});
