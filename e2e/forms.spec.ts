import type { Page } from '@playwright/test';
import { fieldDefaults, fieldMessages, formMessages } from '../common/form-rules';
import { expect, test, unique } from './support/fixtures';
import { fieldRows, rowNames } from './support/forms';
import { keyboardDrag, toast } from './support/helpers';

// A form's whole life: built, submitted by a visitor, its deal, contact and submissions. Editing an existing form
// and the builder on every screen size are in forms-builder.spec.ts.

async function createDefaultPipeline(page: Page) {
  const response = await page.request.post('/api/pipelines', { data: { name: unique('Sales'), isDefault: true } });
  expect(response.status()).toBe(201);
  return (await response.json()) as { id: string; stages: string[] };
}

test.describe('forms', () => {
  test('a form is built, reordered by keyboard, submitted publicly, and its deal and submission show up', async ({
    page,
    context,
    signedIn: _,
  }) => {
    test.slow();
    await createDefaultPipeline(page);
    const name = unique('Website enquiry');
    const person = unique('Grace Hopper');
    const dealName = unique('Redesign');

    await page.goto('/app/forms');
    await expect(page.getByRole('heading', { level: 1, name: formMessages.title })).toBeVisible();
    await expect(page.getByText(formMessages.empty)).toBeVisible();

    await page.getByRole('button', { name: formMessages.create }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Form' });
    await expect(dialog.getByText(formMessages.emptyFields)).toBeVisible();
    await dialog.getByLabel('Form name').fill(name);

    // Four types from the palette, each appended with the defaults of part 2 §3.
    for (const type of ['Name', 'Email', 'Select', 'Text Area']) {
      await dialog.getByRole('button', { name: `Add ${type} field` }).click();
    }
    const rows = fieldRows(dialog);
    await expect(rows).toHaveText(rowNames(['Full Name', 'Email', 'Select Option', 'Comments']));
    // A new field opens for editing; its type is fixed.
    await expect(dialog.getByLabel('Field type')).toBeDisabled();
    await expect(dialog.getByLabel('Field type')).toHaveValue('textarea');
    await dialog.getByRole('button', { name: 'Edit Comments' }).click();
    await expect(dialog.getByLabel('Field type')).toBeHidden();

    // Keyboard reorder: Comments one place up.
    await keyboardDrag(page, dialog.getByRole('button', { name: 'Reorder Comments' }), [
      { key: 'ArrowUp', announced: 'The field Comments is over position 3.' },
    ]);
    await expect(rows).toHaveText(rowNames(['Full Name', 'Email', 'Comments', 'Select Option']));

    // The select's options are edited in place.
    await dialog.getByRole('button', { name: 'Edit Select Option' }).click();
    await dialog.getByLabel('Label', { exact: true }).fill('Budget');
    await dialog.getByRole('textbox', { name: 'Option 3' }).fill('Over 10k');
    await expect(rows).toHaveText(rowNames(['Full Name', 'Email', 'Comments', 'Budget']));

    // Settings: a deal at the chosen stage, named and linked to a contact from the fields.
    await dialog.getByRole('tab', { name: 'Settings' }).click();
    await expect(dialog.getByLabel('Deal stage')).toBeHidden();
    await dialog.getByRole('switch', { name: 'Create a deal from each submission' }).click();
    await dialog.getByLabel('Deal stage').selectOption('Proposal Sent');
    await dialog.getByLabel('Contact name').selectOption({ label: 'Full Name' });
    await dialog.getByLabel('Contact email').selectOption({ label: 'Email' });
    await dialog.getByLabel('Deal name', { exact: true }).selectOption({ label: 'Comments' });

    // Preview renders the form and sends nothing.
    await dialog.getByRole('tab', { name: 'Preview' }).click();
    await expect(dialog.getByRole('heading', { name })).toBeVisible();
    await dialog.getByRole('button', { name: formMessages.submit }).click();
    await expect(dialog.getByText(fieldMessages.required).first()).toBeVisible();
    await dialog.getByLabel('Full Name').fill('Preview Person');
    await dialog.getByLabel('Email').fill('preview@example.com');
    await dialog.getByRole('button', { name: formMessages.submit }).click();
    await expect(dialog.getByText('Thank you for your submission!')).toBeVisible();
    await expect(dialog.getByRole('button', { name: formMessages.submitAnother })).toBeVisible();

    await dialog.getByRole('button', { name: formMessages.saveNew }).click();
    await expect(toast(page, formMessages.created)).toBeVisible();
    await expect(dialog).toBeHidden();

    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name, exact: true }) });
    await expect(card).toContainText('4 fields');
    await expect(card).toContainText('0 submissions');

    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await card.getByRole('button', { name: `Copy embed code of ${name}` }).click();
    await expect(toast(page, formMessages.embedCopied)).toBeVisible();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toMatch(/data-form-id="[0-9a-f-]{36}"/);
    expect(copied).toContain('/form-widget.js');

    // The public page, in a new tab.
    const preview = card.getByRole('link', { name: `Preview ${name}` });
    await expect(preview).toHaveAttribute('target', '_blank');
    await expect(preview).toHaveAttribute('rel', /noopener/);
    const [visitor] = await Promise.all([context.waitForEvent('page'), preview.click()]);
    await expect(visitor.getByRole('heading', { name })).toBeVisible();
    await visitor.getByLabel('Full Name').fill(person);
    await visitor.getByLabel('Comments').fill(dealName);
    await visitor.getByLabel('Budget').selectOption('Over 10k');
    await visitor.getByRole('button', { name: formMessages.submit }).click();
    await expect(visitor.getByText(fieldMessages.required)).toBeVisible();
    await expect(visitor.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
    await visitor.getByLabel('Email').fill('grace@example.com');
    await visitor.getByRole('button', { name: formMessages.submit }).click();
    await expect(visitor.getByText('Thank you for your submission!')).toBeVisible();
    await visitor.close();

    // One deal, in the chosen stage of the default pipeline.
    await page.goto('/app/deals');
    await expect(page.getByRole('region', { name: 'Proposal Sent', exact: true }).getByText(dealName)).toBeVisible();

    // The submission, in the form's submissions (the Preview sent nothing).
    await page.goto('/app/forms');
    await card.getByRole('link', { name: `Submissions of ${name}` }).click();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    const table = page.getByRole('table');
    for (const header of ['Full Name', 'Email', 'Comments', 'Budget', 'Submitted at', 'Deal']) {
      await expect(table.getByRole('columnheader', { name: header, exact: true })).toBeVisible();
    }
    await expect(table.getByRole('row')).toHaveCount(2);
    await expect(table.getByRole('row').nth(1)).toContainText(person);
    await expect(table.getByRole('row').nth(1)).toContainText('grace@example.com');
    await expect(table.getByRole('row').nth(1)).toContainText('Over 10k');
    await expect(table.getByRole('link', { name: /View deal/ })).toHaveAttribute('href', /\/app\/deals\?deal=/);
    await expect(page.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
      'href',
      /\/api\/forms\/[0-9a-f-]{36}\/submissions\.csv$/,
    );

    // Back, and delete it after confirming.
    await page.getByRole('link', { name: 'Back to Forms' }).click();
    await expect(card).toContainText('1 submission');
    await card.getByRole('button', { name: `Delete ${name}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete Form' });
    await expect(confirm.getByText(formMessages.deleteConfirm)).toBeVisible();
    await expect(confirm.getByText(formMessages.deleteWarning)).toBeVisible();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page, formMessages.deleted)).toBeVisible();
    await expect(page.getByText(formMessages.empty)).toBeVisible();
  });

  test("a submission's website and comments, mapped to the contact's website and the deal's notes, show on both", async ({
    page,
    browser,
    signedIn: _,
  }) => {
    test.slow();
    await createDefaultPipeline(page);
    const field = (type: 'name' | 'email' | 'website' | 'textarea') => ({
      id: crypto.randomUUID(),
      type,
      ...fieldDefaults[type],
    });
    const [person, email, website, comments] = [
      field('name'),
      field('email'),
      field('website'),
      field('textarea'),
    ] as const;
    const name = unique('Quote');
    const created = await page.request.post('/api/forms', {
      data: {
        name,
        fields: [person, email, website, comments],
        settings: {
          autoCreateDeal: true,
          fieldMapping: {
            contact_name: person.id,
            contact_email: email.id,
            contact_website: website.id,
            notes: comments.id,
          },
        },
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const form = (await created.json()) as { id: string };

    const contactName = unique('Grace');
    const context = await browser.newContext();
    try {
      const visitor = await context.newPage();
      await visitor.goto(`/forms/${form.id}`);
      await visitor.getByLabel('Full Name').fill(contactName);
      await visitor.getByLabel('Email').fill('grace@example.com');
      await visitor.getByLabel('Website').fill('https://grace.example/about');
      await visitor.getByLabel('Comments').fill('Call after 5pm.\nAsk for the CTO.');
      await visitor.getByRole('button', { name: formMessages.submit }).click();
      await expect(visitor.getByText('Thank you for your submission!')).toBeVisible();
    } finally {
      await context.close();
    }

    // The deal, opened from the submission: its notes.
    await page.goto(`/app/forms/${form.id}/submissions`);
    await page.getByRole('link', { name: /View deal/ }).click();
    const deal = page.getByRole('dialog', { name: 'Deal Details' });
    await expect(deal.getByLabel('Notes')).toHaveValue('Call after 5pm.\nAsk for the CTO.');

    // The contact: its page shows the website as a link, and both edit forms hold it.
    await page.goto(`/app/contacts?q=${encodeURIComponent(contactName)}`);
    const row = page.getByRole('row').filter({ hasText: contactName });
    await row.getByRole('button', { name: `Edit ${contactName}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Contact' });
    await expect(edit.getByLabel('Website')).toHaveValue('https://grace.example/about');
    await edit.getByRole('button', { name: 'Cancel' }).click();
    await row.getByRole('link', { name: contactName }).click();
    await expect(page.getByRole('link', { name: 'https://grace.example/about' })).toHaveAttribute(
      'href',
      'https://grace.example/about',
    );
    await page.getByRole('button', { name: 'Edit' }).click();
    await expect(edit.getByLabel('Website')).toHaveValue('https://grace.example/about');
  });
});
