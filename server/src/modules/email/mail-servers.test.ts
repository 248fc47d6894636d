import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { EmailAuthMethod } from '@common/email-accounts';
import {
  configured,
  connect,
  containing,
  imapAll,
  message,
  popAll,
  server,
  title,
  user,
} from '../../test/mail-server-kit';
import { parseEmail } from './parse';
import { fetchPop3, type FetchedPop3Message } from './pop3';
import { sendMail } from './smtp';

// Sending and receiving against real servers: Dovecot (POP3, IMAP) and the SMTP server of scripts/mail-servers.sh,
// which CI starts. Each test sends messages with a token of its own: other runs may share the mailbox. How the
// connections fail: mail-server-errors.test.ts.

describe.skipIf(!configured)(title, () => {
  it('sends by SMTP with PLAIN, LOGIN and CRAM-MD5, and POP3 fetches each once with every auth method', async () => {
    const token = randomUUID();
    const sends: [EmailAuthMethod, boolean][] = [
      ['plain', false],
      ['login', true],
      ['cram-md5', false],
    ];
    for (const [authMethod, useSsl] of sends) {
      const sent = await sendMail(
        server(useSsl ? 'SMTPS' : 'SMTP', useSsl, authMethod),
        message(`${token} ${authMethod}`),
        connect,
      );
      expect(sent.messageId).toMatch(/^<.+@pipewise\.test>$/);
      expect(sent.accepted).toEqual([user]);
      expect(sent.raw.toString()).toContain(`Hello ${token} ${authMethod}`);
    }

    for (const [name, useSsl] of [
      ['POP3', false],
      ['POP3S', true],
    ] as const) {
      for (const authMethod of ['plain', 'login', 'cram-md5'] as const) {
        const first = await popAll(server(name, useSsl, authMethod));
        const ours = containing(first.messages, token);
        expect(ours.map(({ raw }) => raw.toString().match(/Hello \S+ (\S+)/)?.[1]).sort(), name).toEqual([
          'cram-md5',
          'login',
          'plain',
        ]);
        expect(first.result.tooLarge).toEqual([]);
        const again = await popAll(server(name, useSsl, authMethod), new Set(first.messages.map(({ uid }) => uid)));
        expect(containing(again.messages, token)).toEqual([]);
      }
    }
  });

  it('fetches by POP3 byte for byte: 8-bit text, lines starting with a dot', async () => {
    const token = randomUUID();
    const text = `Grüße ${token}\r\n.\r\n..two dots\r\n.one dot\r\nend\r\n`;
    const sent = await sendMail(server('SMTP', false), message(token, { text }), connect);
    expect(sent.raw.includes('\r\n.one dot')).toBe(true);
    const { messages } = await popAll(server('POP3S', true));
    const [ours] = containing(messages, token);
    expect(ours?.raw.equals(sent.raw)).toBe(true);
    expect((await parseEmail(ours!.raw)).text).toBe(text.replaceAll('\r\n', '\n'));
  });

  it('skips a message over the size limit and reports it', async () => {
    const token = randomUUID();
    await sendMail(server('SMTP', false), message(token, { text: `${token}\n${'x'.repeat(200_000)}` }), connect);
    const messages: FetchedPop3Message[] = [];
    const result = await fetchPop3(server('POP3', false), {
      ...connect,
      knownUids: new Set(),
      maxMessages: 10_000,
      maxMessageBytes: 100_000,
      onMessage: async (fetched) => void messages.push(fetched),
    });
    expect(containing(messages, token)).toEqual([]);
    expect(result.tooLarge.length).toBeGreaterThan(0);
    expect(messages.every(({ raw }) => raw.length <= 100_000)).toBe(true);
  });

  it('fetches at most the given number of messages per check, the rest with the next', async () => {
    const known = new Set((await popAll(server('POP3S', true))).messages.map(({ uid }) => uid));
    const token = randomUUID();
    await sendMail(server('SMTP', false), message(`${token} first`), connect);
    await sendMail(server('SMTP', false), message(`${token} second`), connect);
    const fetched: FetchedPop3Message[] = [];
    const check = () =>
      fetchPop3(server('POP3S', true), {
        ...connect,
        knownUids: known,
        maxMessages: 1,
        onMessage: async (one) => {
          fetched.push(one);
          known.add(one.uid);
        },
      });
    expect((await check()).remaining).toBeGreaterThanOrEqual(1);
    await check();
    expect(containing(fetched, token).map(({ raw }) => raw.toString().match(/Test \S+ (\w+)/)?.[1])).toEqual([
      'first',
      'second',
    ]);
  });

  it('fetches by IMAP, plain with STARTTLS and implicit TLS, once, with the folder list', async () => {
    const token = randomUUID();
    await sendMail(server('SMTP', false, 'login'), message(token), connect);
    for (const [name, useSsl, authMethod] of [
      ['IMAP', false, 'plain'],
      ['IMAPS', true, 'login'],
      ['IMAP', false, 'cram-md5'],
    ] as const) {
      const first = await imapAll(server(name, useSsl, authMethod));
      expect(first.result.folders).toContainEqual(
        expect.objectContaining({ path: 'INBOX', specialUse: '\\Inbox', selectable: true }),
      );
      const [ours] = containing(first.messages, token);
      expect(ours).toMatchObject({ folder: 'INBOX', uidValidity: expect.any(Number), uid: expect.any(Number) });
      expect(ours!.flags).not.toContain('\\Deleted');
      const [state] = first.result.states;
      expect(state).toEqual({ path: 'INBOX', uidValidity: ours!.uidValidity, lastUid: expect.any(Number) });
      expect(state!.lastUid).toBeGreaterThanOrEqual(ours!.uid);

      const again = await imapAll(server(name, useSsl, authMethod), first.result.states);
      expect(containing(again.messages, token)).toEqual([]);
      expect(again.messages.every(({ uid }) => uid > state!.lastUid)).toBe(true);
    }
  });

  it('fetches the whole folder again when its UIDVALIDITY changed', async () => {
    const token = randomUUID();
    await sendMail(server('SMTP', false), message(token), connect);
    const first = await imapAll(server('IMAPS', true));
    const [state] = first.result.states;
    const again = await imapAll(server('IMAPS', true), [{ ...state!, uidValidity: state!.uidValidity + 1 }]);
    expect(containing(again.messages, token)).toHaveLength(1);
  });

  it('stores HTML with script and event handlers sanitized, and always sends a plain-text part', async () => {
    const token = randomUUID();
    const html = `<p onclick="steal()">Hi ${token}</p><script>alert(1)</script><img src="x" onerror="alert(1)">
      <a href="javascript:alert(1)">click</a><img src="https://tracker.example/p.gif">`;
    await sendMail(server('SMTP', false), message(token, { html, text: `Hi ${token}` }), connect);
    const { messages } = await imapAll(server('IMAPS', true));
    const [ours] = containing(messages, token);
    const parsed = await parseEmail(ours!.raw);
    expect(parsed.text.trim()).toBe(`Hi ${token}`);
    expect(parsed.html).toContain(`Hi ${token}`);
    expect(parsed.html).not.toMatch(/script|onerror|onclick|javascript:|\ssrc=/i);
    expect(parsed.html).toContain('data-blocked-src="https://tracker.example/p.gif"');
    expect(parsed.hasRemoteImages).toBe(true);
    expect(parsed.from).toEqual({ name: 'Alice', address: user });
    const htmlOnly = await sendMail(server('SMTP', false), message(token, { text: '', html: '<p>HTML</p>' }), connect);
    expect(htmlOnly.raw.toString()).toContain('Content-Type: text/plain');
  });

  it('checks the certificate against the saved host name', async () => {
    const token = randomUUID();
    const named = (name: string, useSsl: boolean) => ({ ...server(name, useSsl), host: 'localhost' });
    await sendMail(named('SMTP', false), message(token), connect);
    await sendMail(named('SMTPS', true), message(token), connect);
    expect(containing((await popAll(named('POP3', false))).messages, token)).toHaveLength(2);
    expect(containing((await popAll(named('POP3S', true))).messages, token)).toHaveLength(2);
    expect(containing((await imapAll(named('IMAP', false))).messages, token)).toHaveLength(2);
    expect(containing((await imapAll(named('IMAPS', true))).messages, token)).toHaveLength(2);
  });
});
