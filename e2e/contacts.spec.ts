import { expect, test, unique } from './support/fixtures';
import { createContact } from './support/contacts';
import { expectNoSeriousViolations } from './support/helpers';

// A contact made, checked, edited and deleted, and its own page. The list's paging, search and sort are in
// contacts-list.spec.ts, the CSV files in contacts-import.spec.ts, narrow and wide screens in contacts-layout.spec.ts.

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
});
