import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aiMessages, type AiConfig } from '@common/ai-config';
import { userAiConfig } from '../../db/schema';
import { buildTestApp, signUp, type TestApp, type UserClient } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const URL = '/api/settings/ai';
const KEY = 'sk-proj-Very-Secret-Key-7f3b9c2e';
const OTHER_KEY = 'sk-ant-another-secret-key-q8w1';
/** Every answer of this file: none may hold a key in clear. */
const seen: LightMyRequestResponse[] = [];

async function send(user: UserClient, method: 'GET' | 'PUT', payload?: unknown) {
  const res = await t.app.inject({
    method,
    url: URL,
    headers: { cookie: user.cookie, 'content-type': 'application/json' },
    ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
  });
  seen.push(res);
  return res;
}

async function expectOk(res: LightMyRequestResponse): Promise<AiConfig> {
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['cache-control']).toBe('no-store');
  return res.json();
}

const stored = async (userId: string) =>
  (await t.database.db.select().from(userAiConfig).where(eq(userAiConfig.userId, userId)))[0];

describe('AI configuration', () => {
  it('is all null before the first save', async () => {
    const ann = await signUp(t.app, 'ann');
    expect(await expectOk(await send(ann, 'GET'))).toEqual({
      provider: null,
      model: null,
      apiKeyMasked: null,
      baseUrl: null,
    });
    expect(await stored(ann.id)).toBeUndefined();
  });

  it('needs a key on the first save', async () => {
    const ann = await signUp(t.app, 'ann');
    for (const body of [
      { provider: 'openai', model: 'gpt-4' },
      { provider: 'openai', model: 'gpt-4', apiKey: '' },
      { provider: 'openai', model: 'gpt-4', apiKey: '   ' },
    ]) {
      const res = await send(ann, 'PUT', body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toEqual({ error: aiMessages.keyRequired, fields: { apiKey: aiMessages.keyRequired } });
    }
    expect(await stored(ann.id)).toBeUndefined();
  });

  it('stores the key sealed, shows it only masked, and replaces it on the next save', async () => {
    const ann = await signUp(t.app, 'ann');
    const saved = await expectOk(
      await send(ann, 'PUT', { provider: 'openai', model: 'gpt-4-turbo', apiKey: ` ${KEY} ` }),
    );
    expect(saved).toEqual({ provider: 'openai', model: 'gpt-4-turbo', apiKeyMasked: '••••••••9c2e', baseUrl: null });
    const row = (await stored(ann.id))!;
    expect(row).toMatchObject({ userId: ann.id, provider: 'openai', model: 'gpt-4-turbo' });
    expect(JSON.stringify(row)).not.toContain(KEY);
    expect(row.apiKeyEncrypted).not.toContain('Very-Secret');
    expect(t.app.secrets.decrypt(row.apiKeyEncrypted)).toBe(KEY);
    expect(await expectOk(await send(ann, 'GET'))).toEqual(saved);

    // The upsert: one row, now another provider and key.
    const changed = await expectOk(
      await send(ann, 'PUT', { provider: 'anthropic', model: 'claude-3-haiku', apiKey: OTHER_KEY }),
    );
    expect(changed).toEqual({
      provider: 'anthropic',
      model: 'claude-3-haiku',
      apiKeyMasked: '••••••••q8w1',
      baseUrl: null,
    });
    const rows = await t.database.db.select().from(userAiConfig).where(eq(userAiConfig.userId, ann.id));
    expect(rows).toHaveLength(1);
    expect(t.app.secrets.decrypt(rows[0]!.apiKeyEncrypted)).toBe(OTHER_KEY);
    expect(rows[0]!.apiKeyEncrypted).not.toContain(OTHER_KEY);
  });

  it('keeps the stored key when none is sent', async () => {
    const ann = await signUp(t.app, 'ann');
    await expectOk(await send(ann, 'PUT', { provider: 'openai', model: 'gpt-4', apiKey: KEY }));
    const sealed = (await stored(ann.id))!.apiKeyEncrypted;
    for (const body of [
      { provider: 'google', model: 'gemini-1.5-ultra' },
      { provider: 'google', model: 'gemini-1.5-pro', apiKey: '' },
    ]) {
      expect(await expectOk(await send(ann, 'PUT', body))).toEqual({
        provider: body.provider,
        model: body.model,
        apiKeyMasked: '••••••••9c2e',
        baseUrl: null,
      });
      expect((await stored(ann.id))!.apiKeyEncrypted).toBe(sealed);
    }
  });

  it('masks a short key entirely', async () => {
    const ann = await signUp(t.app, 'ann');
    expect(await expectOk(await send(ann, 'PUT', { provider: 'openai', model: 'gpt-4', apiKey: 'short' }))).toEqual({
      provider: 'openai',
      model: 'gpt-4',
      apiKeyMasked: '••••••••',
      baseUrl: null,
    });
  });

  it('refuses a model of another provider, an unknown provider and bad bodies, changing nothing', async () => {
    const ann = await signUp(t.app, 'ann');
    await expectOk(await send(ann, 'PUT', { provider: 'openai', model: 'gpt-4', apiKey: KEY }));
    const before = await stored(ann.id);
    const cases: Array<[unknown, string, string]> = [
      [{ provider: 'openai', model: 'claude-3-opus', apiKey: KEY }, 'model', aiMessages.modelInvalid],
      [{ provider: 'google', model: 'gpt-4' }, 'model', aiMessages.modelInvalid],
      [{ provider: 'anthropic', model: 'claude 3' }, 'model', aiMessages.modelFormat],
      [{ provider: 'google', model: '../../files' }, 'model', aiMessages.modelFormat],
      [{ provider: 'google', model: 'gemini?alt=x' }, 'model', aiMessages.modelFormat],
      [{ provider: 'openai', model: '  ' }, 'model', aiMessages.modelRequired],
      [{ provider: 'openai', model: 'g'.repeat(201) }, 'model', aiMessages.modelTooLong],
      [{ provider: 'openai', model: 5 }, 'model', aiMessages.modelInvalid],
      [{ provider: 'openai' }, 'model', aiMessages.modelInvalid],
      [{ provider: 'mistral', model: 'gpt-4' }, 'provider', aiMessages.providerInvalid],
      [{ model: 'gpt-4' }, 'provider', aiMessages.providerInvalid],
      [{ provider: 'openai', model: 'gpt-4', apiKey: 'x'.repeat(501) }, 'apiKey', aiMessages.keyTooLong],
    ];
    for (const [body, field, message] of cases) {
      const res = await send(ann, 'PUT', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().fields?.[field], JSON.stringify(body)).toBe(message);
    }
    for (const body of [null, [], 'text', 42, { provider: 'openai', model: 'gpt-4', apiKey: 7 }, { apiKey: null }]) {
      const res = await send(ann, 'PUT', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error).toBeTypeOf('string');
    }
    expect(await stored(ann.id)).toEqual(before);
  });

  it('saves any model id of a spec provider typed under "Other model", and never a base URL for one', async () => {
    const ann = await signUp(t.app, 'ann');
    expect(
      await expectOk(
        await send(ann, 'PUT', {
          provider: 'openai',
          model: ' gpt-4o-mini ',
          apiKey: KEY,
          baseUrl: 'https://elsewhere.example/v1',
        }),
      ),
    ).toEqual({ provider: 'openai', model: 'gpt-4o-mini', apiKeyMasked: '••••••••9c2e', baseUrl: null });
    expect(await stored(ann.id)).toMatchObject({ model: 'gpt-4o-mini', baseUrl: null });
    await expectOk(await send(ann, 'PUT', { provider: 'anthropic', model: 'claude-3-5-haiku-latest' }));
    await expectOk(await send(ann, 'PUT', { provider: 'google', model: 'gemini-2.0-flash' }));
    expect(await stored(ann.id)).toMatchObject({ provider: 'google', model: 'gemini-2.0-flash' });
  });

  it('saves an OpenAI-compatible endpoint: its base URL, any model name, and a key only if given', async () => {
    const ann = await signUp(t.app, 'ann');
    const endpoint = {
      provider: 'openaiCompatible',
      model: 'hf.co/org/model:Q4_K_M',
      baseUrl: 'http://127.0.0.1:11434/v1/',
    };
    expect(await expectOk(await send(ann, 'PUT', endpoint))).toEqual({
      provider: 'openaiCompatible',
      model: 'hf.co/org/model:Q4_K_M',
      apiKeyMasked: null,
      baseUrl: 'http://127.0.0.1:11434/v1',
    });
    expect(t.app.secrets.decrypt((await stored(ann.id))!.apiKeyEncrypted)).toBe('');
    const withKey = await expectOk(
      await send(ann, 'PUT', { ...endpoint, baseUrl: 'https://openrouter.example/api/v1', apiKey: KEY }),
    );
    expect(withKey).toMatchObject({ apiKeyMasked: '••••••••9c2e', baseUrl: 'https://openrouter.example/api/v1' });
    // Left out, the endpoint's key stays.
    expect(await expectOk(await send(ann, 'PUT', { ...endpoint, model: 'llama3.1' }))).toMatchObject({
      model: 'llama3.1',
      apiKeyMasked: '••••••••9c2e',
    });
  });

  it('never hands one side’s key to the other: a spec provider’s key to a typed URL, or an endpoint’s to OpenAI', async () => {
    const ann = await signUp(t.app, 'ann');
    await expectOk(await send(ann, 'PUT', { provider: 'openai', model: 'gpt-4', apiKey: KEY }));
    const endpoint = { provider: 'openaiCompatible', model: 'llama3.1', baseUrl: 'http://localhost:11434/v1' };
    expect(await expectOk(await send(ann, 'PUT', endpoint))).toMatchObject({ apiKeyMasked: null });
    expect(t.app.secrets.decrypt((await stored(ann.id))!.apiKeyEncrypted)).toBe('');
    await expectOk(await send(ann, 'PUT', { ...endpoint, apiKey: OTHER_KEY }));
    const res = await send(ann, 'PUT', { provider: 'openai', model: 'gpt-4' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: aiMessages.keyRequired, fields: { apiKey: aiMessages.keyRequired } });
    expect(t.app.secrets.decrypt((await stored(ann.id))!.apiKeyEncrypted)).toBe(OTHER_KEY);
  });

  it('refuses an endpoint without a usable base URL, changing nothing', async () => {
    const ann = await signUp(t.app, 'ann');
    await expectOk(await send(ann, 'PUT', { provider: 'openai', model: 'gpt-4', apiKey: KEY }));
    const before = await stored(ann.id);
    const endpoint = { provider: 'openaiCompatible', model: 'llama3.1' };
    const cases: Array<[unknown, string]> = [
      [{ ...endpoint }, aiMessages.baseUrlRequired],
      [{ ...endpoint, baseUrl: '' }, aiMessages.baseUrlRequired],
      [{ ...endpoint, baseUrl: null }, aiMessages.baseUrlRequired],
      [{ ...endpoint, baseUrl: 'localhost:11434' }, aiMessages.baseUrlInvalid],
      [{ ...endpoint, baseUrl: 'ftp://models.example/v1' }, aiMessages.baseUrlInvalid],
      [{ ...endpoint, baseUrl: 'http://models example/v1' }, aiMessages.baseUrlInvalid],
      [{ ...endpoint, baseUrl: 'http://' }, aiMessages.baseUrlInvalid],
      [{ ...endpoint, baseUrl: 'https://me:secret@models.example/v1' }, aiMessages.baseUrlCredentials],
      [{ ...endpoint, baseUrl: `https://models.example/${'v'.repeat(500)}` }, aiMessages.baseUrlTooLong],
      [{ ...endpoint, baseUrl: 42 }, aiMessages.baseUrlInvalid],
    ];
    for (const [body, message] of cases) {
      const res = await send(ann, 'PUT', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().fields?.baseUrl, JSON.stringify(body)).toBe(message);
    }
    expect(await stored(ann.id)).toEqual(before);
  });

  it('keeps each user’s configuration to themselves', async () => {
    const ann = await signUp(t.app, 'ann');
    const bob = await signUp(t.app, 'bob');
    await expectOk(await send(ann, 'PUT', { provider: 'anthropic', model: 'claude-3-opus', apiKey: KEY }));
    expect(await expectOk(await send(bob, 'GET'))).toEqual({
      provider: null,
      model: null,
      apiKeyMasked: null,
      baseUrl: null,
    });
    // Bob's first save still needs a key of his own: Ann's does not count.
    expect((await send(bob, 'PUT', { provider: 'openai', model: 'gpt-4' })).statusCode).toBe(400);
    await expectOk(await send(bob, 'PUT', { provider: 'google', model: 'gemini-1.5-pro', apiKey: OTHER_KEY }));
    expect(await expectOk(await send(ann, 'GET'))).toEqual({
      provider: 'anthropic',
      model: 'claude-3-opus',
      apiKeyMasked: '••••••••9c2e',
      baseUrl: null,
    });
    expect(t.app.secrets.decrypt((await stored(ann.id))!.apiKeyEncrypted)).toBe(KEY);
    expect(t.app.secrets.decrypt((await stored(bob.id))!.apiKeyEncrypted)).toBe(OTHER_KEY);
  });

  it('needs a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: URL })).statusCode).toBe(401);
    const res = await t.app.inject({
      method: 'PUT',
      url: URL,
      payload: { provider: 'openai', model: 'gpt-4', apiKey: KEY },
    });
    expect(res.statusCode).toBe(401);
  });

  it('never sent a key in clear', () => {
    expect(seen.length).toBeGreaterThan(20);
    for (const res of seen) {
      for (const key of [KEY, OTHER_KEY]) {
        expect(res.body).not.toContain(key);
        expect(JSON.stringify(res.headers)).not.toContain(key);
      }
    }
  });
});
