import type { Page } from '@playwright/test';
import { taskMessages } from '../common/tasks';
import { expect, PASSWORD, test, unique, uniqueEmail } from './support/fixtures';
import { toast } from './support/helpers';
import { colleagueAddress, inviteFromTeamScreen } from './support/team';

// Assignment (issue 29): the Owner assigns a task to a colleague in the task modal; the colleague's bell tells them.

const bell = (page: Page) => page.getByRole('button', { name: /^Notifications/ });

test.describe('assignment', () => {
  test('the Owner assigns a task to a joined colleague, whose bell shows it and opens the task', async ({
    page,
    browser,
    signedIn: _,
  }) => {
    test.slow();
    const colleague = { name: unique('Cleo'), email: colleagueAddress(uniqueEmail('cleo')) };
    await page.goto('/app/settings/team');
    const invitation = await inviteFromTeamScreen(page, colleague.email, 'member');

    const context = await browser.newContext();
    try {
      const cleo = await context.newPage();
      const signedUp = await cleo.request.post('/api/auth/sign-up', { data: { ...colleague, password: PASSWORD } });
      expect(signedUp.status(), await signedUp.text()).toBe(201);
      const token = invitation.slice(invitation.lastIndexOf('/') + 1);
      const accepted = await cleo.request.post(`/api/invitations/${token}/accept`);
      expect(accepted.status(), await accepted.text()).toBe(200);
      await cleo.goto('/app/dashboard');
      await expect(bell(cleo)).toHaveAccessibleName('Notifications');

      const taskName = unique('Send the quote');
      await page.goto('/app/tasks');
      await page.getByRole('button', { name: 'Create Task' }).first().click();
      const create = page.getByRole('dialog', { name: 'Create Task' });
      await create.getByLabel('Name').fill(taskName);
      const assignee = create.getByLabel('Assigned to');
      await expect(assignee).toHaveValue('');
      await expect(assignee.getByRole('option', { name: colleague.name })).toBeAttached();
      await assignee.selectOption({ label: colleague.name });
      await create.getByRole('button', { name: 'Create' }).click();
      await expect(toast(page, taskMessages.created)).toBeVisible();
      await expect(page.getByRole('listitem').filter({ hasText: taskName })).toContainText(colleague.name);

      // The count is polled; a reload reads it now.
      await cleo.reload();
      await expect(bell(cleo)).toHaveAccessibleName('Notifications, 1 unread');
      await bell(cleo).click();
      const panel = cleo.getByRole('dialog', { name: 'Notifications' });
      const item = panel.getByRole('button', { name: new RegExp(`Task assigned: ${taskName}`) });
      await expect(item).toContainText('Unread');
      await item.click();
      await expect(cleo).toHaveURL(/\/app\/tasks\?task=/);
      const details = cleo.getByRole('dialog', { name: taskMessages.detailsTitle });
      await expect(details.getByLabel('Name')).toHaveValue(taskName);
      await expect(details.getByLabel('Assigned to')).toHaveValue(/.+/);
      // Opening it marked it read (the open dialog hides the header from the accessibility tree).
      await cleo.keyboard.press('Escape');
      await expect(details).toBeHidden();
      await expect(bell(cleo)).toHaveAccessibleName('Notifications');
    } finally {
      await context.close();
    }
  });
});
