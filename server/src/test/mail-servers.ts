import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { SMTPServer } from 'smtp-server';

// Mail servers of a test's own on loopback, which record what reaches them: an SMTP server that offers no STARTTLS
// (a real one, smtp-server, as a server would be whose STARTTLS someone on the path strips), and minimal POP3 and
// IMAP servers that offer no STARTTLS and refuse every sign-in.

export interface SmtpTrap {
  port: number;
  /** Each AUTH that reached the server: its mechanism, user name and (PLAIN, LOGIN) password. */
  auths: { method: string; username: string | undefined; password: string | undefined }[];
  /** How many messages it accepted. */
  messages: number;
  close(): Promise<void>;
}

/** An SMTP server without STARTTLS that accepts any AUTH (PLAIN, LOGIN, CRAM-MD5) and any message. */
export async function startSmtpTrap(): Promise<SmtpTrap> {
  const trap: Omit<SmtpTrap, 'port' | 'close'> = { auths: [], messages: 0 };
  const server = new SMTPServer({
    authMethods: ['PLAIN', 'LOGIN', 'CRAM-MD5'],
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth(auth, _session, callback) {
      trap.auths.push({ method: auth.method, username: auth.username, password: auth.password ?? undefined });
      callback(null, { user: auth.username });
    },
    onData(stream, _session, callback) {
      stream.resume();
      stream.on('end', () => {
        trap.messages++;
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return Object.assign(trap, {
    port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}

export interface LineServer {
  port: number;
  /** Every line a client sent, in order. */
  lines: string[];
  close(): Promise<void>;
}

/** A server answering each line a client sends with `answer` (null: close the connection). */
async function startLineServer(greeting: string, answer: (line: string) => string | null): Promise<LineServer> {
  const lines: string[] = [];
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
    socket.write(greeting);
    let buffered = '';
    socket.on('data', (chunk) => {
      buffered += chunk.toString('latin1');
      for (let end = buffered.indexOf('\r\n'); end !== -1; end = buffered.indexOf('\r\n')) {
        const line = buffered.slice(0, end);
        buffered = buffered.slice(end + 2);
        lines.push(line);
        const reply = answer(line);
        if (reply === null) socket.end();
        else socket.write(reply);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    lines,
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A POP3 server that refuses STLS and every sign-in (USER/PASS, AUTH LOGIN, AUTH CRAM-MD5). */
export function startPop3WithoutStls(): Promise<LineServer> {
  return startLineServer('+OK POP3 ready\r\n', (line) => {
    const [command = ''] = line.split(' ');
    switch (command.toUpperCase()) {
      case 'STLS':
        return '-ERR STLS not supported\r\n';
      case 'USER':
        return '+OK\r\n';
      case 'AUTH':
        return `+ ${Buffer.from('<1.2@pop.test>').toString('base64')}\r\n`;
      case 'QUIT':
        return null;
      default:
        return '-ERR [AUTH] Authentication failed\r\n';
    }
  });
}

/** An IMAP server that does not offer STARTTLS and refuses every sign-in. */
export function startImapWithoutStarttls(): Promise<LineServer> {
  const capabilities = 'IMAP4rev1 AUTH=PLAIN AUTH=LOGIN';
  return startLineServer(`* OK [CAPABILITY ${capabilities}] ready\r\n`, (line) => {
    const [tag = '*', command = ''] = line.split(' ');
    switch (command.toUpperCase()) {
      case 'CAPABILITY':
        return `* CAPABILITY ${capabilities}\r\n${tag} OK done\r\n`;
      case 'ID':
      case 'NOOP':
        return `${tag} OK done\r\n`;
      case 'LOGOUT':
        return `* BYE\r\n${tag} OK bye\r\n`;
      case 'LOGIN':
      case 'AUTHENTICATE':
        return `${tag} NO [AUTHENTICATIONFAILED] Authentication failed\r\n`;
      default:
        return `${tag} BAD unknown command\r\n`;
    }
  });
}

/** The lines of a session that carry a user name or a password (POP3 USER/PASS/AUTH, IMAP LOGIN/AUTHENTICATE). */
export const signInLines = (lines: string[]) =>
  lines.filter((line) => /^(USER|PASS|AUTH)\b|^\S+ (LOGIN|AUTHENTICATE)\b/i.test(line));
