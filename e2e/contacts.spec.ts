import fs from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { expectNoSeriousViolations } from './support/helpers';

const unique = (prefix: string) => `${prefix} ${Math.random().toString(36).slice(2, 8)}`;

async function createContact(page: Page, data: { name: string; email?: string; phone?: string; company?: string }) {
  const response = await page.request.post('/api/contacts', { data });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { id: string; name: string };
}

async function createAll(page: Page, contacts: Array<Parameters<typeof createContact>[1]>) {
  // One at a time: the list's order must not depend on which insert lands first.
  for (const contact of contacts) await createContact(page, contact);
}

/** The contacts' names as the table lists them, top to bottom. */
const listedNames = (page: Page) => page.getByRole('region', { name: 'Contacts table' }).getByRole('link');
/** A contact whose every value is longer than its column. */
const long = {
  name: 'Maximilian Alexander Featherstonehaugh-Wolfeschlegelsteinhausen',
  email: 'maximilian.alexander.featherstonehaugh-wolfeschlegelsteinhausen@a-very-long-company-domain.example.com',
  phone: '+44 20 7946 0000',
  company: 'International Business Machines Corporation of Great Britain and Northern Ireland',
};
const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

test.describe('contacts', () => {
  test('a new user sees the empty state', async ({ page, signedIn: _ }) => {
    await page.goto('/app/contacts');
    await expect(page.getByRole('heading', { level: 1, name: 'Contacts' })).toBeVisible();
    const empty = page.getByText('No contacts found. Click the Create button to add one.');
    await expect(empty).toBeVisible();
    await expectNoSeriousViolations(page);
    // The empty state's own Create opens the same dialog as the header's.
    await empty.locator('..').getByRole('button', { name: 'Create', exact: true }).click();
    await expect(page.getByRole('dialog', { name: 'Create New Contact' })).toBeVisible();
  });

  test('a contact needs a name, and empty fields show as "-"', async ({ page, signedIn: _ }) => {
    await page.goto('/app/contacts');
    await page.getByRole('button', { name: 'Create', exact: true }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Create New Contact' });
    await expect(dialog).toBeVisible();

    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect(dialog.getByText('Name is required')).toBeVisible();
    await expect(dialog.getByLabel('Name')).toHaveAttribute('aria-invalid', 'true');

    await dialog.getByLabel('Name').fill('  Grace Hopper  ');
    await dialog.getByLabel('Company').fill('Navy');
    await dialog.getByRole('button', { name: 'Create' }).click();

    await expect(page.getByText('Contact created successfully')).toBeVisible();
    await expect(dialog).toBeHidden();
    const row = page.getByRole('row', { name: /Grace Hopper/ });
    await expect(row.getByRole('cell')).toHaveText(['-', '-', 'Navy', /Edit/]);
    await expect(page.getByText('No contacts found. Click the Create button to add one.')).toBeHidden();
  });

  test("the server's field errors show under the inputs", async ({ page, signedIn: _ }) => {
    await page.goto('/app/contacts');
    await page.getByRole('button', { name: 'Create', exact: true }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Create New Contact' });
    await dialog.getByLabel('Name').fill('Bad Mail');
    await dialog.getByLabel('Email').fill('nope');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect(dialog.getByText('Please enter a valid email address')).toBeVisible();
  });

  test("a website must be an http(s) address, and shows as a link on the contact's page", async ({
    page,
    signedIn: _,
  }) => {
    test.slow();
    await page.goto('/app/contacts');
    await page.getByRole('button', { name: 'Create', exact: true }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Create New Contact' });
    await dialog.getByLabel('Name').fill('Margaret Hamilton');
    await dialog.getByLabel('Website').fill('apollo.example');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect(dialog.getByText('Enter a valid URL starting with http:// or https://')).toBeVisible();
    await expect(dialog.getByLabel('Website')).toHaveAttribute('aria-invalid', 'true');
    await dialog.getByLabel('Website').fill(' https://apollo.example/mit ');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect(page.getByText('Contact created successfully')).toBeVisible();

    await page.getByRole('link', { name: 'Margaret Hamilton' }).click();
    const link = page.getByRole('link', { name: 'https://apollo.example/mit' });
    await expect(link).toHaveAttribute('href', 'https://apollo.example/mit');
    await expect(link).toHaveAttribute('rel', /noopener/);
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Contact' });
    await edit.getByLabel('Website').fill('');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Contact updated successfully')).toBeVisible();
    await expect(link).toBeHidden();
  });

  test('a contact is edited and then deleted', async ({ page, signedIn: _ }) => {
    await page.goto('/app/contacts');
    await page.getByRole('button', { name: 'Create', exact: true }).first().click();
    const create = page.getByRole('dialog', { name: 'Create New Contact' });
    await create.getByLabel('Name').fill('Alan Turing');
    await create.getByLabel('Email').fill('alan@example.com');
    await create.getByLabel('Phone').fill('+44 20 7946 0000');
    await create.getByRole('button', { name: 'Create' }).click();
    const row = page.getByRole('row', { name: /Alan Turing/ });
    await expect(row).toBeVisible();

    await row.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Contact' });
    await expect(edit.getByLabel('Email')).toHaveValue('alan@example.com');
    await edit.getByLabel('Company').fill('Bletchley Park');
    await edit.getByLabel('Phone').fill('');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Contact updated successfully')).toBeVisible();
    await expect(row.getByRole('cell')).toHaveText(['alan@example.com', '-', 'Bletchley Park', /Edit/]);

    await row.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete contact' });
    await expect(
      confirm.getByText('Are you sure you want to delete Alan Turing? This action cannot be undone.'),
    ).toBeVisible();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Contact deleted')).toBeVisible();
    await expect(row).toBeHidden();
    await expect(page.getByText('No contacts found. Click the Create button to add one.')).toBeVisible();
  });

  test('the create dialog closes on Escape and keeps nothing', async ({ page, signedIn: _ }) => {
    await page.goto('/app/contacts');
    await page.getByRole('button', { name: 'Create', exact: true }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Create New Contact' });
    await dialog.getByLabel('Name').fill('Draft');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await page.getByRole('button', { name: 'Create', exact: true }).first().click();
    await expect(dialog.getByLabel('Name')).toHaveValue('');
  });

  test('many contacts are paged forward, back and to the first page', async ({ page, signedIn: _ }) => {
    // 101 contacts through the API, ten at a time: one by one they take most of the test's time on a busy machine.
    test.slow();
    for (let start = 0; start < 101; start += 10) {
      const names = Array.from(
        { length: Math.min(10, 101 - start) },
        (_, i) => `Person ${String(start + i).padStart(3, '0')}`,
      );
      const responses = await Promise.all(names.map((name) => page.request.post('/api/contacts', { data: { name } })));
      expect(responses.map((response) => response.status())).toEqual(names.map(() => 201));
    }
    await page.goto('/app/contacts');
    const pagination = page.getByRole('navigation', { name: 'Pagination' });
    await expect(page.getByText('101 contacts')).toBeVisible();
    await expect(pagination.getByText('1–50 of 101')).toBeVisible();
    await expect(pagination.getByRole('button', { name: 'Previous' })).toBeDisabled();

    await pagination.getByRole('button', { name: 'Next' }).click();
    await expect(pagination.getByText('51–100 of 101')).toBeVisible();
    await expect(page.getByRole('row', { name: /Person 050/ })).toBeVisible();
    await pagination.getByRole('button', { name: 'Next' }).click();
    await expect(pagination.getByText('101–101 of 101')).toBeVisible();
    await expect(page.getByRole('row', { name: /Person 100/ })).toBeVisible();
    await expect(pagination.getByRole('button', { name: 'Next' })).toBeDisabled();

    await pagination.getByRole('button', { name: 'Previous' }).click();
    await expect(pagination.getByText('51–100 of 101')).toBeVisible();
    await expect(page.getByRole('row', { name: /Person 099/ })).toBeVisible();
    await pagination.getByRole('button', { name: 'Next' }).click();
    await pagination.getByRole('button', { name: 'First' }).click();
    await expect(pagination.getByText('1–50 of 101')).toBeVisible();
    await expect(page.getByRole('row', { name: /Person 000/ })).toBeVisible();
    await expect(page.getByRole('row', { name: /Person 050/ })).toBeHidden();
  });

  test('a search narrows the list, stays in the address after a reload, and says when nothing matches', async ({
    page,
    signedIn: _,
  }) => {
    await createAll(page, [
      { name: 'Ada Lovelace', email: 'ada@analytical.example', company: 'Analytical Engines' },
      { name: 'Grace Hopper', company: 'Navy' },
      { name: 'Katherine Johnson', phone: '555 0100', company: 'NASA' },
    ]);
    await page.goto('/app/contacts');
    await expect(listedNames(page)).toHaveText(['Ada Lovelace', 'Grace Hopper', 'Katherine Johnson']);
    await expectNoSeriousViolations(page);

    const search = page.getByRole('searchbox', { name: 'Search contacts' });
    await expect(search).toHaveAttribute('placeholder', 'Name, email, company or phone');
    await search.fill('navy');
    await expect(listedNames(page)).toHaveText(['Grace Hopper']);
    await expect(page).toHaveURL(/[?&]q=navy/);
    // The total stays the count of all contacts.
    await expect(page.getByText('3 contacts')).toBeVisible();

    await page.reload();
    await expect(page.getByRole('searchbox', { name: 'Search contacts' })).toHaveValue('navy');
    await expect(listedNames(page)).toHaveText(['Grace Hopper']);

    await page.getByRole('searchbox', { name: 'Search contacts' }).fill('0100');
    await expect(listedNames(page)).toHaveText(['Katherine Johnson']);
    await page.getByRole('searchbox', { name: 'Search contacts' }).fill('nobody at all');
    await expect(page.getByText('No contacts match your search')).toBeVisible();
    await expect(page.getByText('No contacts found. Click the Create button to add one.')).toBeHidden();

    await page.getByRole('searchbox', { name: 'Search contacts' }).fill('');
    await expect(listedNames(page)).toHaveText(['Ada Lovelace', 'Grace Hopper', 'Katherine Johnson']);
    await expect(page).not.toHaveURL(/[?&]q=/);
  });

  test('a column header sorts by it, ascending then descending, with empty values last then first', async ({
    page,
    signedIn: _,
  }) => {
    await createAll(page, [
      { name: 'Alice', company: 'Beta' },
      { name: 'Bob', company: 'Zeta' },
      { name: 'Carol', company: 'Acme' },
      { name: 'Dan' },
    ]);
    await page.goto('/app/contacts');
    const header = (name: string) => page.getByRole('columnheader', { name });
    await expect(header('Name')).toHaveAttribute('aria-sort', 'ascending');
    await expect(listedNames(page)).toHaveText(['Alice', 'Bob', 'Carol', 'Dan']);

    await header('Company').getByRole('button', { name: 'Company' }).click();
    await expect(header('Company')).toHaveAttribute('aria-sort', 'ascending');
    await expect(header('Name')).not.toHaveAttribute('aria-sort');
    await expect(listedNames(page)).toHaveText(['Carol', 'Alice', 'Bob', 'Dan']);
    await expect(page).toHaveURL(/sort=company&dir=asc/);

    await header('Company').getByRole('button', { name: 'Company' }).click();
    await expect(header('Company')).toHaveAttribute('aria-sort', 'descending');
    await expect(listedNames(page)).toHaveText(['Dan', 'Bob', 'Alice', 'Carol']);
    await expect(page).toHaveURL(/sort=company&dir=desc/);
    // The button keeps the focus, so the keyboard can sort again at once.
    await expect(header('Company').getByRole('button')).toBeFocused();

    await page.reload();
    await expect(header('Company')).toHaveAttribute('aria-sort', 'descending');
    await expect(listedNames(page)).toHaveText(['Dan', 'Bob', 'Alice', 'Carol']);
  });

  test("a contact's page shows its deals and tasks; deleting it says its deal stays, and the deal does", async ({
    page,
    signedIn: _,
  }) => {
    test.slow();
    const contact = await createContact(page, { name: unique('Margaret'), email: 'margaret@example.com' });
    const pipelineName = unique('Sales');
    const pipelineResponse = await page.request.post('/api/pipelines', {
      data: { name: pipelineName, isDefault: true },
    });
    expect(pipelineResponse.status()).toBe(201);
    const pipeline = (await pipelineResponse.json()) as { id: string };
    const dealName = unique('Apollo guidance');
    const dealResponse = await page.request.post('/api/deals', {
      data: { name: dealName, pipelineId: pipeline.id, stage: 'Negotiation', value: 12500, contactId: contact.id },
    });
    expect(dealResponse.status(), await dealResponse.text()).toBe(201);
    const deal = (await dealResponse.json()) as { id: string };
    const taskName = unique('Send the contract');
    const taskResponse = await page.request.post('/api/tasks', {
      data: { name: taskName, dealId: deal.id, dueDate: '2030-03-05T15:00:00.000Z' },
    });
    expect(taskResponse.status(), await taskResponse.text()).toBe(201);

    await page.goto('/app/contacts');
    await page.getByRole('link', { name: contact.name }).click();
    await expect(page).toHaveURL(`/app/contacts/${contact.id}`);
    await expect(page.getByRole('heading', { level: 1, name: contact.name })).toBeVisible();
    await expect(page.getByRole('link', { name: 'margaret@example.com' })).toHaveAttribute(
      'href',
      'mailto:margaret@example.com',
    );

    const deals = page.getByRole('list', { name: 'Deals' }).getByRole('listitem');
    await expect(deals).toHaveCount(1);
    await expect(deals).toContainText('$12,500');
    await expect(deals).toContainText('Negotiation');
    await expect(deals).toContainText(pipelineName);
    await expect(deals.getByRole('link', { name: dealName })).toHaveAttribute(
      'href',
      `/app/deals?pipeline=${pipeline.id}&deal=${deal.id}`,
    );
    const tasks = page.getByRole('list', { name: 'Tasks' }).getByRole('listitem');
    await expect(tasks).toHaveCount(1);
    await expect(tasks).toContainText(taskName);
    await expect(tasks).toContainText('To Do');
    await expect(tasks).toContainText('2030');
    await expect(tasks).toContainText(dealName);
    await expectNoSeriousViolations(page);

    // Edit from the page, with the same dialog as the list's.
    await page.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Contact' });
    await expect(edit.getByLabel('Email')).toHaveValue('margaret@example.com');
    await edit.getByLabel('Company').fill('MIT Instrumentation Lab');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Contact updated successfully')).toBeVisible();
    await expect(edit).toBeHidden();
    await expect(page.getByRole('main').getByText('MIT Instrumentation Lab').first()).toBeVisible();

    await page.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete contact' });
    await expect(
      confirm.getByText(`Are you sure you want to delete ${contact.name}? This action cannot be undone.`),
    ).toBeVisible();
    await expect(confirm.getByText('Its deal stays in your pipeline without a contact.')).toBeVisible();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Contact deleted')).toBeVisible();
    await expect(page).toHaveURL('/app/contacts');
    await expect(page.getByText('No contacts found. Click the Create button to add one.')).toBeVisible();

    const kept = await page.request.get(`/api/deals/${deal.id}`);
    expect(kept.status()).toBe(200);
    expect(await kept.json()).toMatchObject({ name: dealName, contactId: null });
    expect((await page.request.get(`/api/contacts/${contact.id}/details`)).status()).toBe(404);
  });

  test("an unknown contact's page says it failed to load, with a way back", async ({ page, signedIn: _ }) => {
    await page.goto('/app/contacts/00000000-0000-4000-8000-000000000000');
    await expect(page.getByText('Failed to load contact')).toBeVisible();
    await page.getByRole('link', { name: 'Back to contacts' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Contacts' })).toBeVisible();
  });

  test('contacts are exported to CSV and the file imported again: bad rows and duplicates are listed', async ({
    page,
    signedIn: _,
  }) => {
    test.slow();
    await createAll(page, [
      { name: 'Ada Lovelace', email: 'ada@example.com', company: 'Analytical Engines' },
      { name: 'Grace Hopper', email: 'grace@example.com', phone: '555 0199' },
    ]);
    await page.goto('/app/contacts');
    const downloading = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Export CSV' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/\.csv$/);
    const exported = await fs.readFile(await download.path(), 'utf8');
    const lines = exported
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toBe('Name,Email,Phone,Company');
    expect(lines.slice(1)).toEqual([
      'Ada Lovelace,ada@example.com,,Analytical Engines',
      'Grace Hopper,grace@example.com,555 0199,',
    ]);

    // Rows 2 and 3 are the two contacts again, row 4 has a bad e-mail, row 5 is new.
    const file = `${lines.join('\n')}\nBad Row,not-an-email,,\nNew Person,new@example.com,555 0123,Newco\n`;

    await page.getByRole('button', { name: 'Import CSV' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import contacts' });
    const input = dialog.getByLabel('CSV file');
    await expect(input).toHaveAttribute('accept', '.csv,text/csv');
    await input.setInputFiles({
      name: 'photo.png',
      mimeType: 'image/png',
      buffer: Buffer.from([0x89, 0x50, 0x4e, 0x47]),
    });
    await expect(dialog.getByText('The file is not a CSV file')).toBeVisible();

    await input.setInputFiles({ name: 'contacts.csv', mimeType: 'text/csv', buffer: Buffer.from(file) });
    await expect(dialog.getByLabel('Name')).toHaveValue('0');
    await expect(dialog.getByLabel('Email')).toHaveValue('1');
    await expect(dialog.getByLabel('Phone')).toHaveValue('2');
    await expect(dialog.getByLabel('Company')).toHaveValue('3');
    const preview = dialog.getByRole('region', { name: 'Preview of the first rows' });
    await expect(preview.getByRole('row')).toHaveCount(5);
    await expect(preview).toContainText('not-an-email');
    await expect(dialog.getByRole('radio', { name: 'Skip duplicates' })).toBeChecked();
    await expectNoSeriousViolations(page);

    // Name is required before Import.
    await dialog.getByLabel('Name').selectOption('');
    await expect(dialog.getByRole('button', { name: 'Import' })).toBeDisabled();
    await expect(dialog.getByText('Choose the column that holds the name')).toBeVisible();
    await dialog.getByLabel('Name').selectOption({ label: 'Name' });

    await dialog.getByRole('button', { name: 'Import' }).click();
    await expect(dialog.getByText('1 imported, 3 skipped')).toBeVisible();
    await expect(dialog.getByRole('list', { name: 'Rows not imported' }).getByRole('listitem')).toHaveText([
      'Row 4: Please enter a valid email address',
    ]);
    await expect(dialog.getByRole('list', { name: 'Duplicates skipped' }).getByRole('listitem')).toHaveText([
      'Row 2: ada@example.com',
      'Row 3: grace@example.com',
    ]);
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect(dialog).toBeHidden();
    await expect(listedNames(page)).toHaveText(['Ada Lovelace', 'Grace Hopper', 'New Person']);
    await expect(page.getByText('3 contacts')).toBeVisible();
  });

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
