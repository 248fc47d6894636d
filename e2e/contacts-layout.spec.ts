import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { createContact } from './support/contacts';
import { expectNoSeriousViolations } from './support/helpers';

// The contacts list at 1280 px and on a phone, with a contact too long for every column.

/** A contact whose every value is longer than its column. */
const long = {
  name: 'Maximilian Alexander Featherstonehaugh-Wolfeschlegelsteinhausen',
  email: 'maximilian.alexander.featherstonehaugh-wolfeschlegelsteinhausen@a-very-long-company-domain.example.com',
  phone: '+44 20 7946 0000',
  company: 'International Business Machines Corporation of Great Britain and Northern Ireland',
};
const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

test.describe('contacts', () => {
  test('at 1280 px a long value ends in an ellipsis, whole in its tooltip, and every column and the actions stay in the card', async ({
    page,
    signedIn: _,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await createContact(page, long);
    await createContact(page, { name: 'Ada Lovelace', email: 'ada@example.com' });
    await page.goto('/app/contacts');
    const row = page.getByRole('row', { name: /Maximilian/ });
    await expect(row).toBeVisible();

    const table = page.getByRole('region', { name: 'Contacts table' });
    const widths = await table.evaluate((region) => ({
      table: region.querySelector('table')!.scrollWidth,
      card: region.parentElement!.clientWidth,
    }));
    expect(widths.table).toBeLessThanOrEqual(widths.card);

    for (const value of [long.email, long.company]) {
      const text = row.getByText(value);
      await expect(text).toHaveAttribute('title', value);
      expect(await text.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
    }
    await expect(row.getByRole('link', { name: long.name })).toHaveAttribute('title', long.name);
    for (const cell of [
      row.getByText(long.phone),
      row.getByText(long.company),
      row.getByRole('button', { name: `Edit ${long.name}` }),
      row.getByRole('button', { name: `Delete ${long.name}` }),
    ]) {
      await expect(cell).toBeInViewport({ ratio: 1 });
    }
    await expectNoSeriousViolations(page);

    await row.getByRole('button', { name: `Delete ${long.name}` }).click();
    await expect(page.getByRole('dialog', { name: 'Delete contact' })).toBeVisible();
  });

  test('on a phone each contact is a compact row with its picture, name, company, e-mail and actions; nothing overflows', async ({
    page,
    signedIn: _,
  }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    const contact = await createContact(page, long);
    await createContact(page, { name: 'Ada Lovelace', email: 'ada@example.com', company: 'Analytical Engines' });
    await page.goto('/app/contacts');
    const search = page.getByRole('searchbox', { name: 'Search contacts' });
    for (const control of [
      search,
      page.getByRole('link', { name: 'Export CSV' }),
      page.getByRole('button', { name: 'Import CSV' }),
      page.getByRole('button', { name: 'Create' }),
    ]) {
      await expect(control).toBeInViewport();
    }
    // The placeholder fits in the box.
    const room = await search.evaluate((input: HTMLInputElement) => {
      const style = getComputedStyle(input);
      const context = document.createElement('canvas').getContext('2d')!;
      context.font = style.font;
      const inner = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      return inner - context.measureText(input.placeholder).width;
    });
    expect(room).toBeGreaterThanOrEqual(0);

    const list = page.getByRole('list', { name: 'Contacts' });
    await expect(list.getByRole('link')).toHaveText(['Ada Lovelace', long.name]);
    const item = list.getByRole('listitem').filter({ hasText: long.name });
    // The whole name, wrapped at its hyphen rather than cut.
    await expect(item.getByRole('link', { name: long.name })).toBeInViewport({ ratio: 1 });
    await expect(item.getByText('MA', { exact: true })).toBeVisible();
    await expect(item.getByText(long.company)).toBeVisible();
    await expect(item.getByText(long.email)).toHaveAttribute('title', long.email);
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await expectNoSeriousViolations(page);

    await item.getByRole('button', { name: `Edit ${long.name}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Contact' });
    await expect(edit.getByLabel('Email')).toHaveValue(long.email);
    await page.keyboard.press('Escape');
    await item.getByRole('button', { name: `Delete ${long.name}` }).click();
    await expect(page.getByRole('dialog', { name: 'Delete contact' })).toBeVisible();
    await page.keyboard.press('Escape');

    // The headers' sort is a select here.
    await page.getByLabel('Sort by').selectOption({ label: 'Name (Z–A)' });
    await expect(list.getByRole('link')).toHaveText([long.name, 'Ada Lovelace']);
    await expect(page).toHaveURL(/sort=name&dir=desc/);

    await page.goto(`/app/contacts/${contact.id}`);
    await expect(page.getByRole('heading', { level: 1, name: long.name })).toBeVisible();
    await expect(page.getByText('This contact has no deals.')).toBeVisible();
    await expect(page.getByText("No tasks are linked to this contact's deals.")).toBeVisible();
    expect(await overflow(page)).toBeLessThanOrEqual(0);
  });
});
