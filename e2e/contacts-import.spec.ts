import fs from 'node:fs/promises';
import { expect, test } from './support/fixtures';
import { createAll, listedNames } from './support/contacts';
import { expectNoSeriousViolations } from './support/helpers';

// Contacts out to a CSV file and back in: the column mapping, bad rows and duplicates, the report of the rows not
// imported, and the import's outcome kept on the contacts page.

test.describe('contacts', () => {
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
    const reporting = page.waitForEvent('download');
    await dialog.getByRole('link', { name: 'Download the rows not imported' }).click();
    const report = await fs.readFile(await (await reporting).path(), 'utf8');
    expect(report.trim().split(/\r?\n/)).toEqual([
      'Row,Reason,Name,Email,Phone,Company',
      '2,Duplicate e-mail address,Ada Lovelace,ada@example.com,,Analytical Engines',
      '3,Duplicate e-mail address,Grace Hopper,grace@example.com,555 0199,',
      '4,Please enter a valid email address,Bad Row,not-an-email,,',
    ]);
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect(dialog).toBeHidden();
    await expect(listedNames(page)).toHaveText(['Ada Lovelace', 'Grace Hopper', 'New Person']);
    await expect(page.getByText('3 contacts')).toBeVisible();

    // The import ran as a job: the contacts page keeps its outcome, after leaving and coming back, until dismissed.
    await page.goto('/app/dashboard');
    await page.goto('/app/contacts');
    const notice = page.getByRole('region', { name: 'Import contacts' });
    await expect(notice.getByRole('heading', { name: 'Import finished' })).toBeVisible();
    await expect(notice.getByRole('status')).toHaveText('1 imported, 3 skipped');
    await expect(notice.getByRole('link', { name: 'Download the rows not imported' })).toBeVisible();
    await notice.getByRole('button', { name: 'Dismiss' }).click();
    await expect(notice).toBeHidden();
    await page.reload();
    await expect(listedNames(page)).toHaveText(['Ada Lovelace', 'Grace Hopper', 'New Person']);
    await expect(notice).toBeHidden();
  });

  test('a large import goes on while the page is left: its progress shows in the dialog and on the contacts page', async ({
    page,
    signedIn: _,
  }) => {
    test.slow();
    const rows = 60_000;
    const lines = Array.from(
      { length: rows },
      (_, i) => `Person ${i},person${i}@example.com,+1 555 ${i},Company ${i % 97}`,
    );
    await page.goto('/app/contacts');
    await page.getByRole('button', { name: 'Import CSV' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import contacts' });
    await dialog.getByLabel('CSV file').setInputFiles({
      name: 'many.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(['Name,Email,Phone,Company', ...lines].join('\n')),
    });
    await dialog.getByRole('button', { name: 'Import' }).click();
    const progress = dialog.getByRole('progressbar', { name: 'Importing contacts' });
    await expect(progress).toHaveAttribute('aria-valuetext', /^[\d,]+ of 60,000 rows$/);
    await expect(dialog.getByText('You can close this window')).toBeVisible();
    await dialog.getByRole('button', { name: 'Continue in the background' }).click();
    await expect(dialog).toBeHidden();

    // Left and come back to: the contacts page follows the import to its end.
    await page.goto('/app/dashboard');
    await page.goto('/app/contacts');
    const notice = page.getByRole('region', { name: 'Import contacts' });
    await expect(notice.getByText('many.csv')).toBeVisible();
    await expect(notice.getByRole('heading', { name: 'Import finished' })).toBeVisible({ timeout: 120_000 });
    await expect(notice.getByRole('status')).toHaveText('60,000 imported, 0 skipped');
    await expect(notice.getByRole('link', { name: 'Download the rows not imported' })).toHaveCount(0);
    // Counted up to 10,000, as every list's total is.
    await expect(page.getByText('10,000+ contacts')).toBeVisible();
  });
});
