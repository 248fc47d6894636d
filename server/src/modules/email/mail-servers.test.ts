import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import type { EmailAuthMethod } from '@common/email-accounts';
import { mailConnectionMessages } from '@common/mail-connection';
import { fetchImap, type FetchedImapMessage, type ImapFetchOptions } from './imap';
import type { MailServer } from './mail-host';
import { parseEmail } from './parse';
import { fetchPop3, type FetchedPop3Message } from './pop3';
import { sendMail, type OutgoingMessage } from './smtp';

// Sending and receiving against real servers: Dovecot (POP3, IMAP) and the SMTP server of scripts/mail-servers.sh,
// which CI starts. Each test sends messages with a token of its own: other runs may share the mailbox.

const env = process.env;
const configured = Boolean(env.MAIL_TEST_HOST);
const title = configured
  ? 'mail servers'
  : 'mail servers (skipped: MAIL_TEST_HOST is unset; start them with scripts/mail-servers.sh)';

const host = env.MAIL_TEST_HOST ?? '';
const user = env.MAIL_TEST_USER ?? '';
const password = env.MAIL_TEST_PASSWORD ?? '';
const ca = configured ? readFileSync(env.MAIL_TEST_CA_FILE ?? `${env.MAIL_TEST_DIR}/cert.pem`) : undefined;
const connect = { allowPrivate: true, ca };
const port = (name: string) => Number(env[`MAIL_TEST_${name}_PORT`]);

const server = (name: string, useSsl: boolean, authMethod: EmailAuthMethod = 'plain'): MailServer => ({
  host,
  port: port(name),
  username: user,
  password,
  useSsl,
  authMethod,
});

const alice = () => ({ name: 'Alice', address: user });

function message(token: string, overrides: Partial<OutgoingMessage> = {}): OutgoingMessage {
  return { from: alice(), to: [alice()], subject: `Test ${token}`, text: `Hello ${token}`, ...overrides };
}

async function popAll(mailServer: MailServer, knownUids: ReadonlySet<string> = new Set()) {
  const messages: FetchedPop3Message[] = [];
  const result = await fetchPop3(mailServer, {
    ...connect,
    knownUids,
    maxMessages: 10_000,
    onMessage: async (fetched) => void messages.push(fetched),
  });
  return { result, messages };
}

async function imapAll(mailServer: MailServer, folders?: ImapFetchOptions['folders']) {
  const messages: FetchedImapMessage[] = [];
  const result = await fetchImap(mailServer, {
    ...connect,
    folders,
    maxMessages: 10_000,
    onMessage: async (fetched) => void messages.push(fetched),
  });
  return { result, messages };
}

const containing = <T extends { raw: Buffer }>(messages: T[], token: string) =>
  messages.filter((fetched) => fetched.raw.includes(token));

/** A loopback port nothing listens on. */
async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port: free } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return free;
}

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

  it('answers a wrong password with the wrong-password message, never showing the password', async () => {
    const wrong = 'not-the-password-4711';
    const cases = [
      () => sendMail({ ...server('SMTP', false), password: wrong }, message('wrong'), connect),
      () => sendMail({ ...server('SMTPS', true, 'cram-md5'), password: wrong }, message('wrong'), connect),
      () => popAll({ ...server('POP3', false), password: wrong }),
      () => popAll({ ...server('POP3S', true, 'login'), password: wrong }),
      () => popAll({ ...server('POP3S', true, 'cram-md5'), password: wrong }),
      () => imapAll({ ...server('IMAP', false), password: wrong }),
      () => imapAll({ ...server('IMAPS', true, 'login'), password: wrong }),
      // A line break in the user name would add a POP3 command of its own (DELE): refused before sending.
      () => popAll({ ...server('POP3S', true), username: `${user}\r\nDELE 1`, password: wrong }),
    ];
    for (const attempt of cases) {
      const error = await attempt().then(
        () => undefined,
        (caught: unknown) => caught,
      );
      expect(error).toMatchObject({ name: 'MailConnectionError', message: mailConnectionMessages.wrongPassword });
      expect(JSON.stringify(error)).not.toContain(wrong);
    }
  });

  it('answers a closed port with connection refused', async () => {
    const closed = { ...server('POP3', false), port: await closedPort() };
    await expect(popAll(closed)).rejects.toThrow(mailConnectionMessages.connectionRefused);
    await expect(imapAll(closed)).rejects.toThrow(mailConnectionMessages.connectionRefused);
    await expect(sendMail(closed, message('refused'), connect)).rejects.toThrow(
      mailConnectionMessages.connectionRefused,
    );
  });

  it('answers an unknown host with host not found', async () => {
    const unknown = { ...server('POP3', false), host: 'no-such-mail-host.invalid' };
    await expect(popAll(unknown)).rejects.toThrow(mailConnectionMessages.hostNotFound);
    await expect(imapAll(unknown)).rejects.toThrow(mailConnectionMessages.hostNotFound);
    await expect(sendMail(unknown, message('unknown'), connect)).rejects.toThrow(mailConnectionMessages.hostNotFound);
  });

  it('refuses the loopback servers when private addresses are not allowed', async () => {
    const strict = { allowPrivate: false, ca };
    const refusal = mailConnectionMessages.privateAddress;
    const none = async () => {};
    await expect(
      fetchPop3(server('POP3S', true), { ...strict, knownUids: new Set(), onMessage: none }),
    ).rejects.toThrow(refusal);
    await expect(fetchImap(server('IMAPS', true), { ...strict, onMessage: none })).rejects.toThrow(refusal);
    await expect(sendMail(server('SMTPS', true), message('private'), strict)).rejects.toThrow(refusal);
  });

  it('answers a certificate it cannot trust with the TLS message', async () => {
    const untrusted = { allowPrivate: true };
    const none = async () => {};
    const tlsFailed = mailConnectionMessages.tlsFailed;
    await expect(
      fetchPop3(server('POP3S', true), { ...untrusted, knownUids: new Set(), onMessage: none }),
    ).rejects.toThrow(tlsFailed);
    await expect(
      fetchPop3(server('POP3', false), { ...untrusted, knownUids: new Set(), onMessage: none }),
    ).rejects.toThrow(tlsFailed);
    await expect(fetchImap(server('IMAPS', true), { ...untrusted, onMessage: none })).rejects.toThrow(tlsFailed);
    await expect(sendMail(server('SMTP', false), message('untrusted'), untrusted)).rejects.toThrow(tlsFailed);
  });

  it('answers a server that stays silent with the timeout message', async () => {
    const silent = createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const quiet = { ...server('POP3', false), port: (silent.address() as { port: number }).port };
      const quick = { ...connect, timeoutMs: 300 };
      const none = async () => {};
      const timeout = mailConnectionMessages.timeout;
      await expect(fetchPop3(quiet, { ...quick, knownUids: new Set(), onMessage: none })).rejects.toThrow(timeout);
      await expect(fetchImap(quiet, { ...quick, onMessage: none })).rejects.toThrow(timeout);
      await expect(sendMail(quiet, message('silent'), quick)).rejects.toThrow(timeout);
    } finally {
      silent.close();
    }
  });

  it('answers implicit TLS on a plain port with the TLS message', async () => {
    await expect(popAll({ ...server('POP3', false), useSsl: true })).rejects.toThrow(mailConnectionMessages.tlsFailed);
  });

  it('passes an error of the storing step through as it is', async () => {
    const token = randomUUID();
    await sendMail(server('SMTP', false), message(token), connect);
    const storing = new Error('the database is gone');
    await expect(
      fetchPop3(server('POP3S', true), {
        ...connect,
        knownUids: new Set(),
        onMessage: async () => {
          throw storing;
        },
      }),
    ).rejects.toBe(storing);
  });
});
