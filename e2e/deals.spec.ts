import { expect, signUpViaApi, test, unique } from './support/fixtures';
import { column, createPipeline } from './support/deals';
import { dragTo } from './support/helpers';

// Deals: made, moved, followed up, edited and deleted, in the right pipeline, and hidden from other users. The
// board's paging and scrolling are in deals-board.spec.ts.

test.describe('deals', () => {
  test('without a pipeline, one click creates the default one and shows its board', async ({ page, signedIn: _ }) => {
    await page.goto('/app/deals');
    await expect(page.getByText('You have no pipeline yet. Create one to start tracking deals.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Pipeline Settings' })).toHaveAttribute(
      'href',
      '/app/settings/pipelines',
    );
    await page.getByRole('button', { name: 'Create default pipeline' }).click();
    for (const stage of ['Lead', 'Contact Made', 'Proposal Sent', 'Negotiation', 'Won', 'Lost']) {
      await expect(column(page, stage)).toBeVisible();
    }
    await expect(page.getByLabel('Pipeline')).toHaveValue(/.+/);
    await expect(page).toHaveURL(/[?&]pipeline=[0-9a-f-]{36}/);
  });

  test('a deal is created with a contact, dragged to another stage, followed up and deleted', async ({
    page,
    signedIn: _,
  }) => {
    test.slow();
    const contactName = unique('Grace');
    const contact = await page.request.post('/api/contacts', { data: { name: contactName, company: 'Navy Labs' } });
    expect(contact.status()).toBe(201);
    await createPipeline(page);
    const dealName = unique('Acme renewal');

    await page.goto('/app/deals');
    await page.getByRole('button', { name: 'Create Deal' }).click();
    const create = page.getByRole('dialog', { name: 'Create New Deal' });
    await create.getByRole('button', { name: 'Create' }).click();
    await expect(create.getByText('Deal name is required')).toBeVisible();

    await create.getByLabel('Deal Name').fill(dealName);
    await expect(create.getByLabel('Stage')).toHaveValue('Lead');
    await create.getByLabel('Value').fill('12500');
    await create.getByLabel('Currency').selectOption('EUR');
    const picker = create.getByRole('combobox', { name: 'Contact' });
    await picker.fill(contactName.split(' ')[1]!);
    await create.getByRole('option', { name: new RegExp(contactName) }).click();
    await expect(picker).toHaveValue(contactName);
    await create.getByRole('button', { name: 'Create' }).click();
    await expect(page.getByText('Deal created successfully')).toBeVisible();
    await expect(create).toBeHidden();

    const lead = column(page, 'Lead');
    await expect(lead.getByText(dealName)).toBeVisible();
    await expect(lead.getByText('€12,500')).toBeVisible();
    await expect(lead.getByText(contactName)).toBeVisible();
    await expect(lead.getByText('No activities')).toBeVisible();

    // Drag by mouse to the next column.
    await dragTo(page, lead.getByText(dealName), column(page, 'Contact Made'));
    await expect(page.getByText('Deal moved to Contact Made')).toBeVisible();
    await expect(column(page, 'Contact Made').getByText(dealName)).toBeVisible();
    await page.reload();
    const contactMade = column(page, 'Contact Made');
    await expect(contactMade.getByText(dealName)).toBeVisible();
    await expect(lead.getByText(dealName)).toBeHidden();

    // Details: the linked contact, then an activity due later today.
    await contactMade.getByRole('button', { name: dealName, exact: true }).click();
    const details = page.getByRole('dialog', { name: 'Deal Details' });
    await expect(details.getByRole('group', { name: 'Linked contact' })).toContainText(contactName);
    await expect(details.getByRole('group', { name: 'Linked contact' })).toContainText('Navy Labs');
    const today = await page.evaluate(() => {
      const now = new Date();
      const pad = (n: number) => String(n).padStart(2, '0');
      return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
    });
    await details.getByRole('button', { name: 'Add Activity' }).click();
    await expect(details.getByText('Description is required')).toBeVisible();
    await details.getByLabel('Activity Type').selectOption({ label: 'Make a call' });
    await details.getByLabel('Description').fill('Call about the renewal');
    await details.getByLabel('Due Date').fill(today);
    await details.getByLabel('Due Time').fill('23:59');
    await details.getByRole('button', { name: 'Add Activity' }).click();
    await expect(page.getByText('Activity created successfully')).toBeVisible();
    const activity = details.getByRole('list', { name: 'Activities' }).getByRole('listitem');
    await expect(activity).toContainText('Call about the renewal');
    await expect(activity).toContainText('Due Today');
    await expect(activity).toContainText('11:59 PM');

    await page.keyboard.press('Escape');
    await expect(details).toBeHidden();
    await expect(contactMade.getByText('Next activity due today')).toBeVisible();

    await contactMade.getByRole('button', { name: dealName, exact: true }).click();
    await details.getByRole('button', { name: 'Complete Call about the renewal' }).click();
    await expect(page.getByText('Activity marked as complete')).toBeVisible();
    await expect(activity).toContainText('Completed');
    await expect(details.getByRole('button', { name: /^Complete/ })).toBeHidden();

    await details.getByRole('button', { name: 'Delete', exact: true }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete Deal' });
    await expect(confirm.getByText('Are you sure you want to delete this deal?')).toBeVisible();
    await expect(confirm.getByText('This action cannot be undone.')).toBeVisible();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Deal deleted successfully')).toBeVisible();
    await expect(details).toBeHidden();
    await expect(contactMade.getByText(dealName)).toBeHidden();
    await page.reload();
    await expect(contactMade).toBeVisible();
    await expect(page.getByText(dealName)).toBeHidden();
  });

  test('a deal is edited from its details, and its stage follows the chosen pipeline', async ({
    page,
    signedIn: _,
  }) => {
    const pipeline = await createPipeline(page);
    const other = await page.request.post('/api/pipelines', { data: { name: unique('Renewals') } });
    const otherPipeline = await other.json();
    await page.request.post(`/api/pipelines/${otherPipeline.id}/stages`, { data: { name: 'Signed' } });
    const dealName = unique('Globex');
    await page.request.post('/api/deals', { data: { name: dealName, pipelineId: pipeline.id, stage: 'Lead' } });

    await page.goto(`/app/deals?pipeline=${pipeline.id}`);
    await column(page, 'Lead').getByRole('button', { name: dealName, exact: true }).click();
    const details = page.getByRole('dialog', { name: 'Deal Details' });
    await details.getByLabel('Pipeline').selectOption(otherPipeline.id);
    await expect(details.getByLabel('Stage')).toHaveValue('Lead');
    await details.getByLabel('Stage').selectOption('Signed');
    await details.getByLabel('Value').fill('99.5');
    await details.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Deal updated successfully')).toBeVisible();
    await expect(details).toBeHidden();
    await expect(column(page, 'Lead').getByText(dealName)).toBeHidden();

    await page.getByLabel('Pipeline').selectOption(otherPipeline.id);
    await expect(page).toHaveURL(new RegExp(`pipeline=${otherPipeline.id}`));
    const signed = column(page, 'Signed');
    await expect(signed.getByText(dealName)).toBeVisible();
    await expect(signed.getByText('$99.50')).toBeVisible();
  });

  test('a new deal starts in the default pipeline, or else the first one, whichever board is shown', async ({
    page,
    signedIn: _,
  }) => {
    test.slow();
    const post = async (url: string, data?: Record<string, unknown>) => {
      const response = await page.request.post(url, { data });
      expect(response.status(), await response.text()).toBeLessThan(300);
      return (await response.json()) as { id: string; name: string };
    };
    const first = await post('/api/pipelines', { name: unique('First') });
    const second = await post('/api/pipelines', { name: unique('Second') });
    const create = page.getByRole('dialog', { name: 'Create New Deal' });
    const openCreateOn = async (board: { id: string }) => {
      await page.goto(`/app/deals?pipeline=${board.id}`);
      await expect(page.getByRole('combobox', { name: 'Pipeline' })).toHaveValue(board.id);
      await page.getByRole('button', { name: 'Create Deal' }).click();
      await expect(create).toBeVisible();
    };

    // No default: the first created, though the board shows the second.
    await openCreateOn(second);
    await expect(create.getByLabel('Pipeline')).toHaveValue(first.id);
    await expect(create.getByLabel('Stage')).toHaveValue('Lead');
    await create.getByRole('button', { name: 'Cancel' }).click();

    // The second made default: it, though the board shows the first.
    await post(`/api/pipelines/${second.id}/default`);
    await openCreateOn(first);
    await expect(create.getByLabel('Pipeline')).toHaveValue(second.id);
    const dealName = unique('Initech');
    await create.getByLabel('Deal Name').fill(dealName);
    await create.getByRole('button', { name: 'Create' }).click();
    await expect(page.getByText('Deal created successfully')).toBeVisible();
    // While the dialog closes, its own Pipeline field is the only one a person (and getByRole) can reach.
    await expect(create).toBeHidden();
    await page.getByRole('combobox', { name: 'Pipeline' }).selectOption(second.id);
    await expect(column(page, 'Lead').getByText(dealName)).toBeVisible();
  });

  test("a deal's notes are saved with it, shown in its details and changed there", async ({ page, signedIn: _ }) => {
    test.slow();
    await createPipeline(page);
    const dealName = unique('Hooli');
    await page.goto('/app/deals');
    await page.getByRole('button', { name: 'Create Deal' }).click();
    const create = page.getByRole('dialog', { name: 'Create New Deal' });
    await create.getByLabel('Deal Name').fill(dealName);
    await create.getByLabel('Notes').fill('  Met at the fair.\nWants a demo in May.  ');
    await create.getByRole('button', { name: 'Create' }).click();
    await expect(page.getByText('Deal created successfully')).toBeVisible();

    await column(page, 'Lead').getByRole('button', { name: dealName, exact: true }).click();
    const details = page.getByRole('dialog', { name: 'Deal Details' });
    await expect(details.getByLabel('Notes')).toHaveValue('Met at the fair.\nWants a demo in May.');
    await details.getByLabel('Notes').fill('Demo booked.');
    await details.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Deal updated successfully')).toBeVisible();
    // The board anew, not a reload: open details are in the address (?deal=), and a reload that came before
    // their closing reached the address reopened them over the board (seen in CI).
    await page.goto('/app/deals');
    await column(page, 'Lead').getByRole('button', { name: dealName, exact: true }).click();
    await expect(details.getByLabel('Notes')).toHaveValue('Demo booked.');
  });

  test("another user sees nothing of a user's deal", async ({ page, signedIn: _, browser }) => {
    const pipeline = await createPipeline(page);
    const dealName = unique('Secret deal');
    const created = await page.request.post('/api/deals', {
      data: { name: dealName, pipelineId: pipeline.id, stage: 'Lead', value: 1000 },
    });
    const deal = await created.json();

    const context = await browser.newContext();
    try {
      const other = await context.newPage();
      await signUpViaApi(other, 'Bob Jones');
      expect((await other.request.get(`/api/deals/${deal.id}`)).status()).toBe(404);
      expect((await other.request.get(`/api/deals/board?pipelineId=${pipeline.id}`)).status()).toBe(404);
      await other.goto(`/app/deals?deal=${deal.id}&pipeline=${pipeline.id}`);
      await expect(other.getByText('You have no pipeline yet. Create one to start tracking deals.')).toBeVisible();
      await expect(other.getByRole('dialog')).toBeHidden();
      await expect(other.getByText(dealName)).toBeHidden();
    } finally {
      await context.close();
    }
  });
});
