import type { Page } from '@playwright/test';
import { Webhook } from 'standardwebhooks';
import { webhookMessages } from '../common/webhooks';
import { webhookScreenMessages as words } from '../common/webhooks-screen-messages';
import { expect, PASSWORD, test, unique, uniqueEmail } from './support/fixtures';
import { createContact } from './support/contacts';
import { expectNoSeriousViolations, toast } from './support/helpers';
import { colleagueAddress, inviteFromTeamScreen } from './support/team';
import { startWebhookReceiver, type ReceivedWebhook } from './support/webhook-receiver';

// Webhooks (issue 30): an endpoint added on the settings screen hears a contact created in the app, signed so the
// Standard Webhooks verifier trusts it; its log shows a test event delivered; a Member cannot manage endpoints.

const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/** The event a delivery carries, once its signature verifies with the endpoint's secret (it throws otherwise). */
const verified = (secret: string, message: ReceivedWebhook) =>
  new Webhook(secret).verify(message.body, message.headers as Record<string, string>) as {
    type: string;
    data: { name: string };
  };

/** Adds an endpoint from the open Webhooks screen, hearing the events of these labels; answers its secret. */
async function addEndpoint(page: Page, url: string, description: string, events: string[]) {
  await page.getByRole('button', { name: words.add }).click();
  const dialog = page.getByRole('dialog', { name: words.add });
  await dialog.getByLabel(words.urlLabel).fill(url);
  await dialog.getByLabel(words.descriptionLabel).fill(description);
  for (const event of events) await dialog.getByRole('checkbox', { name: event }).check();
  await dialog.getByRole('button', { name: words.add }).click();
  await expect(toast(page, webhookMessages.created)).toBeVisible();
  const shown = page.getByRole('dialog', { name: words.secretTitle });
  await expect(shown).toContainText(words.secretWarning);
  await expect(shown).toContainText('Standard Webhooks');
  const secret = await shown.getByRole('textbox', { name: words.secretLabel }).inputValue();
  expect(secret).toMatch(/^whsec_/);
  return { shown, secret };
}

test.describe('webhooks', () => {
  test('an endpoint added on the screen gets a signed contact.created and a test event, then is deleted', async ({
    page,
    signedIn: _,
  }) => {
    test.slow();
    const receiver = await startWebhookReceiver();
    try {
      await page.goto('/app/settings');
      await page
        .getByRole('main')
        .getByRole('link', { name: /Webhooks/ })
        .click();
      await expect(page.getByRole('heading', { level: 1, name: words.title })).toBeVisible();
      await expect(page.getByText(words.empty)).toBeVisible();

      // Nothing chosen: the form says what is missing and sends nothing.
      await page.getByRole('button', { name: words.add }).click();
      const dialog = page.getByRole('dialog', { name: words.add });
      await dialog.getByRole('button', { name: words.add }).click();
      await expect(dialog.getByText(webhookMessages.urlRequired)).toBeVisible();
      await expect(dialog.getByText(webhookMessages.eventsRequired)).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();

      const description = unique('Zapier');
      const { shown, secret } = await addEndpoint(page, receiver.url, description, ['Contact created']);
      await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
      await shown.getByRole('button', { name: words.copyLabel }).click();
      await expect(toast(page, words.copied)).toBeVisible();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
      await shown.getByRole('button', { name: words.done }).click();
      await expect(shown).toBeHidden();

      const list = page.getByRole('list', { name: words.listLabel });
      await expect(list).toContainText(receiver.url);
      await expect(list).toContainText(description);
      await expect(list).toContainText('Contact created');
      await expect(list).not.toContainText(secret);
      await expect(page.getByRole('switch', { name: `${words.switchLabel} ${receiver.url}` })).toBeChecked();

      const contact = unique('Grace Hopper');
      await createContact(page, { name: contact });
      await expect.poll(() => receiver.received.length, { timeout: 30_000 }).toBeGreaterThan(0);
      const event = verified(secret, receiver.received[0]!);
      expect(event.type).toBe('contact.created');
      expect(event.data.name).toBe(contact);

      await page.goto('/app/settings/webhooks');
      await page.getByRole('link', { name: `${words.deliveryLog} ${receiver.url}` }).click();
      await expect(page.getByRole('heading', { level: 1, name: words.deliveryLog })).toBeVisible();
      const log = page.getByRole('list', { name: words.deliveriesLabel });
      await expect(log.getByRole('listitem').first()).toContainText('contact.created');
      await page.getByRole('button', { name: words.sendTest }).click();
      await expect(toast(page, webhookMessages.testSent)).toBeVisible();
      const testRow = log.getByRole('listitem').filter({ hasText: 'webhook.test' });
      await expect(async () => {
        await page.getByRole('button', { name: words.refresh }).click();
        await expect(testRow).toContainText('Delivered', { timeout: 2_000 });
      }).toPass({ timeout: 30_000 });
      await expect(testRow).toContainText(`${words.responseLabel}: 200`);
      await expect(testRow).toContainText(`${words.attemptsLabel}: 1`);
      const tested = receiver.received.map((message) => verified(secret, message));
      expect(tested.map((item) => item.type)).toEqual(['contact.created', 'webhook.test']);

      // Off, then on again, from the list; then deleted after a confirmation.
      await page.getByRole('link', { name: words.back }).click();
      const toggle = page.getByRole('switch', { name: `${words.switchLabel} ${receiver.url}` });
      await toggle.click();
      await expect(toast(page, webhookMessages.updated)).toBeVisible();
      await expect(toggle).not.toBeChecked();
      await expect(list).toContainText(words.disabled);

      await list.getByRole('button', { name: `Edit ${receiver.url}` }).click();
      const edit = page.getByRole('dialog', { name: words.edit });
      await expect(edit.getByRole('checkbox', { name: 'Contact created' })).toBeChecked();
      await edit.getByRole('checkbox', { name: 'Deal won' }).check();
      await edit.getByRole('button', { name: words.save }).click();
      await expect(edit).toBeHidden();
      await expect(list).toContainText('Contact created, Deal won');

      await list.getByRole('button', { name: `Delete ${receiver.url}` }).click();
      const confirm = page.getByRole('dialog', { name: words.delete });
      await expect(confirm).toContainText(words.deleteConfirm);
      await confirm.getByRole('button', { name: words.delete }).click();
      await expect(toast(page, webhookMessages.deleted)).toBeVisible();
      await expect(page.getByText(words.empty)).toBeVisible();
    } finally {
      await receiver.close();
    }
  });

  test('the screen and its dialogs pass axe and fit a 375 px phone; Escape closes a dialog', async ({
    page,
    signedIn: _,
  }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto('/app/settings/webhooks');
    await expect(page.getByText(words.empty)).toBeVisible();
    await expectNoSeriousViolations(page);
    await expect.poll(() => overflow(page)).toBeLessThanOrEqual(0);

    const add = page.getByRole('button', { name: words.add });
    await add.click();
    const dialog = page.getByRole('dialog', { name: words.add });
    await expect.poll(() => dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    await expectNoSeriousViolations(page);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(add).toBeFocused();

    const url = `https://hooks.example.com/${unique('crm').replace(' ', '-')}`;
    const { shown } = await addEndpoint(page, url, unique('Phone'), ['Deal won', 'Task created']);
    await expectNoSeriousViolations(page);
    await page.keyboard.press('Escape');
    await expect(shown).toBeHidden();
    await expect(page.getByRole('list', { name: words.listLabel })).toContainText('Deal won, Task created');
    await expectNoSeriousViolations(page);
    await expect.poll(() => overflow(page)).toBeLessThanOrEqual(0);

    await page.getByRole('link', { name: `${words.deliveryLog} ${url}` }).click();
    await expect(page.getByText(words.deliveriesEmpty)).toBeVisible();
    await expectNoSeriousViolations(page);
    await expect.poll(() => overflow(page)).toBeLessThanOrEqual(0);
  });

  test('a Member sees that only the Owner or an Admin manages webhooks, and no endpoint', async ({
    page,
    browser,
    signedIn: _,
  }) => {
    test.slow();
    const colleague = { name: unique('Cleo'), email: colleagueAddress(uniqueEmail('cleo')) };
    await page.goto('/app/settings/team');
    const invitation = await inviteFromTeamScreen(page, colleague.email, 'member');
    const url = `https://hooks.example.com/${unique('owner').replace(' ', '-')}`;
    await page.goto('/app/settings/webhooks');
    const { shown } = await addEndpoint(page, url, unique('Owner'), ['Contact created']);
    await shown.getByRole('button', { name: words.done }).click();

    const context = await browser.newContext();
    try {
      const cleo = await context.newPage();
      const signedUp = await cleo.request.post('/api/auth/sign-up', { data: { ...colleague, password: PASSWORD } });
      expect(signedUp.status(), await signedUp.text()).toBe(201);
      const token = invitation.slice(invitation.lastIndexOf('/') + 1);
      const accepted = await cleo.request.post(`/api/invitations/${token}/accept`);
      expect(accepted.status(), await accepted.text()).toBe(200);

      await cleo.goto('/app/settings');
      await cleo
        .getByRole('main')
        .getByRole('link', { name: /Webhooks/ })
        .click();
      await expect(cleo.getByRole('heading', { level: 1, name: words.title })).toBeVisible();
      await expect(cleo.getByRole('alert').filter({ hasText: webhookMessages.adminOnly })).toBeVisible();
      await expect(cleo.getByRole('button', { name: words.add })).toHaveCount(0);
      await expect(cleo.getByText(url)).toHaveCount(0);
      const listed = await cleo.request.get('/api/webhooks');
      expect(listed.status()).toBe(403);
    } finally {
      await context.close();
    }
  });
});
