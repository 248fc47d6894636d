import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse, RouteOptions } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { authMessages } from '@common/auth-messages';
import { AVATAR_MAX_BYTES, profileMessages } from '@common/profile';
import { buildApp } from '../app';
import { buildTestApp, openTestDatabase, signUp, testConfig, type TestApp } from '../test/test-app';
import { pathSpellings } from '../test/path-spellings';
import { routeCases } from '../test/isolation-cases';
import {
  aReads,
  buildAppWithRoutes,
  makeWorld,
  readAsA,
  routeKeys,
  send,
  type Call,
  type ReadKey,
  type World,
} from '../test/isolation-fixtures';

// Issue 14's abuse cases: guessing passwords, pages of other sites writing with the user's cookie, and uploads.

describe('sign-in attempt limits', () => {
  /** The production default (config.ts), set here because the other tests raise it. */
  const LIMIT = 10;
  let t: TestApp;
  let email: string;
  beforeAll(async () => {
    t = await buildTestApp({ authAttemptsPerMinute: LIMIT });
    email = (await signUp(t.app, 'pat')).email;
  });
  afterAll(() => t?.close());
  // Each case starts from a fresh minute.
  beforeEach(async () => void (await t.database.db.execute(sql`delete from rate_limits`)));

  // Each wrong guess names an address of its own, so the per-account limit (account-throttle.test.ts) stays out of it.
  let guesses = 0;
  const signIn = (url = '/api/auth/sign-in', headers: Record<string, string> = {}, password = 'wrong-password-1') =>
    t.app.inject({
      method: 'POST',
      url,
      payload: { email: password === 'wrong-password-1' ? `guess-${++guesses}@example.com` : email, password },
      headers,
    });

  function expectLimited(statuses: number[]) {
    expect(statuses).toEqual([...Array<number>(LIMIT).fill(401), ...Array<number>(statuses.length - LIMIT).fill(429)]);
  }

  it('answers 429 from the eleventh of twenty wrong passwords, and then to the right one too', async () => {
    const statuses: number[] = [];
    for (let n = 0; n < 20; n++) statuses.push((await signIn()).statusCode);
    expectLimited(statuses);
    const right = await signIn(undefined, {}, 'correct-horse-42');
    expect(right.statusCode).toBe(429);
    expect(right.json()).toEqual({ error: authMessages.tooManyAttempts });
    expect(right.headers['set-cookie']).toBeUndefined();
  });

  it('counts by the connection’s address: a new forged X-Forwarded-For each time changes nothing', async () => {
    const statuses: number[] = [];
    for (let n = 0; n < 20; n++) {
      const forged = {
        'x-forwarded-for': `203.0.113.${n}`,
        'x-real-ip': `198.51.100.${n}`,
        forwarded: `for=10.1.${n}.1`,
      };
      statuses.push((await signIn(undefined, forged)).statusCode);
    }
    expectLimited(statuses);
  });

  // Each way of writing the path either reaches sign-in and counts in its limit, or does not reach it (404).
  it.each([
    '//api/auth/sign-in',
    '/api/auth/sign-in/',
    '/API/AUTH/SIGN-IN',
    '/api/auth/sign-in?x=1',
    '/api//auth/sign-in',
    '/api/auth/./sign-in',
    '/api/auth/sign%2Din',
  ])('gives %s no attempts of its own', async (variant) => {
    const statuses: Array<[string, number]> = [];
    for (let n = 0; n < 20; n++) {
      const url = n % 2 ? variant : '/api/auth/sign-in';
      statuses.push([url, (await signIn(url)).statusCode]);
    }
    const checked = statuses.filter(([, status]) => status === 401);
    expect(checked.length, JSON.stringify(statuses)).toBeLessThanOrEqual(LIMIT);
    for (const [url, status] of statuses) expect([401, 404, 429], `${url} → ${status}`).toContain(status);
    // The limit spent, the variant gets no more than the plain path does.
    expect([404, 429]).toContain((await signIn(variant)).statusCode);
    expect((await signIn()).statusCode).toBe(429);
  });
});

describe('behind one reverse proxy (TRUST_PROXY=1)', () => {
  const LIMIT = 3;
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ authAttemptsPerMinute: LIMIT, trustProxy: 1 });
  }, 120_000);
  afterAll(() => t?.close());

  // nginx appends the address it saw to whatever X-Forwarded-For the client sent: only the right-most is its own.
  const signInVia = (forwardedFor: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email: `nobody-${randomUUID()}@example.com`, password: 'wrong-password-1' },
      headers: { 'x-forwarded-for': forwardedFor },
    });

  it('counts by the address the proxy wrote: a new forged left-most address each time changes nothing', async () => {
    const statuses: number[] = [];
    for (let n = 0; n < 6; n++) statuses.push((await signInVia(`203.0.113.${n}, 198.51.100.7`)).statusCode);
    expect(statuses).toEqual([401, 401, 401, 429, 429, 429]);
    // Another visitor behind the same proxy has attempts of their own.
    expect((await signInVia('198.51.100.8')).statusCode).toBe(401);
  });

  it('counts an IPv6 client by its /64: a new address of it each time changes nothing', async () => {
    const statuses: number[] = [];
    for (let n = 1; n <= 6; n++) statuses.push((await signInVia(`2001:db8:7:1::${n.toString(16)}:${n}`)).statusCode);
    expect(statuses).toEqual([401, 401, 401, 429, 429, 429]);
    expect((await signInVia('::ffff:198.51.100.9')).statusCode).toBe(401);
    expect((await signInVia('198.51.100.9')).statusCode).toBe(401);
    expect((await signInVia('198.51.100.9')).statusCode).toBe(401);
    expect((await signInVia('::ffff:198.51.100.9')).statusCode).toBe(429);
    // The next /64 is another client.
    expect((await signInVia('2001:db8:7:2::1')).statusCode).toBe(401);
  });
});

describe('writes a page of another site could make the browser send', () => {
  let t: TestApp & { routes: RouteOptions[] };
  let w: World;
  let before: Record<string, unknown>;
  const everything = Object.keys(aReads) as ReadKey[];
  beforeAll(async () => {
    t = await buildAppWithRoutes();
    w = await makeWorld(t.app);
    before = await readAsA(w, everything);
  });
  afterAll(() => t?.close());

  /**
   * The public routes anyone may post to from any site, and why: the visitor has no session there, so there is
   * nothing of theirs for a foreign page to use. Their own rules (limits per address and per form, a honeypot,
   * idempotency keys, a 64 KB body) are in their tests; here they keep refusing bodies that are not JSON.
   */
  const openToEverySite: Record<string, string> = {
    'POST /api/public/booking/:userId': 'the booking widget on the owner’s site books without an account',
    'POST /api/public/forms/:id/submissions': 'the form widget on the owner’s site submits without an account',
    'POST /api/public/chatbots/:id/conversations': 'the chat widget on the owner’s site starts a conversation',
    'POST /api/public/chatbots/:id/conversations/:conversationId/turns':
      'the chat widget sends the visitor’s messages, by the conversation’s token',
  };
  /** The routes that take a multipart upload from our own pages (same-origin.ts lets only these through). */
  const takesMultipart: Record<string, string> = {
    'POST /api/profile/avatar': 'the picture upload',
    'POST /api/contacts/import': 'the CSV file of an import',
  };

  const writeRoutes = () => routeKeys(t.routes).filter((key) => /^(POST|PUT|PATCH|DELETE) \/api\//.test(key));

  /** A call of each write route with A's real ids, from the isolation matrix's table. */
  function callOf(key: string): Call {
    const c = routeCases[key];
    if (!c) throw new Error(`no case for ${key} in isolation-cases.ts`);
    const method = key.split(' ')[0];
    const call = 'public' in c ? c.call(w) : c.probes(w).find((probe) => probe.method === method);
    if (!call) throw new Error(`no ${method} call for ${key}`);
    return call;
  }

  it('walks every write route of the route table', () => {
    const keys = writeRoutes();
    expect(keys.length).toBeGreaterThan(50);
    for (const key of [...Object.keys(openToEverySite), ...Object.keys(takesMultipart)]) expect(keys).toContain(key);
  });

  const foreignPages: Array<Record<string, string>> = [
    { origin: 'https://evil.example' },
    { 'sec-fetch-site': 'cross-site' },
  ];

  it('refuses a foreign Origin, or a cross-site fetch, with A’s cookie on every signed-in write: 403', async () => {
    const answers: string[] = [];
    for (const key of writeRoutes().filter((key) => !(key in openToEverySite))) {
      const call = callOf(key);
      for (const foreign of foreignPages) {
        const res = await sendWith(t.app, w.a.cookie, call, foreign);
        if (res.statusCode !== 403) answers.push(`${key} ${JSON.stringify(foreign)} → ${res.statusCode}`);
      }
    }
    expect(answers).toEqual([]);
    expect(await readAsA(w, everything)).toEqual(before);
  });

  it('keeps the public routes open to posts from other sites', async () => {
    for (const key of Object.keys(openToEverySite)) {
      const res = await sendWith(t.app, w.a.cookie, callOf(key), { origin: 'https://evil.example' });
      // Booking and submitting to an unknown page or form (404), chatting with A's bot (2xx): the route's own
      // answer, not the same-origin refusal.
      expect(res.statusCode, `${key} → ${res.body}`).toBe(
        key.includes('/chatbots/') ? (key.endsWith('turns') ? 200 : 201) : 404,
      );
    }
  });

  it.each(['application/x-www-form-urlencoded', 'text/plain', 'multipart/form-data; boundary=x', 'text/html'])(
    'refuses a %s body with A’s cookie on every write route, public ones included: 415',
    async (type) => {
      const answers: string[] = [];
      for (const key of writeRoutes()) {
        if (type.startsWith('multipart/') && key in takesMultipart) continue;
        const call = callOf(key);
        // What a form would send: the call's fields as text, or a field of its own for a bare call.
        const body = call.body === undefined ? 'x=1' : JSON.stringify(call.body);
        const res = await t.app.inject({
          method: call.method,
          url: call.url,
          payload: body,
          headers: { cookie: w.a.cookie, 'content-type': type },
        });
        if (res.statusCode !== 415) answers.push(`${key} → ${res.statusCode} ${res.body.slice(0, 100)}`);
      }
      expect(answers).toEqual([]);
      expect(await readAsA(w, everything)).toEqual(before);
    },
  );

  // The router decodes and the guard once read the URL as sent: `POST /%61pi/contacts` from another site was stored.
  it('refuses every spelling of every write route’s path alike, or finds no route there (404)', async () => {
    const answers: string[] = [];
    let spellings = 0;
    for (const key of writeRoutes()) {
      const call = callOf(key);
      for (const url of pathSpellings(call.url)) {
        spellings++;
        if (!(key in openToEverySite)) {
          const res = await sendWith(t.app, w.a.cookie, { ...call, url }, { origin: 'https://evil.example' });
          if (![403, 404].includes(res.statusCode))
            answers.push(`${key} as ${url}, foreign origin → ${res.statusCode}`);
        }
        const res = await t.app.inject({
          method: call.method,
          url,
          payload: call.body === undefined ? 'x=1' : JSON.stringify(call.body),
          headers: { cookie: w.a.cookie, 'content-type': 'application/x-www-form-urlencoded' },
        });
        if (![415, 404].includes(res.statusCode)) answers.push(`${key} as ${url}, form body → ${res.statusCode}`);
      }
    }
    expect(spellings).toBeGreaterThan(300);
    expect(answers).toEqual([]);
    expect(await readAsA(w, everything)).toEqual(before);
  });
});

/** `call` as send() makes it, with extra headers. */
function sendWith(app: FastifyInstance, cookie: string, call: Call, headers: Record<string, string>) {
  const withHeaders = {
    inject: (options: InjectOptions) => app.inject({ ...options, headers: { ...options.headers, ...headers } }),
  };
  return send(withHeaders as unknown as FastifyInstance, cookie, call);
}

describe('uploads', () => {
  let t: TestApp;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'pipewise-abuse-'));
    t = await buildTestApp({ dataDir });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52]);
  const boundary = '----pipewise-abuse';
  const head = (filename: string, type: string) =>
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="avatar"; filename="${filename}"\r\n` +
        `Content-Type: ${type}\r\n\r\n`,
    );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);

  function upload(cookie: string, bytes: Buffer, filename: string, type: string) {
    return t.app.inject({
      method: 'POST',
      url: '/api/profile/avatar',
      payload: Buffer.concat([head(filename, type), bytes, tail]),
      headers: { cookie, 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
  }

  function expectRefused(res: LightMyRequestResponse, message: string) {
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual({ error: message, fields: { avatar: message } });
  }

  it('refuses HTML, SVG and any bytes that are not the image they claim to be', async () => {
    const ann = await signUp(t.app, 'ann');
    const html = '<!doctype html><html><body><script>alert(document.cookie)</script></body></html>';
    const refusals = [
      upload(ann.cookie, Buffer.from(html), 'me.png', 'image/png'),
      upload(ann.cookie, Buffer.from(`  \n${html}`), 'me.jpg', 'image/jpeg'),
      upload(ann.cookie, Buffer.from(html), 'me.html', 'text/html'),
      upload(
        ann.cookie,
        Buffer.from('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"/>'),
        'a.png',
        'image/png',
      ),
      upload(ann.cookie, Buffer.from('%PDF-1.7\n%âãÏÓ'), 'me.gif', 'image/gif'),
      upload(ann.cookie, Buffer.concat([Buffer.from('GIF8'), png]), 'me.gif', 'image/gif'),
      upload(ann.cookie, png.subarray(0, 7), 'me.png', 'image/png'),
    ];
    for (const res of await Promise.all(refusals)) expectRefused(res, profileMessages.avatarType);
    expect((await ann.get('/api/me')).json().user.avatarUrl).toBeNull();
  });

  it('answers a body far over 5 MB as soon as it passes the limit, while the rest is still being sent', async () => {
    const ann = await signUp(t.app, 'ann');
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const total = 60 * 1024 * 1024;
    const chunk = Buffer.alloc(256 * 1024, 0x42);
    const { status, body, sentWhenAnswered } = await new Promise<{
      status: number;
      body: string;
      sentWhenAnswered: number;
    }>((resolve, reject) => {
      let sent = 0;
      let answered = false;
      const req = http.request({
        port,
        method: 'POST',
        path: '/api/profile/avatar',
        headers: {
          cookie: ann.cookie,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': String(total + head('big.png', 'image/png').length + png.length + tail.length),
        },
      });
      req.on('response', (res) => {
        answered = true;
        const sentWhenAnswered = sent;
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (data: string) => (text += data));
        res.on('end', () => {
          resolve({ status: res.statusCode ?? 0, body: text, sentWhenAnswered });
          req.destroy();
        });
      });
      // The server may close the connection on the rest of the body once it has answered.
      req.on('error', (error) => (answered ? undefined : reject(error)));
      const write = () => {
        // Waits for the socket to drain, as a real client does: what is sent is what the server could read.
        while (!answered && sent < total) {
          sent += chunk.length;
          if (!req.write(chunk)) return void req.once('drain', write);
        }
        if (!answered) req.end(tail);
      };
      req.write(head('big.png', 'image/png'));
      req.write(png);
      write();
    });
    expect(status, body).toBe(413);
    expect(JSON.parse(body)).toEqual({
      error: profileMessages.avatarSize,
      fields: { avatar: profileMessages.avatarSize },
    });
    // The answer came with most of the body unsent: the server cut the file at the limit rather than buffering it.
    expect(sentWhenAnswered).toBeLessThan(total / 2);
    expect(sentWhenAnswered).toBeGreaterThan(AVATAR_MAX_BYTES);
    expect((await ann.get('/api/me')).json().user.avatarUrl).toBeNull();
  });
});

describe('X-Content-Type-Options: nosniff', () => {
  let app: FastifyInstance;
  let close: () => Promise<void>;
  beforeAll(async () => {
    const webDir = mkdtempSync(path.join(tmpdir(), 'pipewise-abuse-web-'));
    const dataDir = mkdtempSync(path.join(tmpdir(), 'pipewise-abuse-data-'));
    mkdirSync(path.join(webDir, 'assets'));
    writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>Pipewise</title><div id="root"></div>');
    writeFileSync(path.join(webDir, 'assets', 'app-1.js'), 'console.log(1)');
    writeFileSync(path.join(webDir, 'assets', 'app-1.css'), 'body{}');
    writeFileSync(path.join(webDir, 'form-widget.js'), 'console.log(2)');
    writeFileSync(path.join(webDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    const database = await openTestDatabase();
    app = await buildApp({ config: { ...testConfig, dataDir }, database, webDir, logger: false });
    await app.ready();
    close = async () => {
      await app.close();
      await database.close();
      rmSync(webDir, { recursive: true, force: true });
      rmSync(dataDir, { recursive: true, force: true });
    };
  });
  afterAll(() => close?.());

  it('is on the web app’s files, the API’s answers and errors, and the served pictures', async () => {
    const ann = await signUp(app, 'ann');
    const picture = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0]);
    const uploaded = await app.inject({
      method: 'POST',
      url: '/api/profile/avatar',
      payload: Buffer.concat([
        Buffer.from('--b\r\nContent-Disposition: form-data; name="avatar"; filename="a.jpg"\r\n\r\n'),
        picture,
        Buffer.from('\r\n--b--\r\n'),
      ]),
      headers: { cookie: ann.cookie, 'content-type': 'multipart/form-data; boundary=b' },
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const avatarUrl: string = uploaded.json().avatarUrl;

    const answers = [
      ...['/', '/contacts', '/assets/app-1.js', '/assets/app-1.css', '/form-widget.js', '/favicon.svg'].map((url) =>
        app.inject({ url }),
      ),
      app.inject({ url: avatarUrl }),
      app.inject({ url: avatarUrl.split('?')[0]! }),
      app.inject({ url: `/api/avatars/${crypto.randomUUID()}` }),
      ann.get('/api/me'),
      ann.get('/api/contacts'),
      ann.get('/api/contacts/export'),
      app.inject({ url: '/api/me' }),
      ann.post('/api/contacts', { name: '' }),
      app.inject({ method: 'POST', url: '/api/contacts', payload: 'x', headers: { 'content-type': 'text/plain' } }),
    ];
    for (const res of await Promise.all(answers)) {
      const label = `${res.raw.req.method} ${res.raw.req.url} → ${res.statusCode}`;
      expect(res.statusCode, label).toBeLessThan(500);
      expect(res.headers['x-content-type-options'], label).toBe('nosniff');
    }
    const served = await app.inject({ url: avatarUrl });
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.rawPayload).toEqual(picture);
  });
});
