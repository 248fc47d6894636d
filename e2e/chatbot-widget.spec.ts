import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from '@playwright/test';
import { startAiProviderServer, type AiProviderServer } from '../server/src/test/ai-provider-server';
import { expect, test } from './support/fixtures';
import { expectNoSeriousViolations } from './support/helpers';

// The chatbot as a visitor meets it: the widget on a website of another origin, a question answered by the owner's
// AI (our test server speaking OpenAI's API, reached as an OpenAI-compatible endpoint) from the bot's knowledge,
// the lead left in the chat, a free time booked; then the owner finds the conversation, the contact and the booking.

const unique = (prefix: string) => `${prefix} ${Math.random().toString(36).slice(2, 8)}`;

/** A website on a port of its own (another origin than the app's), embedding the widget. */
async function serveSite(html: string) {
  const site = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(html);
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
  return { origin, close: () => new Promise((resolve) => site.close(resolve)) };
}

async function call(page: Page, method: 'post' | 'patch' | 'put', path: string, data: unknown, status = 200) {
  const response = await page.request[method](path, { data });
  expect(response.status(), await response.text()).toBe(status);
  return (await response.json().catch(() => null)) as Record<string, unknown> | null;
}

/** The owner's bot from the template, with one knowledge entry, their AI set up, published and turned on. */
async function publishedBot(page: Page, ai: AiProviderServer, draft?: (flow: Flow) => Flow) {
  const bot = (await call(page, 'post', '/api/chatbots', { name: unique('Help bot') }, 201)) as {
    id: string;
    name: string;
    draftFlow: Flow;
  };
  await call(
    page,
    'post',
    `/api/chatbots/${bot.id}/knowledge`,
    { kind: 'qa', title: 'Pricing', body: 'How much does it cost? Our plans start at $10 a month.' },
    201,
  );
  await call(page, 'put', '/api/settings/ai', {
    provider: 'openaiCompatible',
    model: 'local-model',
    baseUrl: ai.baseUrls.openai,
  });
  if (draft) await call(page, 'patch', `/api/chatbots/${bot.id}`, { draftFlow: draft(bot.draftFlow) });
  await call(page, 'post', `/api/chatbots/${bot.id}/publish`, {});
  await call(page, 'patch', `/api/chatbots/${bot.id}`, { isActive: true });
  return bot;
}

type Flow = { edges: { id: string; from: string; branch: string | null; to: string }[] } & Record<string, unknown> & {
    groups: { id: string; name: string; blocks: Record<string, unknown>[] }[];
  };

/** The template with an Offer Booking between the lead and the goodbye. */
function withBooking(flow: Flow): Flow {
  const offer = {
    id: 'offer',
    type: 'offerBooking',
    name: 'Book a call',
    position: { x: 0, y: 900 },
    text: 'Would you like to book a call?',
    slotCount: 3,
    skipLabel: 'Not now',
    nameVariable: 'name',
    emailVariable: 'email',
    bookedText: '',
    noSlotsText: '',
    failureText: '',
  };
  const groups = flow.groups.map((group, index) =>
    index === flow.groups.length - 1 ? { ...group, blocks: [...group.blocks, offer] } : group,
  );
  const edges = flow.edges
    .filter((edge) => edge.to !== 'thanks')
    .concat([
      { id: 'capture-offer', from: 'capture', branch: null, to: 'offer' },
      { id: 'offer-thanks', from: 'offer', branch: null, to: 'thanks' },
    ]);
  return { ...flow, groups, edges };
}

/** Every day 09:00–17:00 UTC, so the next free times are never far. */
async function openEveryDay(page: Page) {
  for (let weekday = 0; weekday < 7; weekday++)
    await call(page, 'put', `/api/profile/availability/${weekday}`, {
      isAvailable: true,
      startTime: '09:00',
      endTime: '17:00',
    });
  await call(page, 'patch', '/api/scheduling/settings', { timezone: 'UTC' });
}

async function visitor(browser: Browser, width?: number) {
  const context = await browser.newContext(width ? { viewport: { width, height: 740 } } : {});
  return { context, page: await context.newPage() };
}

test.describe('chatbot widget', () => {
  let ai: AiProviderServer;
  test.beforeAll(async () => {
    ai = await startAiProviderServer();
  });
  test.afterAll(async () => {
    await ai.close();
  });

  test('a visitor on another site asks, gets the streamed answer with its source, leaves their e-mail and books; the owner sees it all', async ({
    page,
    browser,
    baseURL,
    signedIn: _,
  }) => {
    test.slow();
    await openEveryDay(page);
    const bot = await publishedBot(page, ai, withBooking);
    const site = await serveSite(
      `<!doctype html><html lang="en"><head><title>Acme</title></head><body><h1>Acme</h1>` +
        `<script src="${baseURL}/chatbot-widget.js" data-chatbot-id="${bot.id}" async></script></body></html>`,
    );
    const { context, page: visit } = await visitor(browser);
    try {
      await visit.goto(site.origin);
      const open = visit.getByRole('button', { name: 'Open chat' });
      await open.click();
      const chat = visit.frameLocator('iframe[title="Chat"]');
      // The transcript (its live region repeats the last reply for screen readers).
      const lines = chat.getByRole('list', { name: 'Conversation' });
      await expect(lines.getByText('Hi! I’m here to answer your questions about what we do.')).toBeVisible();
      await expect(lines.getByText('What would you like to know?')).toBeVisible();
      // Focus went into the panel: the message field takes it.
      await expect(chat.getByLabel('Your message')).toBeFocused();

      await chat.getByLabel('Your message').fill('How much are your plans?');
      await chat.getByRole('button', { name: 'Send' }).click();
      await expect(lines.getByText('Our plans start at $10 a month.')).toBeVisible();
      await expect(lines.getByText('Sources: Pricing')).toBeVisible();
      // The provider was sent the passage the question found, and the question.
      const sent = ai.requests.at(-1)!;
      expect(sent.model).toBe('local-model');
      expect(sent.system).toContain('Our plans start at $10 a month.');
      expect(sent.messages.at(-1)?.text).toContain('How much are your plans?');

      await chat.getByRole('button', { name: 'Talk to the team' }).click();
      await chat.getByLabel('Your message').fill('Vera Visitor');
      await chat.getByRole('button', { name: 'Send' }).click();
      await expect(lines.getByText('Thanks, Vera Visitor!', { exact: false })).toBeVisible();
      const email = `vera-${Date.now()}@example.com`;
      await chat.getByLabel('Your message').fill(email);
      await chat.getByRole('button', { name: 'Send' }).click();

      await expect(lines.getByText('Would you like to book a call?')).toBeVisible();
      const times = chat.getByRole('group', { name: 'Choose a time' });
      await times.getByRole('button').first().click();
      await expect(lines.getByText('Your appointment is booked. A confirmation is on its way.')).toBeVisible();
      await expect(lines.getByText('Thank you, Vera Visitor! We’ll be in touch soon.')).toBeVisible();
      await expect(chat.getByText('This conversation has ended.')).toBeVisible();
      await expectNoSeriousViolations(visit);

      // Escape closes the panel and gives the focus back to the button; a reload resumes the same conversation.
      await visit.keyboard.press('Escape');
      await expect(open).toBeFocused();
      await visit.reload();
      await visit.getByRole('button', { name: 'Open chat' }).click();
      await expect(lines.getByText('How much are your plans?')).toBeVisible();
      await expect(lines.getByText(email)).toBeVisible();

      // The owner: the conversation with its transcript and what it made, the contact, the booking.
      await page.goto(`/app/chatbot/${bot.id}/conversations`);
      await page.getByRole('link', { name: /Vera Visitor/ }).click();
      const transcript = page.getByRole('region', { name: 'Conversation' });
      await expect(transcript.getByText('Our plans start at $10 a month.')).toBeVisible();
      await expect(transcript.getByText(email).first()).toBeVisible();
      await expect(transcript.getByText('Contact:')).toBeVisible();
      await expect(transcript.getByText('Booking:')).toBeVisible();
      await expectNoSeriousViolations(page);
      await page.goto('/app/contacts');
      await expect(page.getByText(email).first()).toBeVisible();
    } finally {
      await context.close();
      await site.close();
    }
  });

  test('on a phone the chat fills the screen; an inactive bot says so and starts nothing', async ({
    page,
    browser,
    signedIn: _,
  }) => {
    const bot = await publishedBot(page, ai);
    const { context, page: visit } = await visitor(browser, 375);
    try {
      await visit.goto(`/chat/${bot.id}`);
      await expect(
        visit.getByRole('list', { name: 'Conversation' }).getByText('What would you like to know?'),
      ).toBeVisible();
      const width = await visit.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(width).toBeLessThanOrEqual(0);
      await expectNoSeriousViolations(visit);

      await call(page, 'patch', `/api/chatbots/${bot.id}`, { isActive: false });
      await visit.reload();
      await expect(visit.getByText('This chat is not available.')).toBeVisible();
      await expect(visit.getByLabel('Your message')).toHaveCount(0);
    } finally {
      await context.close();
    }
  });
});
