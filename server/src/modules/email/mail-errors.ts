import { mailConnectionMessages, type MailConnectionReason } from '@common/mail-connection';

/** A mail server could not be used, with the one message the user sees; never carries the password. */
export class MailConnectionError extends Error {
  override readonly name = 'MailConnectionError';

  constructor(
    readonly reason: MailConnectionReason,
    message: string,
  ) {
    super(message);
  }
}

/** The fields nodemailer, imapflow, node-pop3 and Node's sockets put on their errors. */
interface LibraryError {
  code?: unknown;
  /** nodemailer's: the socket's code under its own (ESOCKET, ECONNECTION). */
  originalCode?: unknown;
  message?: unknown;
  response?: unknown;
  responseCode?: unknown;
  responseText?: unknown;
  serverResponseCode?: unknown;
  authenticationFailed?: unknown;
  /** nodemailer's: the SMTP command that failed. */
  command?: unknown;
  /** imapflow's: a required STARTTLS could not happen. */
  tlsFailed?: unknown;
  eventName?: unknown;
  cause?: unknown;
}

const hostNotFoundCodes = new Set(['ENOTFOUND', 'EAI_AGAIN', 'EAI_NONAME', 'EAI_FAIL', 'EAI_NODATA', 'EDNS']);
const refusedCodes = new Set(['ECONNREFUSED', 'EHOSTUNREACH', 'ENETUNREACH']);
const timeoutCodes = new Set(['ETIMEDOUT', 'ETIMEOUT', 'CONNECT_TIMEOUT', 'GREETING_TIMEOUT', 'ESOCKETTIMEDOUT']);
const lostCodes = new Set(['ECONNRESET', 'EPIPE', 'ECONNABORTED', 'NoConnection', 'EConnectionClosed']);
const tlsCodes = new Set([
  'ETLS',
  'EPROTO',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'CERT_HAS_EXPIRED',
  'CERT_NOT_YET_VALID',
  'HOSTNAME_MISMATCH',
]);

/** The error and its causes, outermost first (libraries wrap socket errors). */
function chain(error: unknown): LibraryError[] {
  const errors: LibraryError[] = [];
  let current = error;
  while (current && typeof current === 'object' && errors.length < 5) {
    const libraryError: LibraryError = current;
    errors.push(libraryError);
    current = libraryError.cause;
  }
  return errors;
}

const text = (value: unknown) => (typeof value === 'string' ? value : undefined);

/** The password, as typed and as base64 (SASL), cut out of anything shown. */
function scrub(line: string, secrets: readonly string[]): string {
  let result = line;
  for (const secret of secrets) {
    if (!secret) continue;
    for (const form of [secret, Buffer.from(secret).toString('base64')]) result = result.split(form).join('••••••••');
  }
  return result;
}

/** The server refused STARTTLS or did not offer it (imapflow checks its capabilities first). */
const isStartTlsRefused = ({ code, command, response, tlsFailed, message }: LibraryError) =>
  (code === 'ETLS' && command === 'STARTTLS' && typeof response === 'string') ||
  (tlsFailed === true && /STARTTLS/.test(text(message) ?? ''));

function classify(errors: LibraryError[]): Exclude<MailConnectionReason, 'server'> | undefined {
  if (errors.some(isStartTlsRefused)) return 'starttlsMissing';
  const codes = errors.flatMap(({ code, originalCode }) => [text(code) ?? '', text(originalCode) ?? '']);
  const messages = errors.map(({ message }) => text(message) ?? '').join(' ');
  const responseCodes = errors.map(({ responseCode }) => Number(responseCode));
  if (errors.some(({ authenticationFailed }) => authenticationFailed === true)) return 'wrongPassword';
  if (codes.includes('EAUTH') || responseCodes.includes(535)) return 'wrongPassword';
  if (codes.some((code) => hostNotFoundCodes.has(code))) return 'hostNotFound';
  if (codes.some((code) => refusedCodes.has(code))) return 'connectionRefused';
  if (codes.some((code) => tlsCodes.has(code) || code.startsWith('ERR_TLS_') || code.startsWith('ERR_SSL_'))) {
    return 'tlsFailed';
  }
  if (codes.some((code) => timeoutCodes.has(code)) || errors.some(({ eventName }) => eventName === 'timeout')) {
    return 'timeout';
  }
  // Codes first: a greeting timeout's text wonders "Maybe should use TLS?".
  if (/\b(SSL|TLS)\b|certificate|wrong version number/i.test(messages)) return 'tlsFailed';
  if (/timed? ?out/i.test(messages)) return 'timeout';
  if (responseCodes.some((code) => code === 552 || code === 523)) return 'tooLarge';
  if (codes.some((code) => lostCodes.has(code))) return 'connectionLost';
  if (errors.some(({ eventName }) => eventName === 'close' || eventName === 'end')) return 'connectionLost';
  return undefined;
}

/**
 * One clear message for any error of a mail connection: wrong password, host not found, refused, TLS, timeout,
 * private address, too large, or "The mail server answered: …" with the server's own line. `secrets` (the password)
 * never appear in the message.
 */
export function toMailConnectionError(error: unknown, secrets: readonly string[] = []): MailConnectionError {
  if (error instanceof MailConnectionError) return error;
  const errors = chain(error);
  const reason = classify(errors);
  if (reason) return new MailConnectionError(reason, mailConnectionMessages[reason]);
  const line =
    errors.map(({ response }) => text(response)).find(Boolean) ??
    errors.map(({ responseText }) => text(responseText)).find(Boolean) ??
    errors.map(({ message }) => text(message)).find(Boolean) ??
    'no answer';
  return serverAnswered(scrub(line, secrets));
}

/** "The mail server answered: …" with a line the server sent (one line, at most 300 characters). */
export function serverAnswered(line: string): MailConnectionError {
  const oneLine = line.replace(/\s+/g, ' ').trim().slice(0, 300);
  return new MailConnectionError('server', `${mailConnectionMessages.serverAnswered} ${oneLine}`);
}

/** An error of the caller's own `onMessage` (storage), passed through as it is rather than taken for the server's. */
export class DeliveryError extends Error {
  constructor(override readonly cause: unknown) {
    super('storing a fetched message failed');
  }
}

/** Hands a fetched message to the caller, marking its errors as the caller's. */
export async function deliver<T>(onMessage: (message: T) => Promise<void>, message: T): Promise<void> {
  try {
    await onMessage(message);
  } catch (error) {
    throw new DeliveryError(error);
  }
}
