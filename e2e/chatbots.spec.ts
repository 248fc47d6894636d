import type { Page } from '@playwright/test';
import { CHAT_TOKEN_HEADER, chatbotMessages } from '../common/chatbots';
import { expect, test } from './support/fixtures';
import { expectNoSeriousViolations } from './support/helpers';

// The list's paging, other users' bots and the API's refusals are covered by the API tests. An AI answer's sources,
// and the deal and booking a conversation makes, come with the widget's browser test (a provider and a flow built
// for them); here a visitor talks to the template through the visitor's API.

const unique = (prefix: string) => `${prefix} ${Math.random().toString(36).slice(2, 8)}`;

/** The toast with this text (react-hot-toast shows it as a status). */
const toast = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text }).first();

const horizontalOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/** A bot made through the API, for the tests that are not about creating one. */
async function createChatbot(page: Page, name: string) {
  const response = await page.request.post('/api/chatbots', { data: { name, description: 'Answers on the site' } });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { id: string; name: string };
}

test.describe('chatbots', () => {
  test('a chatbot is created from the modal, its embed code copied, and its flow opened', async ({
    page,
    context,
    signedIn: _,
  }) => {
    test.slow();
    const name = unique('Site assistant');
    await page.goto('/app/chatbot');
    await expect(page.getByRole('heading', { level: 1, name: chatbotMessages.title })).toBeVisible();
    await expect(page.getByText(chatbotMessages.empty)).toBeVisible();
    await expectNoSeriousViolations(page);

    const create = page.getByRole('button', { name: chatbotMessages.create }).first();
    await create.click();
    const dialog = page.getByRole('dialog', { name: chatbotMessages.create });
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect(dialog.getByText(chatbotMessages.nameRequired)).toBeVisible();
    await expect(dialog.getByLabel('Name')).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(create).toBeFocused();

    await create.click();
    await dialog.getByLabel('Name').fill(name);
    await dialog.getByLabel('Description').fill('Answers questions about our plans');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect(toast(page, chatbotMessages.created)).toBeVisible();
    await expect(page).toHaveURL(/\/app\/chatbot\/[0-9a-f-]{36}$/);
    const id = page.url().split('/').pop()!;
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Flow' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByText('Unpublished changes')).toBeVisible();

    await page.getByRole('link', { name: 'All chatbots' }).click();
    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name, exact: true }) });
    await expect(card).toContainText('Answers questions about our plans');
    await expect(card).toContainText(chatbotMessages.inactive);
    await expect(card).toContainText('0 conversations this week');

    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await card.getByRole('button', { name: `${chatbotMessages.getEmbedCode} for ${name}` }).click();
    const embed = page.getByRole('dialog', { name: chatbotMessages.getEmbedCode });
    const origin = new URL(page.url()).origin;
    const snippet = `<script src="${origin}/chatbot-widget.js" data-chatbot-id="${id}" async></script>`;
    await expect(embed.getByRole('region', { name: 'Embed code' })).toHaveText(snippet);
    await expect(embed.getByRole('textbox', { name: 'Chat page link' })).toHaveValue(`${origin}/chat/${id}`);
    await expectNoSeriousViolations(page);
    await embed.getByRole('button', { name: chatbotMessages.copyCode }).click();
    // Under an open modal the toast is hidden from the accessibility tree (the dialog hides the rest of the page).
    await expect(page.getByText(chatbotMessages.embedCopied)).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(snippet);
    await page.keyboard.press('Escape');
    await expect(embed).toBeHidden();

    await card.getByRole('link', { name: `${chatbotMessages.editFlow} ${name}` }).click();
    await expect(page).toHaveURL(new RegExp(`/app/chatbot/${id}$`));
    // The façade this page replaced is gone.
    await expect(page.getByText('Chatbot builder coming soon...')).toHaveCount(0);
  });

  test('a bot’s knowledge, conversations and settings are kept in its tabs', async ({ page, signedIn: _ }) => {
    test.slow();
    const bot = await createChatbot(page, unique('Support bot'));
    const question = unique('What does the Pro plan cost');

    // The tab is in the address: a reload keeps it.
    await page.goto(`/app/chatbot/${bot.id}/knowledge`);
    await expect(page.getByRole('tab', { name: 'Knowledge' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByText(/No knowledge yet/)).toBeVisible();
    await expectNoSeriousViolations(page);

    await page.getByRole('button', { name: 'Add Knowledge' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Add Knowledge' });
    await dialog.getByRole('button', { name: 'Add' }).click();
    await expect(dialog.getByText('Title is required')).toBeVisible();
    await expect(dialog.getByText('Text is required')).toBeVisible();
    await dialog.getByLabel('Question', { exact: true }).fill(question);
    await dialog.getByLabel('Answer', { exact: true }).fill('Pro is 49 dollars a month.');
    await dialog.getByRole('button', { name: 'Add' }).click();
    await expect(toast(page, 'Knowledge added')).toBeVisible();
    const entry = page.getByRole('listitem').filter({ hasText: question });
    await expect(entry).toContainText('Pro is 49 dollars a month.');
    await expect(entry).toContainText('Question and answer');

    await page.reload();
    await expect(page.getByRole('tab', { name: 'Knowledge' })).toHaveAttribute('aria-selected', 'true');
    await entry.getByRole('button', { name: `Edit ${question}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Knowledge' });
    await expect(edit.getByLabel('Answer', { exact: true })).toHaveValue('Pro is 49 dollars a month.');
    // A document names its fields otherwise and states its size limit.
    await edit.getByLabel('Document').check();
    await expect(edit.getByLabel('Title', { exact: true })).toHaveValue(question);
    await expect(edit.getByText(/Up to 100,000 characters/)).toBeVisible();
    await edit.getByLabel('Text', { exact: true }).fill('Pro is 59 dollars a month from January.');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'Knowledge saved')).toBeVisible();
    await expect(entry).toContainText('Pro is 59 dollars a month from January.');
    await expect(entry).toContainText('Document');

    await entry.getByRole('button', { name: `Delete ${question}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete Knowledge' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page, 'Knowledge deleted')).toBeVisible();
    await expect(entry).toHaveCount(0);
    await expect(page.getByText(/No knowledge yet/)).toBeVisible();

    // Conversations: none yet, and a search that finds none says so.
    await page.getByRole('tab', { name: 'Conversations' }).click();
    await expect(page).toHaveURL(new RegExp(`/app/chatbot/${bot.id}/conversations$`));
    await expect(page.getByText(/No conversations yet/)).toBeVisible();
    await page.getByRole('searchbox', { name: 'Search conversations' }).fill('pricing');
    await expect(page).toHaveURL(/[?&]q=pricing/);
    await expect(page.getByText('No conversations match your search.')).toBeVisible();
    await expectNoSeriousViolations(page);

    // Settings: a bad number is named under its field; a good save shows everywhere.
    await page.getByRole('tab', { name: 'Settings' }).click();
    const renamed = unique('Sales bot');
    await page.getByLabel('Name').fill(renamed);
    await page.getByLabel('Answer only from the knowledge base').uncheck();
    await page.getByLabel('Most AI answers per day').fill('-3');
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await expect(page.getByText('Enter a whole number from 0 to 100,000')).toBeVisible();
    await page.getByLabel('Most AI answers per day').fill('40');
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await expect(toast(page, chatbotMessages.saved)).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: renamed })).toBeVisible();
    await page.reload();
    await expect(page.getByLabel('Most AI answers per day')).toHaveValue('40');
    await expect(page.getByLabel('Answer only from the knowledge base')).not.toBeChecked();
    await expectNoSeriousViolations(page);

    // A bot that was never published cannot be turned on: the server's reason, and the switch stays off.
    const active = page.getByRole('switch', { name: 'Chatbot active' });
    await active.click();
    await expect(toast(page, chatbotMessages.publishBeforeActivating)).toBeVisible();
    await expect(active).not.toBeChecked();
    await expect(page.getByRole('switch', { name: 'Active', exact: true })).not.toBeChecked();

    await page.getByRole('button', { name: 'Delete Chatbot' }).click();
    await page.getByRole('dialog', { name: 'Delete Chatbot' }).getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page, chatbotMessages.deleted)).toBeVisible();
    await expect(page).toHaveURL(/\/app\/chatbot$/);
    await expect(page.getByText(chatbotMessages.empty)).toBeVisible();
    await page.goto(`/app/chatbot/${bot.id}/settings`);
    await expect(page.getByText(chatbotMessages.notFound)).toBeVisible();
  });

  test('a visitor’s conversation is found, read with its variables, and leads to the contact it made', async ({
    page,
    request,
    signedIn: _,
  }) => {
    test.slow();
    const bot = await createChatbot(page, unique('Lead bot'));
    expect((await page.request.post(`/api/chatbots/${bot.id}/publish`, { data: {} })).status()).toBe(200);
    expect((await page.request.patch(`/api/chatbots/${bot.id}`, { data: { isActive: true } })).status()).toBe(200);

    // The visitor, without the owner's session: the template's answers, then the name and the e-mail.
    const visitor = unique('Grace Hopper');
    const email = `grace-${Date.now()}@example.com`;
    const started = await request.post(`/api/public/chatbots/${bot.id}/conversations`, { data: { timeZone: 'UTC' } });
    expect(started.status(), await started.text()).toBe(201);
    const chat = (await started.json()) as { conversationId: string; token: string };
    for (const input of [
      { type: 'choice', label: 'Talk to the team' },
      { type: 'text', text: visitor },
      { type: 'text', text: email },
    ]) {
      const turn = await request.post(`/api/public/chatbots/${bot.id}/conversations/${chat.conversationId}/turns`, {
        data: input,
        headers: { [CHAT_TOKEN_HEADER]: chat.token },
      });
      expect(turn.status(), await turn.text()).toBe(200);
    }

    await page.goto(`/app/chatbot/${bot.id}/conversations`);
    const search = page.getByRole('searchbox', { name: 'Search conversations' });
    await search.fill(visitor);
    await expect(page).toHaveURL(/[?&]q=/);
    await page.getByRole('link', { name: new RegExp(visitor) }).click();
    await expect(page).toHaveURL(new RegExp(`/conversations/${chat.conversationId}\\?q=`));
    const transcript = page.getByRole('region', { name: 'Conversation' });
    await expect(transcript.getByRole('heading', { name: visitor })).toBeVisible();
    await expect(transcript.getByText('What would you like to know?')).toBeVisible();
    await expect(transcript.getByText(`Thank you, ${visitor}! We’ll be in touch soon.`)).toBeVisible();
    await expect(transcript.getByRole('definition').filter({ hasText: email })).toBeVisible();
    await expectNoSeriousViolations(page);

    // On a phone the transcript is a screen of its own, with the way back to the list.
    await page.setViewportSize({ width: 375, height: 812 });
    await expect(page.getByRole('link', { name: 'All conversations' })).toBeVisible();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await page.getByRole('link', { name: 'All conversations' }).click();
    await expect(page.getByRole('link', { name: new RegExp(visitor) })).toBeVisible();
    await page.getByRole('link', { name: new RegExp(visitor) }).click();

    await page.getByRole('link', { name: visitor, exact: true }).click();
    await expect(page).toHaveURL(/\/app\/contacts\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 1, name: visitor })).toBeVisible();
  });

  test('the list and each tab of a bot work at a phone’s width', async ({ page, signedIn: _ }) => {
    test.slow();
    await page.setViewportSize({ width: 375, height: 812 });
    const bot = await createChatbot(page, unique('Phone bot'));
    await page.goto('/app/chatbot');
    await expect(page.getByRole('heading', { name: bot.name })).toBeVisible();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);

    await page.getByRole('link', { name: `${chatbotMessages.editFlow} ${bot.name}` }).click();
    await expect(page.getByRole('heading', { level: 1, name: bot.name })).toBeVisible();
    // All four tabs show whole, none scrolled out of sight.
    const last = await page.getByRole('tab', { name: 'Settings' }).boundingBox();
    expect(last!.x + last!.width).toBeLessThanOrEqual(375);
    for (const tab of ['Knowledge', 'Conversations', 'Settings']) {
      await page.getByRole('tab', { name: tab }).click();
      await expect(page.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
      await expect(page.getByRole('tabpanel', { name: tab })).toBeVisible();
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    }
    await expect(page.getByRole('button', { name: 'Save Settings' })).toBeVisible();
    await expectNoSeriousViolations(page);
    await page.getByRole('tab', { name: 'Conversations' }).click();
    await expect(page.getByRole('searchbox', { name: 'Search conversations' })).toBeVisible();
    await expect(page.getByText(/No conversations yet/)).toBeVisible();
    await expectNoSeriousViolations(page);
  });
});
