import { describe, expect, it } from 'vitest';
import type { EmailDetail } from '@common/email';
import { replyDraft } from './reply-draft';

const message: EmailDetail = {
  id: '7b0c7f2e-2f1c-4a51-9a4e-0c3f7f1d2a11',
  accountId: null,
  direction: 'in',
  folder: 'inbox',
  customFolderId: null,
  subject: 'Quarterly numbers',
  sender: 'Grace Hopper',
  senderEmail: 'grace@example.com',
  to: [
    { name: '', address: 'me@example.com' },
    { name: 'Ada', address: 'ada@example.com' },
  ],
  cc: [
    { name: '', address: 'ME@example.com' },
    { name: '', address: 'linus@example.com' },
    { name: '', address: 'ada@example.com' },
  ],
  preview: 'Here they are',
  text: 'Here they are.\n\nGrace',
  html: null,
  hasRemoteImages: false,
  timestamp: '2030-01-01T10:00:00.000Z',
  sentAt: null,
  isRead: true,
  isStarred: false,
  attachmentCount: 0,
  hasAttachments: false,
  attachments: [],
  omittedAttachments: [],
};
const when = 'Jan 1, 2030, 10:00 AM';

describe('replyDraft', () => {
  it('replies to the sender with "Re:" and the original quoted', () => {
    const draft = replyDraft('reply', message, ['me@example.com'], when);
    expect(draft).toMatchObject({ to: 'grace@example.com', cc: '', bcc: '', subject: 'Re: Quarterly numbers' });
    expect(draft.content).toBe(
      '\n\nOn Jan 1, 2030, 10:00 AM, Grace Hopper <grace@example.com> wrote:\n> Here they are.\n>\n> Grace',
    );
    expect(replyDraft('reply', { ...message, subject: 'RE: Quarterly numbers' }, [], when).subject).toBe(
      'RE: Quarterly numbers',
    );
  });

  it('replies to all: the other recipients in Cc, once each, without the own addresses', () => {
    const draft = replyDraft('replyAll', message, ['me@example.com'], when);
    expect(draft.to).toBe('grace@example.com');
    expect(draft.cc).toBe('ada@example.com, linus@example.com');
  });

  it("answers one's own sent message to its first recipient", () => {
    const sent = { ...message, direction: 'out' as const, senderEmail: 'me@example.com', sender: 'Me' };
    expect(replyDraft('reply', sent, ['me@example.com'], when).to).toBe('me@example.com');
  });

  it('forwards with no recipient, "Fwd:" and the original headers above its text', () => {
    const draft = replyDraft('forward', message, ['me@example.com'], when);
    expect(draft).toMatchObject({ to: '', cc: '', subject: 'Fwd: Quarterly numbers' });
    expect(draft.content).toContain('From: Grace Hopper <grace@example.com>');
    expect(draft.content).toContain('To: me@example.com, Ada <ada@example.com>');
    expect(draft.content).toContain('Cc: ME@example.com, linus@example.com, ada@example.com');
    expect(draft.content.endsWith('\n\nHere they are.\n\nGrace')).toBe(true);
  });
});
