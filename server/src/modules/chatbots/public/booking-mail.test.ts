import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBookingOwner } from '../../../test/booking-kit';
import { bookingFlow, insertBot, say, start } from '../../../test/chatbot-kit';
import { productMailbox, waitForMail } from '../../../test/product-mailbox';
import { buildTestApp, type TestApp, type UserClient } from '../../../test/test-app';

// A visitor who books through a chatbot's Offer Booking is mailed the confirmation the booking page sends, with the
// appointment as an .ics file, when the server sends its own mail. Read back from the test mail servers.

const mailbox = productMailbox();

describe.skipIf(!mailbox)('a booking made in a chatbot conversation (the test mail servers)', () => {
  let t: TestApp;
  let owner: UserClient;
  beforeAll(async () => {
    t = await buildTestApp({ smtpUrl: new URL(mailbox!.smtpUrl), mailCa: mailbox!.ca });
    owner = await openBookingOwner(t.app);
  }, 120_000);
  afterAll(() => t?.close());

  it('mails the visitor the booking page’s confirmation', async () => {
    const id = await insertBot(t.database.db, owner, bookingFlow());
    const email = mailbox!.address('chatbook');
    const chat = await start(t.app, id);
    await say(t.app, id, chat, { type: 'text', text: 'Bea Booker' });
    const offered = await say(t.app, id, chat, { type: 'text', text: email });
    const slot = offered.expect.type === 'slots' ? offered.expect.slots[0]! : null;
    await say(t.app, id, chat, { type: 'slot', start: slot!.start });

    const mail = await waitForMail(email);
    expect(mail.subject).toMatch(/^Your appointment with .+ is booked$/);
    expect(mail.attachments).toEqual([expect.objectContaining({ filename: 'appointment.ics' })]);
    expect(mail.attachments[0]!.content).toContain(`DTSTART:${slot!.start.replace(/[-:]/g, '').slice(0, 15)}Z`);
  });
});
