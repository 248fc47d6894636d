import { createHmac } from 'node:crypto';
import type { Socket } from 'node:net';
import { connect as tlsConnect, type ConnectionOptions, type TLSSocket } from 'node:tls';
import Pop3Command from 'node-pop3';
import { mailConnectionMessages } from '@common/mail-connection';
import { MailConnectionError, serverAnswered } from './mail-errors';
import type { MailServer } from './mail-host';

// One POP3 session: node-pop3's connection with what it lacks here (pop3.ts fetches with it).

const crlf = Buffer.from('\r\n');
const terminator = Buffer.from('\r\n.\r\n');
const stuffedLine = Buffer.from('\r\n..');

/** POP3 sends lines starting with "." with one more dot (RFC 1939 §3); the message itself has one fewer. */
function unstuff(data: Buffer): Buffer {
  const parts: Buffer[] = [];
  let start = data.subarray(0, 2).toString() === '..' ? 1 : 0;
  for (let at = data.indexOf(stuffedLine, start); at !== -1; at = data.indexOf(stuffedLine, start)) {
    parts.push(data.subarray(start, at + 2));
    start = at + 3;
  }
  parts.push(data.subarray(start));
  return Buffer.concat(parts);
}

/**
 * One POP3 session over node-pop3: its connection, commands and multi-line reader, plus what it lacks here —
 * STLS, AUTH LOGIN and AUTH CRAM-MD5 sent through its raw `command`, an idle timeout on the socket actually in use,
 * and a multi-line end that arrives split across two network reads.
 */
export class Pop3Session {
  private readonly client: Pop3Command;
  private failure: Error | undefined;
  private rejectPending: ((error: Error) => void) | undefined;
  private idleTimer: NodeJS.Timeout | undefined;
  private closing = false;

  constructor(
    private readonly server: MailServer,
    private readonly address: string,
    private readonly servername: string | undefined,
    private readonly ca: (string | Buffer)[] | undefined,
    private readonly timeoutMs: number,
  ) {
    // Replaces node-pop3's own servername (the IP we connect to): SNI and the certificate check use the saved name.
    const tlsOptions: Pick<ConnectionOptions, 'ca' | 'servername'> = { ca, servername };
    this.client = new Pop3Command({
      user: server.username,
      password: server.password,
      host: address,
      port: server.port,
      tls: server.useSsl,
      tlsOptions,
    });
    // node-pop3 emits 'error' for a "-ERR" no command waits for; without a listener that would throw.
    this.client.on('error', () => {});
  }

  /** Waits for `promise`, or fails when the connection is lost or stays silent for the timeout. */
  private async guard<T>(promise: Promise<T>): Promise<T> {
    if (this.failure) throw this.failure;
    try {
      return await Promise.race([
        promise,
        new Promise<never>((_resolve, reject) => {
          this.rejectPending = reject;
          this.touch();
        }),
      ]);
    } finally {
      // The clock runs only while waiting for the server, not while the caller stores a message.
      this.rejectPending = undefined;
      clearTimeout(this.idleTimer);
    }
  }

  private fail(error: Error): void {
    this.failure ??= error;
    this.rejectPending?.(this.failure);
    this.client._socket?.destroy();
  }

  private touch(): void {
    clearTimeout(this.idleTimer);
    this.idleTimer = setTimeout(
      () => this.fail(Object.assign(new Error('POP3 server did not answer'), { code: 'ETIMEDOUT' })),
      this.timeoutMs,
    );
  }

  /** Our own listeners on the socket in use: activity resets the idle timeout, a close fails what waits. */
  private watch(socket: Socket | TLSSocket): void {
    let lastError: Error | undefined;
    socket.on('data', () => {
      if (this.rejectPending) this.touch();
    });
    socket.on('error', (error: Error) => {
      lastError = error;
    });
    socket.on('close', () => {
      if (!this.closing) this.fail(lastError ?? Object.assign(new Error('connection closed'), { eventName: 'close' }));
    });
  }

  async open(): Promise<void> {
    const connecting = this.client.connect();
    if (this.client._socket) this.watch(this.client._socket);
    await this.guard(connecting);
    if (!this.server.useSsl) await this.startTls();
    await this.authenticate();
  }

  /** STARTTLS, required whatever the auth method unless the account allows an unencrypted connection. */
  private async startTls(): Promise<void> {
    try {
      await this.guard(this.client.command('STLS'));
    } catch {
      if (this.failure) throw this.failure;
      if (!this.server.allowUnencrypted) throw starttlsMissing();
      return;
    }
    const plain = this.client._socket as Socket;
    const readers = plain.listeners('data') as ((chunk: Buffer) => void)[];
    plain.removeAllListeners('data');
    const secure = tlsConnect({ socket: plain, host: this.address, servername: this.servername, ca: this.ca });
    await this.guard(
      new Promise<void>((resolve, reject) => {
        secure.once('secureConnect', resolve);
        secure.once('error', reject);
      }),
    );
    for (const reader of readers) secure.on('data', reader);
    this.client._socket = secure;
    this.watch(secure);
  }

  private async authenticate(): Promise<void> {
    const { username, password, authMethod } = this.server;
    const base64 = (value: string) => Buffer.from(value).toString('base64');
    try {
      if (authMethod === 'plain') {
        await this.guard(this.client.command('USER', username));
        await this.guard(this.client.command('PASS', password));
      } else if (authMethod === 'login') {
        await this.guard(this.client.command('AUTH', 'LOGIN'));
        await this.guard(this.client.command(base64(username)));
        await this.guard(this.client.command(base64(password)));
      } else {
        // node-pop3 cuts the first characters of a "+ challenge" line; read the line off the socket itself.
        const challengeLine = this.nextLine();
        await this.guard(this.client.command('AUTH', 'CRAM-MD5'));
        const challenge = Buffer.from((await challengeLine).replace(/^\+ ?/, '').trim(), 'base64');
        const digest = createHmac('md5', password).update(challenge).digest('hex');
        await this.guard(this.client.command(base64(`${username} ${digest}`)));
      }
    } catch (error) {
      if (this.failure) throw this.failure;
      const line = error instanceof Error ? error.message : String(error);
      // RFC 3206: [SYS/…] and [IN-USE] are the server's trouble, not the password's; so is a refused mechanism.
      if (/\[(SYS|IN-USE)|unsupported|not supported|unknown|disallowed|disabled/i.test(line)) {
        throw serverAnswered(line.split(password).join('••••••••'));
      }
      throw new MailConnectionError('wrongPassword', mailConnectionMessages.wrongPassword);
    }
  }

  private nextLine(): Promise<string> {
    const socket = this.client._socket;
    return new Promise((resolve) => {
      socket?.once('data', (chunk: Buffer) => resolve(chunk.toString('latin1').split('\r\n')[0] ?? ''));
    });
  }

  /** A multi-line answer (UIDL, LIST, RETR) as bytes, its final "." line removed and its lines unstuffed. */
  async multiline(maxBytes: number, ...command: (string | number)[]): Promise<Buffer> {
    const [, stream] = await this.guard(this.client.command(...command));
    const chunks: Buffer[] = [];
    let length = 0;
    let tail = Buffer.alloc(0);
    const data = await this.guard(
      new Promise<Buffer>((resolve, reject) => {
        stream.on('data', (chunk: Buffer) => {
          chunks.push(chunk);
          length += chunk.length;
          if (length > maxBytes) {
            // The rest still streams in: the session cannot go on.
            this.fail(Object.assign(new Error('message larger than announced'), { responseCode: 552 }));
            return;
          }
          // node-pop3 sees the end only when it arrives in one network read; finish its stream when it was split.
          tail = Buffer.concat([tail, chunk]).subarray(-terminator.length);
          if (tail.equals(terminator)) this.client._endStream();
        });
        stream.on('end', () => resolve(Buffer.concat(chunks, length)));
        stream.on('error', reject);
      }),
    );
    const body = data.subarray(-terminator.length).equals(terminator) ? data.subarray(0, -3) : data;
    const complete = body.length === 0 || body.subarray(-2).equals(crlf) ? body : Buffer.concat([body, crlf]);
    return unstuff(complete);
  }

  /** "number value" lines of UIDL and LIST, by message number. */
  async listing(command: 'UIDL' | 'LIST'): Promise<Map<number, string>> {
    const lines = (await this.multiline(64 * 1024 * 1024, command)).toString('latin1').split('\r\n');
    const entries = new Map<number, string>();
    for (const line of lines) {
      const [number, value] = line.trim().split(/\s+/);
      if (number && value && /^\d+$/.test(number)) entries.set(Number(number), value);
    }
    return entries;
  }

  async close(quit: boolean): Promise<void> {
    if (quit && !this.failure && this.client._socket) {
      this.closing = true;
      await this.guard(this.client.command('QUIT')).catch(() => {});
    }
    this.closing = true;
    this.client._socket?.destroy();
  }
}

const starttlsMissing = () => new MailConnectionError('starttlsMissing', mailConnectionMessages.starttlsMissing);
