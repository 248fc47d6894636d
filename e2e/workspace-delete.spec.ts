import type { Page } from '@playwright/test';
import { teamMessages, workspaceMessages } from '../common/workspaces';
import { expect, PASSWORD, test, unique, uniqueEmail } from './support/fixtures';
import { expectNoSeriousViolations, toast } from './support/helpers';
import { createContact } from './support/contacts';
import { colleagueAddress, inviteFromTeamScreen, renameWorkspace, switcher } from './support/team';

// Deleting a workspace: a colleague who joined a team deletes their own workspace from the Team screen's danger
// zone, typing its name, and goes on in the team's; a Member of the team is shown no danger zone.

const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
const dangerZone = (page: Page) => page.getByRole('region', { name: teamMessages.dangerZone });

test('the Owner deletes their workspace by typing its name and lands in their other one; the danger zone passes axe and fits 375 px', async ({
  page,
  browser,
  signedIn: _,
}) => {
  test.slow();
  const team = unique('Hooli');
  const colleague = { name: unique('Dora'), email: colleagueAddress(uniqueEmail('dora')) };
  await page.goto('/app/settings/team');
  await renameWorkspace(page, team);
  await expect(dangerZone(page)).toBeVisible();
  const invitation = await inviteFromTeamScreen(page, colleague.email, 'member');

  const context = await browser.newContext();
  try {
    const dora = await context.newPage();
    await dora.goto(invitation);
    await dora.getByRole('link', { name: 'Create account' }).click();
    await dora.getByLabel('Full Name').fill(colleague.name);
    await dora.getByLabel('Password').fill(PASSWORD);
    await dora.getByRole('button', { name: 'Create Account' }).click();
    await dora.getByRole('button', { name: 'Join workspace' }).click();
    await expect(toast(dora, workspaceMessages.joined)).toBeVisible();
    await expect(switcher(dora)).toContainText(team);

    // A Member of the team: no danger zone.
    await dora.goto('/app/settings/team');
    await expect(dora.getByRole('button', { name: 'Leave workspace' })).toBeVisible();
    await expect(dangerZone(dora)).toHaveCount(0);

    // Her own workspace, named after her, with a contact in it.
    await switcher(dora).click();
    await dora.getByRole('menuitemradio', { name: new RegExp(colleague.name) }).click();
    await expect(toast(dora, workspaceMessages.switched)).toBeVisible();
    await expect(switcher(dora)).toContainText(colleague.name);
    const doomed = unique('Gone contact');
    await createContact(dora, { name: doomed });
    await dora.goto('/app/settings/team');
    const zone = dangerZone(dora);
    await expect(zone).toContainText(teamMessages.deleteWorkspaceWhat);
    await expectNoSeriousViolations(dora);

    // The dialog: the button works only once the name is typed exactly; Escape closes it and forgets the text.
    await zone.getByRole('button', { name: teamMessages.deleteWorkspace }).click();
    const dialog = dora.getByRole('dialog', { name: teamMessages.deleteWorkspace });
    const confirm = dialog.getByRole('button', { name: teamMessages.deleteWorkspace });
    const typed = dialog.getByLabel(teamMessages.deleteWorkspaceNameLabel);
    await expect(dialog).toContainText(colleague.name);
    await expect(confirm).toBeDisabled();
    await typed.fill(colleague.name.toUpperCase());
    await expect(confirm).toBeDisabled();
    await expectNoSeriousViolations(dora);
    // Focus stays in the dialog.
    for (let i = 0; i < 6; i++) await dora.keyboard.press('Tab');
    expect(await dialog.evaluate((node) => node.contains(document.activeElement))).toBe(true);
    await dora.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(zone.getByRole('button', { name: teamMessages.deleteWorkspace })).toBeFocused();

    await dora.setViewportSize({ width: 375, height: 812 });
    await expect(zone.getByRole('button', { name: teamMessages.deleteWorkspace })).toBeVisible();
    await expect.poll(() => overflow(dora)).toBeLessThanOrEqual(0);
    await zone.getByRole('button', { name: teamMessages.deleteWorkspace }).click();
    await expect(typed).toHaveValue('');
    await expect.poll(() => overflow(dora)).toBeLessThanOrEqual(0);
    await typed.fill(colleague.name);
    await expect(confirm).toBeEnabled();
    await confirm.click();

    await expect(toast(dora, workspaceMessages.deleted)).toBeVisible();
    await expect(dora).toHaveURL(/\/app\/dashboard$/);
    await dora.setViewportSize({ width: 1280, height: 800 });
    await expect(switcher(dora)).toContainText(team);
    await switcher(dora).click();
    await expect(dora.getByRole('menuitemradio')).toHaveCount(1);
    await dora.keyboard.press('Escape');
    await dora.goto('/app/contacts');
    await expect(dora.getByRole('main')).not.toContainText(doomed);
  } finally {
    await context.close();
  }
});
