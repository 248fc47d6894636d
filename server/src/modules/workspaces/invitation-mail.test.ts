import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productMailbox, waitForMail } from '../../test/product-mailbox';
import { buildTestApp, signUp, type TestApp } from '../../test/test-app';
import { signUpWith, tokenOf } from '../../test/workspace-kit';

// An invitation sent by the product's own mail (SMTP_URL): the link is mailed, never shown to the Admin, and the
// mailed link joins the invited account. Read back from the test mail servers; skipped without them.

const mailbox = productMailbox();

describe.skipIf(!mailbox)('an invitation by e-mail (the test mail servers)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ smtpUrl: new URL(mailbox!.smtpUrl), mailCa: mailbox!.ca });
  }, 120_000);
  afterAll(() => t?.close());

  it('mails the link, which joins the invited address', async () => {
    const ann = await signUp(t.app, 'ann');
    await ann.patch('/api/workspace', { name: 'Mailed team' });
    const email = mailbox!.address('invite');
    const sent = await ann.post('/api/workspace/invitations', { email, role: 'member' });
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json()).toMatchObject({ mailed: true, link: null });

    const mail = await waitForMail(email);
    expect(mail.subject).toBe('ann invited you to Mailed team on Pipewise');
    const link = /https?:\/\/\S+\/invite\/[\w-]+/.exec(mail.text)![0];
    expect(link.startsWith(`${t.app.config.publicUrl}/invite/`)).toBe(true);

    const colleague = await signUpWith(t.app, email);
    const joined = await colleague.post(`/api/invitations/${tokenOf(link)}/accept`);
    expect(joined.json()).toMatchObject({ name: 'Mailed team', role: 'member', current: true });
  });
});
