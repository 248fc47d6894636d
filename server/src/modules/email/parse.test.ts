import MailComposer from 'nodemailer/lib/mail-composer';
import { describe, expect, it } from 'vitest';
import { mailConnectionMessages } from '@common/mail-connection';
import { MAX_ATTACHMENT_BYTES, MAX_MESSAGE_BYTES } from '@common/email';
import { parseEmail } from './parse';

// What the app stores of a fetched message: headers, text, sanitized HTML, attachments within the limits.

const compose = (mail: ConstructorParameters<typeof MailComposer>[0]) => new MailComposer(mail).compile().build();

describe('parseEmail', () => {
  it('reads headers, text, sanitized HTML and attachments', async () => {
    const raw = await compose({
      from: '"Ann Smith" <ann@example.com>',
      to: 'bob@example.com, "Cy" <cy@example.com>',
      cc: 'dee@example.com',
      subject: 'Quarterly numbers',
      messageId: '<q3@example.com>',
      date: new Date('2030-01-02T03:04:05Z'),
      text: 'See attached.',
      html: '<p>See <b>attached</b>.<img src="cid:logo@example.com"></p><script>alert(1)</script>',
      attachments: [
        { filename: 'numbers.csv', content: Buffer.from('a,b\n1,2\n'), contentType: 'text/csv' },
        { filename: '../../evil\u0007.exe', content: Buffer.from('MZ'), contentType: 'image/png' },
        { filename: 'logo.png', content: Buffer.from('png'), contentType: 'image/png', cid: 'logo@example.com' },
      ],
    });
    const parsed = await parseEmail(raw);
    expect(parsed).toMatchObject({
      messageId: '<q3@example.com>',
      subject: 'Quarterly numbers',
      from: { name: 'Ann Smith', address: 'ann@example.com' },
      to: [
        { name: '', address: 'bob@example.com' },
        { name: 'Cy', address: 'cy@example.com' },
      ],
      cc: [{ name: '', address: 'dee@example.com' }],
      date: new Date('2030-01-02T03:04:05Z'),
      text: 'See attached.',
      html: '<p>See <b>attached</b>.</p>',
      hasRemoteImages: false,
      omittedAttachments: [],
    });
    const described = parsed.attachments.map(({ filename, declaredType, size }) => ({ filename, declaredType, size }));
    expect(described.sort((a, b) => a.filename.localeCompare(b.filename))).toEqual([
      { filename: 'evil.exe', declaredType: 'image/png', size: 2 },
      { filename: 'logo.png', declaredType: 'image/png', size: 3 },
      { filename: 'numbers.csv', declaredType: 'text/csv', size: 8 },
    ]);
    expect(parsed.attachments.find(({ filename }) => filename === 'numbers.csv')?.content.toString()).toBe(
      'a,b\n1,2\n',
    );
  });

  it('answers a message without the optional headers with empty values', async () => {
    const parsed = await parseEmail(Buffer.from('Date: not a date\r\n\r\nJust text\r\n'));
    expect(parsed).toMatchObject({
      messageId: null,
      subject: '',
      from: { name: '', address: '' },
      to: [],
      cc: [],
      date: null,
      html: null,
      attachments: [],
    });
    expect(parsed.text.trim()).toBe('Just text');
    expect((await parseEmail(Buffer.from('Subject: a\r\n\r\nx\r\n'))).date).toBeNull();
    expect((await parseEmail(Buffer.from('Date: Tue, 1 Jan 2030 10:00:00 +0100 (CET)\r\n\r\nx\r\n'))).date).toEqual(
      new Date('2030-01-01T09:00:00Z'),
    );
  });

  it('keeps attachments up to the limit and names the larger ones as omitted', async () => {
    const raw = await compose({
      from: 'ann@example.com',
      text: 'Two files',
      attachments: [
        { filename: 'small.bin', content: Buffer.alloc(1000, 1) },
        { filename: 'big.bin', content: Buffer.alloc(MAX_ATTACHMENT_BYTES + 1, 1), contentType: 'video/mp4' },
      ],
    });
    const parsed = await parseEmail(raw);
    expect(parsed.attachments.map(({ filename }) => filename)).toEqual(['small.bin']);
    expect(parsed.omittedAttachments).toEqual([
      { filename: 'big.bin', declaredType: 'video/mp4', size: MAX_ATTACHMENT_BYTES + 1 },
    ]);
  });

  it('refuses a message over the size limit', async () => {
    await expect(parseEmail(Buffer.alloc(MAX_MESSAGE_BYTES + 1, 'a'))).rejects.toThrow(mailConnectionMessages.tooLarge);
  });
});
