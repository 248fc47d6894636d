import type { FastifyInstance, InjectOptions, RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../test/test-app';
import { pathSpellings } from '../test/path-spellings';
import { routeCases } from '../test/isolation-cases';
import { buildAppWithRoutes, routeKeys } from '../test/isolation-app';
import { aReads, readAsA, type ReadKey } from '../test/isolation-reads';
import { send, type Call } from '../test/isolation-requests';
import { makeWorld, type World } from '../test/isolation-world';

// Issue 14's abuse cases, pages of other sites writing with the user's cookie: every write route of the route
// table refuses a foreign origin and a body a form could send, under every spelling of its path.

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
