import type { Page } from '@playwright/test';
import { workspaceMessages, type AssignableRole } from '../../common/workspaces';
import { productMailbox, waitForMail } from '../../server/src/test/product-mailbox';
import { expect } from './fixtures';
import { toast } from './helpers';

/** The test mail servers' mailbox when they run (the server then mails invitations), else null. */
export const mailbox = productMailbox();

/** An address the invited colleague reads: the test mailbox's when the server sends mail. */
export const colleagueAddress = (fallback: string) => (mailbox ? mailbox.address('team') : fallback);

/** The path of the first invitation link in a text. */
function invitationPathIn(text: string): string {
  const found = /https?:\/\/\S+?(\/invite\/[A-Za-z0-9_~.%-]+)/.exec(text);
  if (!found) throw new Error(`no invitation link in: ${text}`);
  return found[1]!;
}

/**
 * Invites `email` from the Team screen (open in `page`) as an Owner or Admin, and answers the invitation page's path:
 * from the dialog that shows the link when the server sends no mail, else from the mail it sent.
 */
export async function inviteFromTeamScreen(page: Page, email: string, role: AssignableRole = 'member') {
  await page.getByRole('button', { name: 'Invite member' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite member' });
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Role').selectOption(role);
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  if (mailbox) {
    await expect(toast(page, workspaceMessages.invited)).toBeVisible();
    return invitationPathIn((await waitForMail(email)).text);
  }
  const linkDialog = page.getByRole('dialog', { name: 'Invitation link' });
  await expect(linkDialog).toContainText(workspaceMessages.mailUnavailable);
  const link = await linkDialog.getByRole('textbox', { name: 'Invitation link' }).inputValue();
  await linkDialog.getByRole('button', { name: 'Done' }).click();
  await expect(linkDialog).toBeHidden();
  return invitationPathIn(link);
}

/** The sidebar's workspace switcher (the desktop sidebar: tests run at 1280 px unless told). */
export const switcher = (page: Page) => page.getByRole('button', { name: /^Workspace\b/ });

/** Names the signed-in user's own workspace, so the test finds it among the colleague's. */
export async function renameWorkspace(page: Page, name: string) {
  await page.getByRole('button', { name: 'Rename' }).click();
  const dialog = page.getByRole('dialog', { name: 'Rename workspace' });
  await dialog.getByLabel('Workspace name').fill(name);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, workspaceMessages.renamed)).toBeVisible();
  await expect(switcher(page)).toContainText(name);
}
