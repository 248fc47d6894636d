import type { Page } from '@playwright/test';
import { workspaceMessages } from '../common/workspaces';
import { expect, PASSWORD, test, unique, uniqueEmail } from './support/fixtures';
import { toast } from './support/helpers';
import { colleagueAddress, inviteFromTeamScreen, mailbox, renameWorkspace, switcher } from './support/team';

// The Team screen's changes: an existing account joins through "Sign in", an Admin changes a member's role and what
// they see, resends and revokes an invitation, hands the ownership over, and the former Owner leaves.

/** Resends the pending invitation to `email` and answers its new link's path when the server sends no mail. */
async function resend(page: Page, email: string) {
  await page.getByRole('button', { name: `Resend invitation to ${email}` }).click();
  if (mailbox) {
    await expect(toast(page, workspaceMessages.resent)).toBeVisible();
    return null;
  }
  const linkDialog = page.getByRole('dialog', { name: 'Invitation link' });
  await expect(toast(page, workspaceMessages.linkRenewed)).toBeVisible();
  const link = await linkDialog.getByRole('textbox', { name: 'Invitation link' }).inputValue();
  await linkDialog.getByRole('button', { name: 'Done' }).click();
  return new URL(link).pathname;
}

test('an existing account joins through Sign in; the Owner changes its role and records, resends and revokes an invitation, hands over the ownership and leaves', async ({
  page,
  browser,
  signedIn: _,
}) => {
  test.slow();
  const colleague = { name: unique('Dora'), email: colleagueAddress(uniqueEmail('dora')) };
  // The account exists beforehand, signed up in a context of its own: the colleague's browser is signed out.
  const elsewhere = await browser.newContext();
  const signUp = await elsewhere.request.post('/api/auth/sign-up', { data: { ...colleague, password: PASSWORD } });
  expect(signUp.status(), await signUp.text()).toBe(201);
  await elsewhere.close();
  const context = await browser.newContext();
  try {
    const workspace = unique('Globex');
    await page.goto('/app/settings/team');
    await renameWorkspace(page, workspace);
    const invitation = await inviteFromTeamScreen(page, colleague.email, 'member');
    const dora = await context.newPage();
    await dora.goto(invitation);
    await dora.getByRole('main').getByRole('link', { name: 'Sign in' }).click();
    await dora.getByLabel('Email Address').fill(colleague.email);
    await dora.getByLabel('Password').fill(PASSWORD);
    await dora.getByRole('button', { name: 'Sign In' }).click();
    await dora.getByRole('button', { name: 'Join workspace' }).click();
    await expect(toast(dora, workspaceMessages.joined)).toBeVisible();
    await expect(dora).toHaveURL(/\/app\/dashboard$/);

    // Role and records, changed in place.
    await page.reload();
    await page.getByLabel(`Role of ${colleague.name}`).selectOption('admin');
    await expect(toast(page, workspaceMessages.memberUpdated)).toBeVisible();
    await page.getByLabel(`Records ${colleague.name} sees`).selectOption('own');
    await expect(toast(page, workspaceMessages.memberUpdated).last()).toBeVisible();
    await page.reload();
    await expect(page.getByLabel(`Role of ${colleague.name}`)).toHaveValue('admin');
    await expect(page.getByLabel(`Records ${colleague.name} sees`)).toHaveValue('own');

    // A second invitation: resent (the old link stops working), then revoked.
    const other = colleagueAddress(uniqueEmail('eve'));
    const first = await inviteFromTeamScreen(page, other, 'admin');
    const renewed = await resend(page, other);
    if (renewed) {
      expect(renewed).not.toBe(first);
      const visitor = await browser.newPage();
      await visitor.goto(first);
      await expect(visitor.getByRole('alert')).toHaveText(workspaceMessages.invitationUnknown);
      await visitor.close();
    }
    await page.getByRole('button', { name: `Revoke invitation to ${other}` }).click();
    await page
      .getByRole('dialog', { name: 'Revoke invitation' })
      .getByRole('button', { name: 'Revoke invitation' })
      .click();
    await expect(toast(page, workspaceMessages.revoked)).toBeVisible();
    await expect(page.getByRole('main')).not.toContainText(other);

    // The ownership goes to the colleague; the former Owner, now an Admin, may leave.
    await page.getByRole('button', { name: 'Transfer ownership' }).click();
    const transfer = page.getByRole('dialog', { name: 'Transfer ownership' });
    await expect(transfer.getByLabel('New owner')).toContainText(colleague.name);
    await transfer.getByRole('button', { name: 'Transfer ownership' }).click();
    await expect(toast(page, workspaceMessages.transferred)).toBeVisible();
    await expect(page.getByText('Your role: Admin')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Transfer ownership' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Leave workspace' }).click();
    await page
      .getByRole('dialog', { name: 'Leave workspace' })
      .getByRole('button', { name: 'Leave workspace' })
      .click();
    await expect(toast(page, workspaceMessages.left)).toBeVisible();
    await expect(page).toHaveURL(/\/app\/dashboard$/);
    await expect(switcher(page)).not.toContainText(workspace);
  } finally {
    await context.close();
  }
});
