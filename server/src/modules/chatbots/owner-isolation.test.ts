import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { create } from '../../test/chatbot-owner-kit';
import { buildTestApp, signUp, type TestApp, type UserClient } from '../../test/test-app';
import { seedConversation } from '../../test/chatbot-conversations';

// Another user's chatbot (issue "AI chatbot"): 404 on every route, and nothing of the owner's changed.

let t: TestApp;
let ann: UserClient;
let bob: UserClient;
beforeAll(async () => {
  t = await buildTestApp();
  ann = await signUp(t.app, 'ann');
  bob = await signUp(t.app, 'bob');
});
afterAll(() => t.close());

describe('another user’s chatbot', () => {
  it('answers 404 on every route and changes nothing', async () => {
    const bot = await create(ann, 'Private bot');
    const entry = (
      await ann.post(`/api/chatbots/${bot.id}/knowledge`, { kind: 'qa', title: 'Secret?', body: 'Yes' })
    ).json<{ id: string }>();
    const conversationId = await seedConversation(t.database.db, {
      chatbotId: bot.id,
      userId: ann.id,
      visitorName: 'Visitor',
      messages: [{ role: 'visitor', text: 'Hello' }],
    });
    const bobsBot = await create(bob, 'Bob bot');
    const before = {
      bot: (await ann.get(`/api/chatbots/${bot.id}`)).json(),
      knowledge: (await ann.get(`/api/chatbots/${bot.id}/knowledge`)).json(),
      conversation: (await ann.get(`/api/chatbots/${bot.id}/conversations/${conversationId}`)).json(),
    };
    const entryBody = { kind: 'qa', title: 'Hijacked', body: 'Hijacked' };
    const calls = [
      bob.get(`/api/chatbots/${bot.id}`),
      bob.patch(`/api/chatbots/${bot.id}`, { name: 'Hijacked' }),
      bob.post(`/api/chatbots/${bot.id}/publish`),
      bob.get(`/api/chatbots/${bot.id}/knowledge`),
      bob.post(`/api/chatbots/${bot.id}/knowledge`, entryBody),
      bob.patch(`/api/chatbots/${bot.id}/knowledge/${entry.id}`, entryBody),
      bob.delete(`/api/chatbots/${bot.id}/knowledge/${entry.id}`),
      // Ann's entry and conversation under Bob's own bot.
      bob.patch(`/api/chatbots/${bobsBot.id}/knowledge/${entry.id}`, entryBody),
      bob.delete(`/api/chatbots/${bobsBot.id}/knowledge/${entry.id}`),
      bob.get(`/api/chatbots/${bot.id}/conversations`),
      bob.get(`/api/chatbots/${bot.id}/conversations/${conversationId}`),
      bob.get(`/api/chatbots/${bobsBot.id}/conversations/${conversationId}`),
      bob.delete(`/api/chatbots/${bot.id}`),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.statusCode, res.body).toBe(404);
      expect(res.body).not.toContain('Private');
      expect(res.body).not.toContain('Secret');
    }
    expect({
      bot: (await ann.get(`/api/chatbots/${bot.id}`)).json(),
      knowledge: (await ann.get(`/api/chatbots/${bot.id}/knowledge`)).json(),
      conversation: (await ann.get(`/api/chatbots/${bot.id}/conversations/${conversationId}`)).json(),
    }).toEqual(before);
    expect((await bob.get(`/api/chatbots/${bobsBot.id}/knowledge`)).json().items).toEqual([]);
  });

  it('answers a malformed or unknown id with 404', async () => {
    for (const url of ['/api/chatbots/x', '/api/chatbots/00000000-0000-0000-0000-000000000000']) {
      expect((await ann.get(url)).statusCode).toBe(404);
      expect((await ann.patch(url, { name: 'x' })).statusCode).toBe(404);
      expect((await ann.post(`${url}/publish`)).statusCode).toBe(404);
      expect((await ann.delete(url)).statusCode).toBe(404);
    }
  });
});
