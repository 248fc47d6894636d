import { expect, test } from './fixtures';

test.describe('contacts', () => {
  test('a new user sees the empty state', async ({ page, signedIn: _ }) => {
    await page.goto('/app/contacts');
    await expect(page.getByRole('heading', { level: 1, name: 'Contacts' })).toBeVisible();
    await expect(page.getByText('No contacts found. Click the Create button to add one.')).toBeVisible();
  });

  test('a contact needs a name, and empty fields show as "-"', async ({ page, signedIn: _ }) => {
    await page.goto('/app/contacts');
    await page.getByRole('button', { name: 'Create' }).click();
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
    await page.getByRole('button', { name: 'Create' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create New Contact' });
    await dialog.getByLabel('Name').fill('Bad Mail');
    await dialog.getByLabel('Email').fill('nope');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect(dialog.getByText('Please enter a valid email address')).toBeVisible();
  });

  test('a contact is edited and then deleted', async ({ page, signedIn: _ }) => {
    await page.goto('/app/contacts');
    await page.getByRole('button', { name: 'Create' }).click();
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
    const confirm = page.getByRole('dialog', { name: 'Delete Contact' });
    await expect(confirm.getByText('Are you sure you want to delete this contact?')).toBeVisible();
    await expect(confirm.getByText('This action cannot be undone.')).toBeVisible();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Contact deleted')).toBeVisible();
    await expect(row).toBeHidden();
    await expect(page.getByText('No contacts found. Click the Create button to add one.')).toBeVisible();
  });

  test('the create dialog closes on Escape and keeps nothing', async ({ page, signedIn: _ }) => {
    await page.goto('/app/contacts');
    await page.getByRole('button', { name: 'Create' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create New Contact' });
    await dialog.getByLabel('Name').fill('Draft');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await page.getByRole('button', { name: 'Create' }).click();
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
});
