import type { Page } from '@playwright/test';
import { apiKeyMessages } from '../common/api-keys';
import { expect, test, unique } from './support/fixtures';
import { createContact } from './support/contacts';
import { expectNoSeriousViolations, toast } from './support/helpers';

// API keys (issue 30): a key made on the settings screen reads the contacts from outside the browser, and is
// refused at once once revoked there.

const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/** A request from another tool: Node's own fetch, no browser and no cookie. */
const contactsWith = (baseURL: string, key: string) =>
  fetch(new URL('/api/contacts', baseURL), { headers: { authorization: `Bearer ${key}` } });

test.describe('API keys', () => {
  test('a key made on the screen reads the contacts from another tool; revoked there, it is refused', async ({
    page,
    baseURL,
    signedIn: _,
  }) => {
    const contact = unique('Grace Hopper');
    await createContact(page, { name: contact });
    await page.goto('/app/settings');
    await page
      .getByRole('main')
      .getByRole('link', { name: /API Keys/ })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: apiKeyMessages.title })).toBeVisible();
    await expect(page.getByText(apiKeyMessages.empty)).toBeVisible();

    await page.getByRole('button', { name: apiKeyMessages.create }).click();
    const dialog = page.getByRole('dialog', { name: apiKeyMessages.create });
    // Nothing chosen: the form says what is missing and sends nothing.
    await dialog.getByRole('button', { name: apiKeyMessages.create }).click();
    await expect(dialog.getByText(apiKeyMessages.nameRequired)).toBeVisible();
    await expect(dialog.getByText(apiKeyMessages.scopesRequired)).toBeVisible();
    const name = unique('Zapier');
    await dialog.getByLabel('Name').fill(name);
    await dialog.getByLabel('Expires').selectOption({ label: '30 days' });
    await dialog.getByLabel('Contacts').selectOption({ label: apiKeyMessages.read });
    await dialog.getByRole('button', { name: apiKeyMessages.create }).click();
    await expect(toast(page, apiKeyMessages.created)).toBeVisible();

    const shown = page.getByRole('dialog', { name: apiKeyMessages.secretTitle });
    await expect(shown).toContainText(apiKeyMessages.secretWarning);
    const secret = await shown.getByRole('textbox', { name: apiKeyMessages.secretLabel }).inputValue();
    expect(secret).toMatch(/^pw_/);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await shown.getByRole('button', { name: apiKeyMessages.copyLabel }).click();
    await expect(toast(page, apiKeyMessages.copied)).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    await shown.getByRole('button', { name: apiKeyMessages.done }).click();
    await expect(shown).toBeHidden();

    const list = page.getByRole('list', { name: apiKeyMessages.title });
    await expect(list).toContainText(name);
    await expect(list).toContainText(secret.slice(0, 11));
    await expect(list).not.toContainText(secret);
    await expect(list).toContainText('Contacts: Read');

    const answer = await contactsWith(baseURL!, secret);
    expect(answer.status).toBe(200);
    const body = (await answer.json()) as { items: Array<{ name: string }> };
    expect(body.items.map((item) => item.name)).toEqual([contact]);

    await page.reload();
    await expect(list).not.toContainText(`${apiKeyMessages.lastUsed}: ${apiKeyMessages.never}`);
    await list.getByRole('button', { name: `${apiKeyMessages.revoke} ${name}` }).click();
    const confirm = page.getByRole('dialog', { name: apiKeyMessages.revoke });
    await expect(confirm).toContainText(apiKeyMessages.revokeConfirm);
    await confirm.getByRole('button', { name: apiKeyMessages.revoke }).click();
    await expect(toast(page, apiKeyMessages.revoked)).toBeVisible();
    await expect(page.getByText(apiKeyMessages.empty)).toBeVisible();

    const refused = await contactsWith(baseURL!, secret);
    expect(refused.status).toBe(401);
    expect(((await refused.json()) as { error: string }).error).toBe(apiKeyMessages.invalidKey);
  });

  test('the screen and its dialogs pass axe and fit a 375 px phone; Escape closes a dialog', async ({
    page,
    signedIn: _,
  }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto('/app/settings/api-keys');
    await expect(page.getByText(apiKeyMessages.empty)).toBeVisible();
    await expectNoSeriousViolations(page);
    await expect.poll(() => overflow(page)).toBeLessThanOrEqual(0);

    const create = page.getByRole('button', { name: apiKeyMessages.create });
    await create.click();
    const dialog = page.getByRole('dialog', { name: apiKeyMessages.create });
    await expect.poll(() => dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    await expectNoSeriousViolations(page);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(create).toBeFocused();

    await create.click();
    await dialog.getByLabel('Name').fill(unique('Accounting'));
    await dialog.getByLabel('Expires').selectOption({ label: apiKeyMessages.noExpiry });
    await dialog.getByLabel('Deals and pipelines').selectOption({ label: apiKeyMessages.write });
    await dialog.getByRole('button', { name: apiKeyMessages.create }).click();
    const shown = page.getByRole('dialog', { name: apiKeyMessages.secretTitle });
    await expect(shown).toBeVisible();
    await expectNoSeriousViolations(page);
    await page.keyboard.press('Escape');
    await expect(shown).toBeHidden();
    const list = page.getByRole('list', { name: apiKeyMessages.title });
    await expect(list).toContainText('Deals and pipelines: Read and write');
    await expect(list).toContainText(`${apiKeyMessages.lastUsed}: ${apiKeyMessages.never}`);
    await expectNoSeriousViolations(page);
    await expect.poll(() => overflow(page)).toBeLessThanOrEqual(0);
  });
});
