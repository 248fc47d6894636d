import { randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { mailConnectionMessages } from '@common/mail-connection';
import { ca, configured, connect, imapAll, message, popAll, server, title, user } from '../../test/mail-server-kit';
import { fetchImap } from './imap';
import { fetchPop3 } from './pop3';
import { sendMail } from './smtp';

// How connections to real servers fail (Dovecot and the SMTP server of scripts/mail-servers.sh, which CI starts):
// each failure answered with its message, never a password. Sending and receiving: mail-servers.test.ts.

/** A loopback port nothing listens on. */
async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port: free } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return free;
}

describe.skipIf(!configured)(title, () => {
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
