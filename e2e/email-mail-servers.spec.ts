import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import nodemailer from 'nodemailer';
import { MAX_ATTACHMENT_BYTES, omittedAttachmentNote } from '../common/email';
import { expect, test } from './support/fixtures';
import { folderLink, messages, pane, toast } from './support/email';
import { expectNoSeriousViolations } from './support/helpers';

// With the mail servers of scripts/mail-servers.sh (CI starts them; the e2e server then trusts their certificate
// and may reach loopback: playwright.config.ts).
const env = process.env;
const mailServers = Boolean(env.MAIL_TEST_HOST && env.MAIL_TEST_USER && env.MAIL_TEST_PASSWORD);

const uniqueSubject = (words: string) => `${words} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;

/**
 * Check Mail until the message is in the inbox, found by the search box: the shared mailbox may hold more than one
 * check takes. Answers the message's row.
 */
async function checkUntilListed(page: Page, subject: string) {
  await page.getByRole('searchbox', { name: 'Search emails' }).fill(subject);
  const row = messages(page).getByRole('button', { name: new RegExp(subject) });
  await expect(async () => {
    await page.getByRole('button', { name: 'Check Mail' }).click();
    await expect(toast(page, /new messages?$/)).toBeVisible({ timeout: 20_000 });
    await expect(row).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 120_000 });
  return row;
}

test.describe('email with real mail servers', () => {
  test.skip(!mailServers, 'MAIL_TEST_HOST is unset: start the mail servers with scripts/mail-servers.sh');

  test('a message sent to oneself arrives, is read, starred, and shows on the sender contact', async ({
    page,
    signedIn: _,
  }) => {
    test.setTimeout(180_000);
    const address = env.MAIL_TEST_USER!;
    const password = env.MAIL_TEST_PASSWORD!;
    const subject = uniqueSubject('Quarterly plan');

    // The account, as a user adds it: POP3 and SMTP over implicit TLS on the test servers.
    await page.goto('/app/settings/email');
    await page.getByRole('button', { name: 'Add Email Account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Email Account' });
    await dialog.getByLabel('Email Address').fill(address);
    await dialog.getByLabel('POP3 Host').fill(env.MAIL_TEST_HOST!);
    await dialog.getByLabel('POP3 Port').fill(env.MAIL_TEST_POP3S_PORT!);
    await dialog.getByLabel('POP3 Username').fill(address);
    await dialog.getByLabel('POP3 Password').fill(password);
    await dialog.getByLabel('SMTP Host').fill(env.MAIL_TEST_HOST!);
    await dialog.getByLabel('SMTP Port').fill(env.MAIL_TEST_SMTPS_PORT!);
    await dialog.getByLabel('SMTP Username').fill(address);
    await dialog.getByLabel('SMTP Password').fill(password);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();

    // Compose and send to oneself: back in the inbox, the copy in Sent.
    await page.goto('/app/email');
    await page.getByRole('link', { name: 'Compose' }).click();
    await page.getByLabel('To', { exact: true }).fill(address);
    await page.getByLabel('Subject', { exact: true }).fill(subject);
    await page.getByLabel('Message', { exact: true }).fill('The plan for the quarter.\nSee you on Monday.');
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(toast(page, 'Email sent')).toBeVisible();
    await expect(page).toHaveURL(/\/app\/email$/);
    await folderLink(page, 'Sent').click();
    await expect(messages(page).getByRole('button', { name: new RegExp(subject) })).toBeVisible();

    await folderLink(page, /^Inbox/).click();
    const row = await checkUntilListed(page, subject);
    await expect(row).toHaveAccessibleName(/^Unread, /);
    await expect(folderLink(page, /^Inbox\s*,\s*\d+ unread$/)).toBeVisible();

    // Opening it marks it read; Star puts it in Starred.
    await row.click();
    await expect(pane(page).getByRole('heading', { name: subject })).toBeVisible();
    await expect(pane(page).getByText('to me', { exact: true })).toBeVisible();
    await expect(pane(page).getByText(/See you on Monday/)).toBeVisible();
    await expect(row).not.toHaveAccessibleName(/Unread/);
    await pane(page).getByRole('button', { name: 'Star', exact: true }).click();
    await expect(pane(page).getByRole('button', { name: 'Unstar' })).toBeVisible();
    await expectNoSeriousViolations(page);

    await folderLink(page, 'Starred').click();
    await expect(page).toHaveURL(/\/app\/email\/folder\/starred$/);
    const starred = messages(page).getByRole('button', { name: new RegExp(subject) });
    await expect(starred.getByRole('img', { name: 'Starred' })).toBeVisible();

    // Reply opens a filled-in draft.
    await starred.click();
    await pane(page).getByRole('link', { name: 'Reply', exact: true }).click();
    await expect(page.getByLabel('To', { exact: true })).toHaveValue(address);
    await expect(page.getByLabel('Subject', { exact: true })).toHaveValue(`Re: ${subject}`);
    await expect(page.getByLabel('Message', { exact: true })).toHaveValue(/> See you on Monday\./);
    await page.goBack();

    // The sender is no contact yet: one click makes it one, and the message shows on its page.
    await pane(page).getByRole('button', { name: 'Create contact' }).click();
    await expect(toast(page, 'Contact created successfully')).toBeVisible();
    await pane(page).getByRole('link', { name: 'View contact' }).click();
    await expect(page).toHaveURL(/\/app\/contacts\/[0-9a-f-]{36}$/);
    const contactId = page.url().split('/').pop()!;
    const emails = page.getByRole('region', { name: 'Emails' });
    await expect(emails.getByRole('link', { name: subject }).first()).toBeVisible();

    // And on the details of the contact's deal.
    const pipeline = await page.request.post('/api/pipelines', { data: { name: 'Sales Pipeline', isDefault: true } });
    const pipelineId = (await pipeline.json()).id;
    const deal = await page.request.post('/api/deals', {
      data: { name: 'Quarterly renewal', pipelineId, stage: 'Lead', contactId },
    });
    expect(deal.status(), await deal.text()).toBe(201);
    await page.goto(`/app/deals?pipeline=${pipelineId}&deal=${(await deal.json()).id}`);
    const details = page.getByRole('dialog', { name: 'Deal Details' });
    // The mailbox is shared with other tests: its older messages may fill the section's first page.
    await expect(
      details.getByRole('region', { name: 'Emails' }).getByRole('link', { name: subject }).first(),
    ).toBeVisible();
    await page.goBack();

    await emails.getByRole('link', { name: subject }).first().click();
    await expect(page).toHaveURL(/\/app\/email\/folder\/\w+\?message=/);
    await expect(pane(page).getByRole('heading', { name: subject })).toBeVisible();
  });
  test('an HTML message shows in a sandboxed frame, images on request; it is moved, trashed and deleted', async ({
    page,
    signedIn: _,
  }) => {
    test.setTimeout(180_000);
    const address = env.MAIL_TEST_USER!;
    const password = env.MAIL_TEST_PASSWORD!;
    const server = (port: string) => ({ host: env.MAIL_TEST_HOST!, port: Number(port), username: address, password });
    const account = await page.request.post('/api/email-accounts', {
      data: { email: address, pop3: server(env.MAIL_TEST_POP3S_PORT!), smtp: server(env.MAIL_TEST_SMTPS_PORT!) },
    });
    expect(account.status(), await account.text()).toBe(201);
    const folder = await page.request.post('/api/email/folders', { data: { name: 'Projects' } });
    expect(folder.status()).toBe(201);

    // A newsletter from another mail program: HTML with a tracking image, a script and an attachment.
    const subject = uniqueSubject('Newsletter');
    const transport = nodemailer.createTransport({
      host: env.MAIL_TEST_HOST,
      port: Number(env.MAIL_TEST_SMTPS_PORT),
      secure: true,
      auth: { user: address, pass: password },
      tls: { ca: readFileSync(env.MAIL_TEST_CA_FILE ?? `${env.MAIL_TEST_DIR}/cert.pem`) },
    });
    await transport.sendMail({
      from: { name: 'Grace Hopper', address },
      to: address,
      subject,
      text: 'Hello from the plain part',
      html:
        '<p>Hello from <b>the HTML part</b></p><img src="https://images.example/pixel.png" alt="Tracker">' +
        '<script>document.body.textContent = "scripted"</script>',
      attachments: [
        { filename: 'notes.txt', content: 'The notes.' },
        // Over the 10 MiB kept: named in the pane, not stored.
        { filename: 'recording.mp4', content: Buffer.alloc(MAX_ATTACHMENT_BYTES + 1, 1) },
      ],
    });
    transport.close();

    await page.goto('/app/email');
    const row = await checkUntilListed(page, subject);
    await expect(row.getByRole('img', { name: 'Has attachment' })).toBeVisible();
    await row.click();

    const frame = pane(page).locator('iframe[title="Message content"]');
    await expect(frame).toHaveAttribute('sandbox', '');
    const body = page.frameLocator('iframe[title="Message content"]');
    await expect(body.getByText('the HTML part')).toBeVisible();
    await expect(body.locator('script')).toHaveCount(0);
    const image = body.getByRole('img', { name: 'Tracker' });
    await expect(image).toHaveAttribute('data-blocked-src', 'https://images.example/pixel.png');
    await expect(image).not.toHaveAttribute('src');
    await pane(page).getByRole('button', { name: 'Show images' }).click();
    await expect(image).toHaveAttribute('src', 'https://images.example/pixel.png');
    await expect(pane(page).getByRole('button', { name: 'Show images' })).toBeHidden();

    const attachment = pane(page).getByRole('link', { name: /^Download notes\.txt/ });
    const download = await page.request.get((await attachment.getAttribute('href'))!);
    expect(download.headers()['content-disposition']).toMatch(/^attachment/);
    expect(await download.text()).toBe('The notes.');
    const omitted = pane(page).getByRole('listitem').filter({ hasText: 'recording.mp4' });
    await expect(omitted).toContainText(`10.0 MB · ${omittedAttachmentNote}`);
    await expect(omitted.getByRole('link')).toHaveCount(0);

    // Forward carries the attachment (it could be taken out); it arrives with it.
    await pane(page).getByRole('link', { name: 'Forward', exact: true }).click();
    const carried = page.getByRole('region', { name: 'Attachments' });
    await expect(carried.getByText('notes.txt')).toBeVisible();
    await expect(carried.getByRole('button', { name: 'Remove notes.txt' })).toBeVisible();
    await expect(carried.getByText('recording.mp4')).toHaveCount(0);
    const forwardSubject = uniqueSubject('Notes passed on');
    await page.getByLabel('To', { exact: true }).fill(address);
    await page.getByLabel('Subject', { exact: true }).fill(forwardSubject);
    await page.getByLabel('Message', { exact: true }).fill('The notes, as promised.');
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(toast(page, 'Email sent')).toBeVisible();
    await (await checkUntilListed(page, forwardSubject)).click();
    await expect(pane(page).getByRole('link', { name: /^Download notes\.txt/ })).toBeVisible();
    await page.getByRole('searchbox', { name: 'Search emails' }).fill(subject);
    await row.click();
    await expect(pane(page).getByRole('heading', { name: subject })).toBeVisible();

    await pane(page).getByRole('button', { name: 'Mark as unread' }).click();
    await expect(row).toHaveAccessibleName(/^Unread, /);
    await expect(pane(page).getByRole('button', { name: 'Mark as read' })).toBeVisible();

    // Into a custom folder, then to Trash, then gone for good.
    await pane(page).getByRole('button', { name: 'Move to folder' }).click();
    await page.getByRole('menuitem', { name: 'Projects' }).click();
    await expect(toast(page, 'Moved to Projects')).toBeVisible();
    await expect(row).toBeHidden();
    await folderLink(page, 'Projects').click();
    await messages(page)
      .getByRole('button', { name: new RegExp(subject) })
      .click();
    await pane(page).getByRole('button', { name: 'Move to Trash' }).click();
    await expect(toast(page, 'Moved to Trash')).toBeVisible();
    await folderLink(page, 'Trash').click();
    const trashed = messages(page).getByRole('button', { name: new RegExp(subject) });

    // On a phone the list and the pane take turns.
    await page.setViewportSize({ width: 390, height: 844 });
    await trashed.click();
    await expect(pane(page).getByRole('heading', { name: subject })).toBeVisible();
    await expect(messages(page)).toBeHidden();
    await pane(page).getByRole('button', { name: 'Back to messages' }).click();
    await expect(messages(page)).toBeVisible();
    await expect(pane(page)).toBeHidden();
    // Axe cannot look into a frame that runs no script: it is checked with the message closed.
    await expectNoSeriousViolations(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.setViewportSize({ width: 1280, height: 720 });

    await trashed.click();
    await pane(page).getByRole('button', { name: 'Delete forever' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete email' });
    await expect(confirm.getByText('Are you sure you want to delete this email?')).toBeVisible();
    await expect(confirm.getByText('This action cannot be undone.')).toBeVisible();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page, 'Email deleted')).toBeVisible();
    await expect(page.getByText('No emails found')).toBeVisible();
  });
});
