import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { searchMessages } from '../common/search';
import { expect, test } from './support/fixtures';
import { expectNoSeriousViolations } from './support/helpers';

/** A word no other test's data contains, so the hits are this test's own. */
const token = () => `zq${Math.random().toString(36).slice(2, 8)}`;

async function create<T = { id: string }>(page: Page, path: string, data: Record<string, unknown>): Promise<T> {
  const response = await page.request.post(path, { data });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as T;
}

const menuOf = (page: Page) => page.getByRole('dialog', { name: 'Search' });

/** A signed-in page, once its heading shows (the shell and its shortcut are there then). */
async function visit(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
}

/** Ctrl+K, then the menu's box focused (its chunk loads at the first opening). */
async function openWithShortcut(page: Page) {
  await page.keyboard.press('Control+k');
  const menu = menuOf(page);
  await expect(menu.getByRole('combobox')).toBeFocused();
  return menu;
}

test.describe('command menu', () => {
  test('Ctrl+K from the tasks page, part of a company and Enter open that contact', async ({ page, signedIn: _ }) => {
    const word = token();
    const company = `Quillfeather ${word} Holdings`;
    const contact = await create(page, '/api/contacts', { name: `Nora ${word}`, company });
    await visit(page, '/app/tasks');

    const menu = await openWithShortcut(page);
    await page.keyboard.type(`feather ${word}`);
    const hit = menu.getByRole('option', { name: new RegExp(`Nora ${word}`) });
    await expect(hit).toBeVisible();
    await expect(menu.getByRole('group', { name: 'Contacts' })).toContainText(`Nora ${word}`);
    // The matching part of the company is marked, and the hit is the one Enter opens.
    await expect(hit.locator('mark')).toHaveText(`feather ${word}`);
    await expect(hit).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('Enter');

    await expect(page).toHaveURL(new RegExp(`/app/contacts/${contact.id}$`));
    await expect(page.getByRole('heading', { level: 1, name: `Nora ${word}` })).toBeVisible();
    await expect(menu).toBeHidden();
  });

  test('the header search box does the same by mouse, and offers recent searches and records', async ({
    page,
    signedIn: _,
  }) => {
    const word = token();
    const contact = await create(page, '/api/contacts', { name: `Otto ${word}`, company: `Brightwater ${word}` });
    await visit(page, '/app/dashboard');

    await page.getByRole('searchbox', { name: 'Search' }).click();
    const menu = menuOf(page);
    const box = menu.getByRole('combobox');
    await expect(box).toBeFocused();
    await box.fill(`water ${word}`);
    await menu.getByRole('option', { name: new RegExp(`Otto ${word}`) }).click();
    await expect(page).toHaveURL(new RegExp(`/app/contacts/${contact.id}$`));
    await expect(page.getByRole('heading', { level: 1, name: `Otto ${word}` })).toBeVisible();

    // Before anything is typed: what was searched and opened, per user, kept after a reload.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: `Otto ${word}` })).toBeVisible();
    await page.getByRole('searchbox', { name: 'Search' }).click();
    await expect(menu.getByRole('group', { name: 'Recent searches' })).toContainText(`water ${word}`);
    await expect(menu.getByRole('group', { name: 'Recently opened' })).toContainText(`Otto ${word}`);
    await menu.getByRole('option', { name: `water ${word}`, exact: true }).click();
    await expect(box).toHaveValue(`water ${word}`);
    await expect(menu.getByRole('option', { name: new RegExp(`Otto ${word}`) })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();

    // Typing in the header box opens the menu with what was typed.
    await page.getByRole('searchbox', { name: 'Search' }).pressSequentially('O');
    await expect(box).toBeFocused();
    await expect(box).toHaveValue('O');
  });

  test('a project, deal, task or form hit opens its modal; Escape closes the menu', async ({ page, signedIn: _ }) => {
    test.slow();
    const word = token();
    await create(page, '/api/projects', { name: `Atlas ${word}` });
    const pipeline = await create(page, '/api/pipelines', { name: `Sales ${word}`, isDefault: true });
    await create(page, '/api/deals', { name: `Renewal ${word}`, pipelineId: pipeline.id, stage: 'Lead', value: 100 });
    await create(page, '/api/tasks', { name: `Call ${word}` });
    await create(page, '/api/forms', {
      name: `Signup ${word}`,
      fields: [{ id: randomUUID(), type: 'name', label: 'Full Name', required: true }],
      settings: {},
      style: {},
    });
    await visit(page, '/app/dashboard');

    const searchFor = async (kind: string, title: string) => {
      const menu = await openWithShortcut(page);
      await page.keyboard.type(word);
      await expect(menu.getByRole('group', { name: kind })).toBeVisible();
      await menu
        .getByRole('group', { name: kind })
        .getByRole('option', { name: new RegExp(title) })
        .click();
      await expect(menu).toBeHidden();
    };

    await searchFor('Projects', `Atlas ${word}`);
    await expect(page).toHaveURL(/\/app\/projects$/);
    const projectModal = page.getByRole('dialog', { name: 'Edit Project' });
    await expect(projectModal).toBeVisible();
    await expect(projectModal.getByLabel('Name', { exact: true })).toHaveValue(`Atlas ${word}`);
    await page.keyboard.press('Escape');
    await expect(projectModal).toBeHidden();

    await searchFor('Deals', `Renewal ${word}`);
    await expect(page.getByRole('dialog', { name: 'Deal Details' })).toBeVisible();
    await page.keyboard.press('Escape');

    await searchFor('Tasks', `Call ${word}`);
    await expect(page.getByRole('dialog', { name: 'Task Details' })).toBeVisible();
    await page.keyboard.press('Escape');

    await searchFor('Forms', `Signup ${word}`);
    await expect(page.getByRole('dialog', { name: 'Edit Form' })).toBeVisible();
    await expect(page).toHaveURL(/\/app\/forms$/);
  });

  test('pages and actions, the empty state, Escape and accessibility', async ({ page, signedIn: _ }) => {
    await visit(page, '/app/dashboard');
    const menu = await openWithShortcut(page);
    await expect(menu.getByRole('group', { name: 'Pages' })).toBeVisible();
    await expect(menu.getByRole('group', { name: 'Actions' })).toBeVisible();
    await expectNoSeriousViolations(page);

    // One character searches nothing: pages and actions only.
    await page.keyboard.type('k');
    await expect(menu.getByRole('option', { name: 'Tasks' })).toBeVisible();
    await expect(menu.getByRole('option', { name: 'Create task' })).toBeVisible();
    await expect(menu.getByRole('option', { name: 'Create contact' })).toBeHidden();
    await expect(menu.getByRole('option', { name: 'Dashboard' })).toBeHidden();
    await expect(menu.getByText('Searching...')).toBeHidden();

    await page.keyboard.type(token());
    await expect(menu.getByText(searchMessages.empty)).toBeVisible();

    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();

    // An action opens the create modal of its page; the address forgets the request.
    await openWithShortcut(page);
    await page.keyboard.type('create contact');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog', { name: 'Create New Contact' })).toBeVisible();
    await expect(page).toHaveURL(/\/app\/contacts$/);
    await page.keyboard.press('Escape');

    await openWithShortcut(page);
    await page.keyboard.type('create task');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog', { name: 'Create Task' })).toBeVisible();
    await expect(page).toHaveURL(/\/app\/tasks$/);
  });

  test('on a phone the header fits and the menu fills the width', async ({ page, signedIn: _ }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    await visit(page, '/app/dashboard');
    await expect(page.getByRole('button', { name: /^Notifications/ })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.getByRole('searchbox', { name: 'Search' }).click();
    const menu = menuOf(page);
    await expect(menu.getByRole('combobox')).toBeFocused();
    const box = await menu.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
  });

  test('every screen is in the menu, scheduling settings among them, and the booking page opens in a new tab', async ({
    page,
    context,
    signedIn,
  }) => {
    test.slow();
    const me = (await (await page.request.get('/api/me')).json()) as { user: { id: string } };
    await visit(page, '/app/dashboard');
    const menu = await openWithShortcut(page);
    const pages = menu.getByRole('group', { name: 'Pages' });
    for (const name of ['Dashboard', 'Forms', 'Pipeline Settings', 'Email Settings', 'Scheduling Settings']) {
      await expect(pages.getByRole('option', { name, exact: true })).toBeAttached();
    }
    await expect(pages.getByRole('option', { name: /My booking page/ })).toBeAttached();
    await expect(
      menu.getByRole('group', { name: 'Actions' }).getByRole('option', { name: 'Compose email' }),
    ).toBeAttached();
    await expectNoSeriousViolations(page);

    await page.keyboard.type('sched');
    await expect(pages.getByRole('option')).toHaveText(['Scheduling Settings']);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/app\/settings\/scheduling$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Scheduling Settings' })).toBeVisible();

    await openWithShortcut(page);
    await page.keyboard.type('booking page');
    const [booking] = await Promise.all([
      context.waitForEvent('page'),
      menu.getByRole('option', { name: /My booking page/ }).click(),
    ]);
    await expect(booking).toHaveURL(new RegExp(`/book/${me.user.id}$`));
    await expect(booking.getByRole('heading', { level: 1, name: signedIn.name })).toBeVisible();
    await expect(menu).toBeHidden();
  });
});
