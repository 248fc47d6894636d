import { schedulingMessages } from '../common/scheduling';
import { productMailbox, waitForMail } from '../server/src/test/product-mailbox';
import { expect, test } from './support/fixtures';
import { nextMonday, openDay, openMondays, ownerIdOf, slotButtons, visitorIn } from './support/booking';
import { expectNoSeriousViolations } from './support/helpers';

// A visitor who books is mailed a confirmation with the appointment as a calendar file, when the server sends its
// own mail (playwright.config.ts sets SMTP_URL to the test mail servers); the test reads it back by IMAP.
const mailbox = productMailbox();

test.describe('booking confirmation by email', () => {
  test.skip(!mailbox, 'the test mail servers are not running: start them with scripts/mail-servers.sh');

  test('a visitor on a phone books, is told a confirmation is on its way, and gets it with an .ics file', async ({
    page,
    browser,
    signedIn,
  }) => {
    await page.goto('/app/settings/scheduling');
    await expect(page.getByText(schedulingMessages.confirmationsMailed)).toBeVisible();
    const ownerId = await ownerIdOf(page);
    await openMondays(page);
    const monday = nextMonday();
    const email = mailbox!.address('visitor');
    const [context, visitor] = await visitorIn(browser, { width: 375 });
    try {
      await openDay(visitor, ownerId, monday);
      await slotButtons(visitor).first().click();
      await visitor.getByLabel('Name').fill('Vera Visitor');
      await visitor.getByLabel('Email').fill(email);
      await visitor.getByRole('button', { name: 'Book', exact: true }).click();
      await expect(visitor.getByText(`A confirmation with a calendar file is on its way to ${email}.`)).toBeVisible();
      const overflow = await visitor.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await expectNoSeriousViolations(visitor);

      const mail = await waitForMail(email);
      expect(mail.subject).toBe(`Your appointment with ${signedIn.name} is booked`);
      expect(mail.attachments.map((file) => file.filename)).toEqual(['appointment.ics']);
      expect(mail.attachments[0]!.content).toContain(`SUMMARY:Appointment with ${signedIn.name}`);
    } finally {
      await context.close();
    }
  });
});
