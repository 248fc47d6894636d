/**
 * The throw-away SMTP server of scripts/mail-servers.sh: AUTH PLAIN, LOGIN or CRAM-MD5 against the Dovecot users,
 * on a plain port (STARTTLS offered) and an implicit-TLS port. Every accepted recipient that is one of the users, or a
 * sub-address of one (user+tag@), gets the message in their Maildir, where Dovecot serves it by POP3 and IMAP; other
 * recipients are accepted and dropped.
 * Usage: node --import tsx scripts/mail-smtp-server.ts DIR (the folder made by mail-servers.sh start).
 */
import { randomBytes } from 'node:crypto';
import { chownSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';

interface MailUser {
  password: string;
  maildir: string;
}

const dir = process.argv[2];
if (!dir) throw new Error('usage: mail-smtp-server.ts DIR');

/** The passwd-file Dovecot reads: name:{PLAIN}password:uid:gid::home:: */
function readUsers(file: string): Map<string, MailUser> {
  const users = new Map<string, MailUser>();
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const [name, password, , , , home] = line.split(':');
    if (!name || !password || !home) continue;
    users.set(name.toLowerCase(), {
      password: password.replace(/^\{PLAIN\}/, ''),
      maildir: path.join(home, 'Maildir'),
    });
  }
  return users;
}

const users = readUsers(path.join(dir, 'users'));
const maxMessageBytes = 50 * 1024 * 1024;
let deliveries = 0;

/** Maildir delivery: write into tmp/, then rename into new/, so a reader never sees half a message. */
function deliver(user: MailUser, message: Buffer): void {
  const name = `${Date.now()}.P${process.pid}Q${++deliveries}R${randomBytes(4).toString('hex')}.${hostname()}`;
  const temporary = path.join(user.maildir, 'tmp', name);
  writeFileSync(temporary, message, { mode: 0o600 });
  const owner = statSync(user.maildir);
  if (process.getuid?.() === 0) chownSync(temporary, owner.uid, owner.gid);
  renameSync(temporary, path.join(user.maildir, 'new', name));
}

const options: SMTPServerOptions = {
  name: 'localhost',
  key: readFileSync(path.join(dir, 'key.pem')),
  cert: readFileSync(path.join(dir, 'cert.pem')),
  authMethods: ['PLAIN', 'LOGIN', 'CRAM-MD5'],
  // The tests also exercise AUTH on the plain port without STARTTLS.
  allowInsecureAuth: true,
  size: maxMessageBytes,
  logger: false,
  onAuth(auth, _session, callback) {
    const user = auth.username ? users.get(auth.username.toLowerCase()) : undefined;
    const valid =
      user !== undefined &&
      (auth.method === 'PLAIN' || auth.method === 'LOGIN'
        ? auth.password === user.password
        : auth.validatePassword(user.password));
    if (!valid) {
      callback(Object.assign(new Error('Invalid username or password'), { responseCode: 535 }));
      return;
    }
    callback(null, { user: auth.username });
  },
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => {
      if (stream.sizeExceeded) {
        callback(Object.assign(new Error('Message exceeds fixed maximum message size'), { responseCode: 552 }));
        return;
      }
      const message = Buffer.concat(chunks);
      try {
        for (const recipient of session.envelope.rcptTo) {
          // Sub-addresses reach their user, as on most mail servers: alice+anything@ is alice@.
          const user = users.get(recipient.address.toLowerCase().replace(/\+[^@]*@/, '@'));
          if (user) deliver(user, message);
        }
        callback();
      } catch (error) {
        callback(error as Error);
      }
    });
  },
};

const plain = new SMTPServer(options);
const implicitTls = new SMTPServer({ ...options, secure: true });
for (const server of [plain, implicitTls]) server.on('error', (error) => console.error(error.message));
plain.listen(Number(process.env.MAIL_TEST_SMTP_PORT ?? 11025), '127.0.0.1');
implicitTls.listen(Number(process.env.MAIL_TEST_SMTPS_PORT ?? 11465), '127.0.0.1');

const stop = () => {
  plain.close(() => implicitTls.close(() => process.exit(0)));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
