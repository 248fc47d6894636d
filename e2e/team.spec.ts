import type { Page } from '@playwright/test';
import { workspaceMessages } from '../common/workspaces';
import { expect, PASSWORD, test, unique, uniqueEmail } from './support/fixtures';
import { expectNoSeriousViolations, toast } from './support/helpers';
import { createContact } from './support/contacts';
import { colleagueAddress, inviteFromTeamScreen, renameWorkspace, switcher } from './support/team';

// Teams: an Admin invites a colleague by link, the colleague signs up from it, joins and works on the workspace's
// contacts, a Member is refused the team screen, and a removed member loses the workspace, their records staying.

const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

test.describe('teams', () => {
  test('a colleague invited by link signs up from it and joins; as a Member they are refused the team screen; removed, they lose the workspace', async ({
    page,
    browser,
    signedIn: admin,
  }) => {
    test.slow();
    const workspace = unique('Acme');
    const colleague = { name: unique('Bob'), email: colleagueAddress(uniqueEmail('bob')) };
    const adminsContact = unique('Grace Hopper');
    await createContact(page, { name: adminsContact, company: 'Navy' });
    await page.goto('/app/settings/team');
    await expect(page.getByRole('heading', { level: 1, name: 'Team' })).toBeVisible();
    await renameWorkspace(page, workspace);
    const invitation = await inviteFromTeamScreen(page, colleague.email, 'member');
    await expect(page.getByRole('list', { name: 'Pending invitations' })).toContainText(colleague.email);

    const context = await browser.newContext();
    try {
      const bob = await context.newPage();
      await bob.goto(invitation);
      await expect(bob.getByRole('heading', { level: 1, name: `Join ${workspace}` })).toBeVisible();
      await expect(bob.getByRole('main')).toContainText(colleague.email);
      await bob.getByRole('link', { name: 'Create account' }).click();
      await expect(bob.getByLabel('Email Address')).toHaveValue(colleague.email);
      await bob.getByLabel('Full Name').fill(colleague.name);
      await bob.getByLabel('Password').fill(PASSWORD);
      await bob.getByRole('button', { name: 'Create Account' }).click();
      await expect(bob).toHaveURL(/\/invite\//);
      await bob.getByRole('button', { name: 'Join workspace' }).click();
      await expect(toast(bob, workspaceMessages.joined)).toBeVisible();
      await expect(bob).toHaveURL(/\/app\/dashboard$/);

      // The joined workspace is the current one; their own is in the menu too.
      await expect(switcher(bob)).toContainText(workspace);
      await switcher(bob).click();
      await expect(bob.getByRole('menuitemradio', { name: new RegExp(workspace) })).toHaveAttribute(
        'aria-checked',
        'true',
      );
      await expect(bob.getByRole('menuitemradio')).toHaveCount(2);
      await bob.keyboard.press('Escape');

      // The workspace's contacts are Bob's to see and add to.
      const bobsContact = unique('Alan Turing');
      await bob.getByRole('navigation', { name: 'Sidebar' }).getByRole('link', { name: 'Contacts' }).click();
      await expect(bob.getByRole('table')).toContainText(adminsContact);
      await createContact(bob, { name: bobsContact });

      await bob.goto('/app/settings/team');
      await expect(bob.getByRole('alert').filter({ hasText: workspaceMessages.adminOnly })).toBeVisible();
      await expect(bob.getByRole('button', { name: 'Leave workspace' })).toBeVisible();
      await expect(bob.getByRole('button', { name: 'Invite member' })).toHaveCount(0);

      // The Admin sees the new member and removes them, their records going to the Admin.
      await page.reload();
      const members = page.getByRole('list', { name: 'Members' });
      await expect(members).toContainText(colleague.name);
      await expect(page.getByRole('list', { name: 'Pending invitations' })).toHaveCount(0);
      await expect(page.getByLabel(`Role of ${colleague.name}`)).toHaveValue('member');
      await page.getByRole('button', { name: `Remove ${colleague.name}` }).click();
      const dialog = page.getByRole('dialog', { name: 'Remove member' });
      await dialog.getByLabel('Who takes over their records').selectOption({ label: `${admin.name} (${admin.email})` });
      await dialog.getByRole('button', { name: 'Remove member' }).click();
      await expect(toast(page, workspaceMessages.memberRemoved)).toBeVisible();
      await expect(members).not.toContainText(colleague.name);
      await page.goto('/app/contacts');
      await expect(page.getByRole('table')).toContainText(bobsContact);

      // The colleague's next move in the app shows the workspace gone, and its contacts with it.
      await bob.getByRole('navigation', { name: 'Sidebar' }).getByRole('link', { name: 'Dashboard' }).click();
      await bob.getByRole('navigation', { name: 'Sidebar' }).getByRole('link', { name: 'Contacts' }).click();
      await expect(switcher(bob)).not.toContainText(workspace);
      await expect(bob.getByRole('main')).not.toContainText(adminsContact);
      await switcher(bob).click();
      await expect(bob.getByRole('menuitemradio')).toHaveCount(1);
      await expect(bob.getByRole('menuitemradio', { name: new RegExp(workspace) })).toHaveCount(0);
    } finally {
      await context.close();
    }
  });

  test('the team screen and an invitation page pass axe and fit a 375 px phone; a bad link says why, with a way home', async ({
    page,
    browser,
    signedIn: _,
  }) => {
    await page.goto('/app/settings/team');
    const invited = uniqueEmail('carol');
    const invitation = await inviteFromTeamScreen(page, colleagueAddress(invited), 'admin');
    await expect(page.getByRole('list', { name: 'Members' })).toBeVisible();
    await expectNoSeriousViolations(page);
    await page.setViewportSize({ width: 375, height: 812 });
    await expect(page.getByRole('button', { name: 'Invite member' })).toBeVisible();
    // Polled: right after the resize Chromium may still report the former layout's width for a frame.
    await expect.poll(() => overflow(page)).toBeLessThanOrEqual(0);

    const context = await browser.newContext({ viewport: { width: 375, height: 812 } });
    try {
      const visitor = await context.newPage();
      await visitor.goto(invitation);
      await expect(visitor.getByRole('heading', { level: 1, name: /^Join / })).toBeVisible();
      await expect(visitor.getByRole('main').getByRole('link', { name: 'Sign in' })).toBeVisible();
      expect(await overflow(visitor)).toBeLessThanOrEqual(0);
      await expectNoSeriousViolations(visitor);

      await visitor.goto('/invite/no-such-invitation');
      await expect(visitor.getByRole('alert')).toHaveText(workspaceMessages.invitationUnknown);
      await expect(visitor.getByRole('link', { name: 'Go to the home page' })).toBeVisible();
      expect(await overflow(visitor)).toBeLessThanOrEqual(0);
    } finally {
      await context.close();
    }
  });
});
