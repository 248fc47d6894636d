import type { Locator, Page } from '@playwright/test';
import { chatbotMessages } from '../common/chatbots';
import { expect, test } from './support/fixtures';
import { expectNoSeriousViolations } from './support/helpers';

/* The flow builder (issue "AI chatbot"): a new bot's template on the canvas, built on by mouse and by keyboard,
   Publish refused and then done, axe, and the phone's message. */

async function createChatbot(page: Page) {
  const name = `Helper ${Math.random().toString(36).slice(2, 8)}`;
  const response = await page.request.post('/api/chatbots', { data: { name } });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { id: string; name: string };
}

async function openBuilder(page: Page, id: string) {
  await page.goto(`/app/chatbot/${id}`);
  await expect(page.getByRole('button', { name: 'Publish' })).toBeVisible();
}

/** A block on the canvas, by what React Flow tells screen readers ("Message: Greeting"). */
const block = (page: Page, label: string) =>
  page.locator('.react-flow__node').and(page.getByRole('group', { name: label, exact: true }));
const connection = (page: Page, label: string) =>
  page.locator('.react-flow__edge').and(page.getByRole('group', { name: `Connection from ${label}`, exact: true }));
const saved = (page: Page) => expect(page.getByRole('status').filter({ hasText: /^Saved$/ })).toBeVisible();
const toast = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text }).first();

/** A mouse drag from one handle to another, in small steps as a person makes it. */
async function dragHandle(page: Page, from: Locator, to: Locator) {
  await page.locator('.react-flow').scrollIntoViewIfNeeded();
  const a = await from.boundingBox();
  const b = await to.boundingBox();
  if (!a || !b) throw new Error('a handle is not on screen');
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 12 });
  await page.mouse.up();
}

test.describe('chatbot flow builder', () => {
  // Room for the whole template on the canvas beside the side panel.
  test.use({ viewport: { width: 1440, height: 960 } });

  test('a new bot opens on its template; a Message block is added, connected, edited, undone and redone by mouse, and saved', async ({
    page,
    signedIn: _,
  }) => {
    const bot = await createChatbot(page);
    await openBuilder(page, bot.id);
    for (const label of [
      'Start, Message: Greeting',
      'AI Answer: Answer questions',
      'Ask: Your name',
      'Ask: Your e-mail',
      'Capture Lead: Save the lead',
      'End: Thank you',
    ])
      await expect(block(page, label)).toBeVisible();
    await expect(connection(page, 'Message: Greeting to AI Answer: Answer questions')).toBeAttached();

    await page.getByRole('button', { name: 'Add Message block' }).click();
    await expect(page.getByRole('heading', { name: /^Message block/ })).toBeVisible();
    const added = block(page, 'Message: (empty)');
    await expect(added).toBeVisible();

    // From the new block's exit to the End's entry.
    await dragHandle(
      page,
      added.locator('.react-flow__handle.source'),
      block(page, 'End: Thank you').locator('.react-flow__handle.target'),
    );
    await expect(connection(page, 'Message: (empty) to End: Thank you')).toBeAttached();
    await added.click();
    await expect(page.getByLabel('Connect to…')).toHaveValue('thanks');

    await page.getByLabel('Message text').fill('Anything else?');
    await expect(block(page, 'Message: Anything else?')).toBeVisible();
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect(block(page, 'Message: (empty)')).toBeVisible();
    await expect(page.getByLabel('Message text')).toHaveValue('');
    await page.getByRole('button', { name: 'Redo' }).click();
    await expect(block(page, 'Message: Anything else?')).toBeVisible();

    await saved(page);
    await page.reload();
    await expect(block(page, 'Message: Anything else?')).toBeVisible();
    await expect(connection(page, 'Message: Anything else? to End: Thank you')).toBeAttached();

    // A failed save says so and keeps the draft in the page; trying again saves it.
    const botUrl = `**/api/chatbots/${bot.id}`;
    await page.route(botUrl, (route) =>
      route.request().method() === 'PATCH'
        ? route.fulfill({ status: 500, json: { error: 'Internal Server Error' } })
        : route.fallback(),
    );
    await block(page, 'Message: Anything else?').click();
    await page.getByLabel('Message text').fill('Still there?');
    await expect(page.getByRole('status').filter({ hasText: 'Not saved: the server could not save it' })).toBeVisible();
    await expect(block(page, 'Message: Still there?')).toBeVisible();
    await page.unroute(botUrl);
    await page.getByRole('button', { name: 'Try saving again' }).click();
    await saved(page);
  });

  test('a block is added, connected and deleted from the keyboard alone, and Ctrl+Z brings it back', async ({
    page,
    signedIn: _,
  }) => {
    const bot = await createChatbot(page);
    await openBuilder(page, bot.id);

    await page.getByRole('button', { name: 'Add Message block' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: /^Message block/ })).toBeFocused();
    await page.getByLabel('Message text').focus();
    await page.keyboard.type('Bye for now');
    const connectTo = page.getByLabel('Connect to…');
    await connectTo.focus();
    await connectTo.selectOption({ label: 'End: Thank you' });

    const edge = connection(page, 'Message: Bye for now to End: Thank you');
    await expect(edge).toBeAttached();
    // The connection, reached on the canvas: selected with Enter, deleted with Delete.
    await edge.focus();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Delete');
    await expect(edge).toHaveCount(0);

    const added = block(page, 'Message: Bye for now');
    await added.focus();
    await page.keyboard.press('Enter');
    // Delete on a toolbar or panel button is not the canvas's: the selected block stays.
    await page.getByRole('button', { name: 'Undo' }).focus();
    await page.keyboard.press('Delete');
    await page.getByRole('heading', { name: /^Message block/ }).focus();
    await page.keyboard.press('Delete');
    await expect(added).toBeVisible();
    await added.focus();
    await page.keyboard.press('Delete');
    await expect(added).toHaveCount(0);
    await page.keyboard.press('Control+z');
    await expect(added).toBeVisible();
    await page.keyboard.press('Control+Shift+z');
    await expect(added).toHaveCount(0);
  });

  test('Publish is refused with a problem that selects its block, then done once fixed, and a visitor meets what the canvas holds; axe; 375 px', async ({
    page,
    browser,
    signedIn: _,
  }) => {
    const bot = await createChatbot(page);
    await openBuilder(page, bot.id);
    await block(page, 'Start, Message: Greeting').click();
    await page.getByLabel('Message text').fill('Welcome! This greeting was written on the canvas.');
    await saved(page);
    await page.getByRole('button', { name: 'Add Message block' }).click();
    await page.getByRole('button', { name: 'Whole flow' }).click();
    await expect(page.getByRole('heading', { name: 'Flow', exact: true })).toBeVisible();

    await page.getByRole('button', { name: 'Publish' }).click();
    await expect(page.getByRole('heading', { name: chatbotMessages.cannotPublish })).toBeVisible();
    await page.getByRole('button', { name: 'A Message block has no text.' }).click();
    await expect(page.getByRole('heading', { name: /^Message block/ })).toBeFocused();
    await expect(page.getByLabel('Message text')).toHaveValue('');
    await expectNoSeriousViolations(page);

    await page.getByRole('button', { name: 'Delete block' }).click();
    await expect(page.getByRole('heading', { name: 'No problems left: publish again.' })).toBeVisible();
    await page.getByRole('button', { name: 'Publish' }).click();
    await expect(toast(page, chatbotMessages.published)).toBeVisible();
    await expect(page.getByText('Published', { exact: true })).toBeVisible();

    // Turned on, the bot greets a visitor of its chat page with the words written on the canvas.
    const on = await page.request.patch(`/api/chatbots/${bot.id}`, { data: { isActive: true } });
    expect(on.status(), await on.text()).toBe(200);
    const visitor = await browser.newContext({ baseURL: new URL(page.url()).origin });
    try {
      const chat = await visitor.newPage();
      await chat.goto(`/chat/${bot.id}`);
      const conversation = chat.getByRole('list', { name: 'Conversation' });
      await expect(conversation.getByText('Welcome! This greeting was written on the canvas.')).toBeVisible();
      await expect(conversation.getByText('What would you like to know?')).toBeVisible();
    } finally {
      await visitor.close();
    }

    await page.setViewportSize({ width: 375, height: 740 });
    await expect(page.getByText('The flow builder needs a larger screen')).toBeVisible();
    await expect(page.locator('.react-flow')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Message: Greeting (start)' })).toBeVisible();
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth))
      .toBeLessThanOrEqual(0);
  });

  test('Preview runs the draft as a visitor would, and the lead it captures is not saved', async ({
    page,
    signedIn: _,
  }) => {
    const bot = await createChatbot(page);
    await openBuilder(page, bot.id);
    await page.getByRole('button', { name: 'Preview' }).click();
    const preview = page.getByRole('complementary', { name: 'Preview' });
    await expect(preview.getByText('Leads and bookings are not saved in a preview.')).toBeVisible();
    const log = preview.getByRole('log', { name: 'Preview conversation' });
    await expect(log.getByText('Hi! I’m here to answer your questions about what we do.')).toBeVisible();
    await expect(log.getByText('What would you like to know?')).toBeVisible();

    await preview.getByRole('button', { name: 'Talk to the team' }).click();
    await expect(log.getByText('Happy to put you in touch. What’s your name?')).toBeVisible();
    await preview.getByLabel('Your answer').fill('Ada');
    await preview.getByRole('button', { name: 'Send' }).click();
    await expect(log.getByText('Thanks, Ada! What’s your e-mail address, so the team can reach you?')).toBeVisible();
    await preview.getByLabel('Your answer').fill('ada@example.com');
    await preview.getByRole('button', { name: 'Send' }).click();
    await expect(log.getByText('Thank you, Ada! We’ll be in touch soon.')).toBeVisible();
    await expect(preview.getByText('The conversation has ended.')).toBeVisible();

    const contacts = await page.request.get('/api/contacts?limit=10');
    expect(contacts.status()).toBe(200);
    expect((await contacts.json()).items).toEqual([]);
  });
});
