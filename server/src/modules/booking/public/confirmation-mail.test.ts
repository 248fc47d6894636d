import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { book, bookingOf, openBookingOwner, slotsOf, utcDate } from '../../../test/booking-kit';
import { mailTo, productMailbox, waitForMail } from '../../../test/product-mailbox';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { appointmentIcs, appointmentTime } from './confirmation-mail';

// The visitor's confirmation by the product's own mail: read back from the test mail servers.

const mailbox = productMailbox();
const booking = {
  id: '7d3f0c1e-0000-4000-8000-000000000001',
  start: '2030-03-04T09:00:00.000Z',
  end: '2030-03-04T09:45:00.000Z',
  ownerName: 'Olivia Owner',
  ownerTimeZone: 'Europe/Berlin',
};

describe.skipIf(process.env.TEST_DB === 'postgres')('the confirmation’s time and calendar file', () => {
  it('names the time in the owner’s zone', () => {
    expect(appointmentTime(booking)).toBe('Monday, March 4, 2030, 10:00 AM – 10:45 AM (Europe/Berlin)');
  });

  it('holds the appointment as one published event, in UTC', () => {
    const ics = appointmentIcs(booking);
    expect(ics).toContain('METHOD:PUBLISH');
    expect(ics).toContain('UID:booking-7d3f0c1e-0000-4000-8000-000000000001@pipewise');
    expect(ics).toContain('DTSTART:20300304T090000Z');
    expect(ics).toContain('DTEND:20300304T094500Z');
    expect(ics).toContain('SUMMARY:Appointment with Olivia Owner');
  });
});

describe.skipIf(!mailbox)('a booking’s confirmation by email (the test mail servers; skipped without them)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ smtpUrl: new URL(mailbox!.smtpUrl), mailCa: mailbox!.ca });
  }, 120_000);
  afterAll(() => t?.close());

  it('reaches the visitor once, with the time and the .ics file, and a retry of the booking mails nothing more', async () => {
    const owner = await openBookingOwner(t.app, { slotMinutes: 45, timezone: 'Europe/Berlin' });
    const [slot] = await slotsOf(t.app, owner.id, utcDate(2));
    const email = mailbox!.address('booking');
    const input = bookingOf(slot!.start, { email, name: 'Buy cheap pills at spam.example' });
    const res = await book(t.app, owner.id, input);
    expect(res.statusCode, res.body).toBe(201);
    const confirmation = res.json();

    const mail = await waitForMail(email);
    expect(mail.subject).toBe('Your appointment with Olivia Owner is booked');
    expect(mail.text).toContain(appointmentTime(confirmation));
    // The visitor's own words are not mailed back: a booking page is no way to mail anyone a message.
    expect(mail.text).not.toContain('spam.example');
    expect(mail.attachments).toHaveLength(1);
    expect(mail.attachments[0]).toMatchObject({ filename: 'appointment.ics', contentType: 'text/calendar' });
    expect(mail.attachments[0]!.content).toContain(`UID:booking-${confirmation.id}@pipewise`);

    expect((await book(t.app, owner.id, input)).statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(await mailTo(email)).toHaveLength(1);
  });
});
