import type { Page } from '@playwright/test';
import { contactMessages } from '../common/contacts';
import { dealMessages } from '../common/deals';
import { visibilityLabels, workspaceMessages } from '../common/workspaces';
import { expect, PASSWORD, test, unique, uniqueEmail } from './support/fixtures';
import { expectNoSeriousViolations, toast } from './support/helpers';
import { createContact } from './support/contacts';
import { createPipeline, column } from './support/deals';
import { createTask } from './support/tasks';
import { colleagueAddress, inviteFromTeamScreen } from './support/team';

// Issue 29, owners and visibility: an Admin hands a contact and a deal to a colleague in their forms, sets the
// colleague to "Only records they own or are assigned to", and the colleague sees their own records and the task
// assigned to them, none of the Admin's others; "Show" (Mine / Assigned to me / Everyone) filters the boards and
// the list, kept in the address.

/** A task's card or row by its name. */
const taskItem = (page: Page, name: string) => page.getByRole('listitem').filter({ hasText: name });

test.describe('own records', () => {
  test('an "own records" colleague sees only their own and assigned records; Show filters boards and lists', async ({
    page,
    browser,
    signedIn: admin,
  }) => {
    test.slow();
    const colleague = { name: unique('Cleo'), email: colleagueAddress(uniqueEmail('cleo')) };
    const names = {
      adminContact: unique('Grace Hopper'),
      adminDeal: unique('Navy contract'),
      adminTask: unique('Call the admiral'),
      handedContact: unique('Alan Turing'),
      handedDeal: unique('Bletchley renewal'),
      assignedTask: unique('Send the quote'),
      colleagueContact: unique('Ada Lovelace'),
      colleagueDeal: unique('Engine order'),
      colleagueTask: unique('Draft the engine plan'),
    };
    await createPipeline(page);
    await createContact(page, { name: names.adminContact });

    await page.goto('/app/settings/team');
    const invitation = await inviteFromTeamScreen(page, colleague.email, 'member');
    const context = await browser.newContext();
    try {
      const cleo = await context.newPage();
      const signedUp = await cleo.request.post('/api/auth/sign-up', { data: { ...colleague, password: PASSWORD } });
      expect(signedUp.status(), await signedUp.text()).toBe(201);
      const colleagueId = ((await signedUp.json()) as { user: { id: string } }).user.id;
      const token = invitation.slice(invitation.lastIndexOf('/') + 1);
      expect((await cleo.request.post(`/api/invitations/${token}/accept`)).status()).toBe(200);

      // The Admin sets the colleague to their own records.
      await page.reload();
      const visibility = page.getByLabel(`Records ${colleague.name} sees`);
      await visibility.selectOption({ label: visibilityLabels.own });
      await expect(toast(page, workspaceMessages.memberUpdated)).toBeVisible();
      await expect(visibility).toHaveValue('own');

      // The Admin's deal, and a deal handed to the colleague in its form; the board names another member's owner.
      const pipelineId = (await (await page.request.get('/api/pipelines')).json())[0].id as string;
      const adminDeal = await page.request.post('/api/deals', {
        data: { name: names.adminDeal, pipelineId, stage: 'Lead' },
      });
      expect(adminDeal.status()).toBe(201);
      await page.goto('/app/deals');
      await page.getByRole('button', { name: 'Create Deal' }).click();
      const newDeal = page.getByRole('dialog', { name: 'Create New Deal' });
      await newDeal.getByLabel('Deal Name').fill(names.handedDeal);
      const dealOwner = newDeal.getByLabel('Owner');
      await expect(dealOwner.getByRole('option', { name: colleague.name })).toBeAttached();
      await expect(dealOwner.getByRole('option', { name: admin.name })).toBeAttached();
      await expect(dealOwner).toHaveValue(/.+/);
      await dealOwner.selectOption({ label: colleague.name });
      await newDeal.getByRole('button', { name: 'Create' }).click();
      await expect(toast(page, dealMessages.created)).toBeVisible();
      const lead = column(page, 'Lead');
      const handedCard = lead.getByRole('listitem').filter({ hasText: names.handedDeal });
      await expect(handedCard).toContainText(colleague.name);
      await expect(lead.getByRole('listitem').filter({ hasText: names.adminDeal })).not.toContainText(admin.name);

      // A contact handed over in its form; its page names the owner.
      await page.goto('/app/contacts');
      await page.getByRole('button', { name: 'Create', exact: true }).first().click();
      const newContact = page.getByRole('dialog', { name: 'Create New Contact' });
      await newContact.getByLabel('Name').fill(names.handedContact);
      await newContact.getByLabel('Owner').selectOption({ label: colleague.name });
      await newContact.getByRole('button', { name: 'Create' }).click();
      await expect(toast(page, contactMessages.created)).toBeVisible();
      await page.getByRole('link', { name: names.handedContact }).click();
      await expect(page.getByRole('heading', { level: 1, name: names.handedContact })).toBeVisible();
      await expect(page.getByRole('definition').filter({ hasText: colleague.name })).toBeVisible();

      await createTask(page, { name: names.adminTask });
      await createTask(page, { name: names.assignedTask, assignedUserId: colleagueId });

      // The colleague's own records.
      await createContact(cleo, { name: names.colleagueContact });
      expect(
        (
          await cleo.request.post('/api/deals', { data: { name: names.colleagueDeal, pipelineId, stage: 'Lead' } })
        ).status(),
      ).toBe(201);
      await createTask(cleo, { name: names.colleagueTask });

      // Contacts: their own and the one handed to them, none of the Admin's others.
      await cleo.goto('/app/contacts');
      const table = cleo.getByRole('table');
      await expect(table).toContainText(names.colleagueContact);
      await expect(table).toContainText(names.handedContact);
      await expect(table).not.toContainText(names.adminContact);

      // Deals: the shared pipeline, with their own deals only.
      await cleo.goto('/app/deals');
      const theirLead = column(cleo, 'Lead');
      await expect(theirLead).toContainText(names.colleagueDeal);
      await expect(theirLead).toContainText(names.handedDeal);
      await expect(theirLead).not.toContainText(names.adminDeal);

      // Tasks: their own and the one assigned to them; Show narrows to either, and the address keeps it.
      await cleo.goto('/app/tasks');
      await expect(taskItem(cleo, names.colleagueTask)).toBeVisible();
      await expect(taskItem(cleo, names.assignedTask)).toBeVisible();
      await expect(taskItem(cleo, names.adminTask)).toHaveCount(0);
      await expectNoSeriousViolations(cleo);
      const show = cleo.getByLabel('Show');
      await show.selectOption({ label: 'Assigned to me' });
      await expect(cleo).toHaveURL(/[?&]whose=assigned/);
      await expect(taskItem(cleo, names.colleagueTask)).toHaveCount(0);
      await expect(taskItem(cleo, names.assignedTask)).toBeVisible();
      await cleo.reload();
      await expect(cleo.getByLabel('Show')).toHaveValue('assigned');
      await expect(taskItem(cleo, names.assignedTask)).toBeVisible();
      await expect(taskItem(cleo, names.colleagueTask)).toHaveCount(0);

      // The list view follows the same choice.
      await cleo.getByRole('group', { name: 'View' }).getByRole('button', { name: 'List' }).click();
      await expect(taskItem(cleo, names.assignedTask)).toBeVisible();
      await expect(taskItem(cleo, names.colleagueTask)).toHaveCount(0);
      await cleo.getByLabel('Show').selectOption({ label: 'Mine' });
      await expect(cleo).toHaveURL(/[?&]whose=mine/);
      await expect(taskItem(cleo, names.colleagueTask)).toBeVisible();
      await expect(taskItem(cleo, names.assignedTask)).toHaveCount(0);
      // Back returns to the previous choice.
      await cleo.goBack();
      await expect(cleo.getByLabel('Show')).toHaveValue('assigned');
      await expect(taskItem(cleo, names.assignedTask)).toBeVisible();
      await expect(taskItem(cleo, names.colleagueTask)).toHaveCount(0);
      await cleo.getByLabel('Show').selectOption({ label: 'Everyone' });
      await expect(cleo).not.toHaveURL(/whose=/);
      await expect(taskItem(cleo, names.colleagueTask)).toBeVisible();
      await expect(taskItem(cleo, names.assignedTask)).toBeVisible();
    } finally {
      await context.close();
    }

    // The Admin's deal board: their own deals, with the column's count following; the address keeps the choice.
    await page.goto('/app/deals');
    const lead = column(page, 'Lead');
    await expect(lead).toContainText(names.colleagueDeal);
    await expect(lead).toContainText('3 deals');
    await page.getByLabel('Show').selectOption({ label: 'My deals' });
    await expect(page).toHaveURL(/[?&]whose=mine/);
    await expect(lead).toContainText('1 deal');
    await expect(lead).toContainText(names.adminDeal);
    await expect(lead).not.toContainText(names.colleagueDeal);
    await expect(lead).not.toContainText(names.handedDeal);
    await expectNoSeriousViolations(page);
    await page.reload();
    await expect(page.getByLabel('Show')).toHaveValue('mine');
    await expect(lead).toContainText(names.adminDeal);
    await expect(lead).not.toContainText(names.colleagueDeal);

    // The Admin's tasks: Mine keeps those they own, assigned or not; the colleague's are gone.
    await page.goto('/app/tasks?whose=mine');
    await expect(taskItem(page, names.adminTask)).toBeVisible();
    await expect(taskItem(page, names.assignedTask)).toBeVisible();
    await expect(taskItem(page, names.colleagueTask)).toHaveCount(0);
  });
});
