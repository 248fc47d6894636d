import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  secretKey: string;
  publicUrl: string;
  /** Trust X-Forwarded-For only when the server sits behind a known proxy. */
  trustProxy: boolean;
  logLevel: string;
  /** Readable log lines for a person at a terminal; JSON lines for log collectors. */
  logFormat: 'pretty' | 'json';
  /** Sign-in and sign-up attempts allowed per client address per minute. */
  authAttemptsPerMinute: number;
  /** Bookings a client address may send per minute on the public booking page. */
  bookingAttemptsPerMinute: number;
  /** Form submissions a client address may send per minute, to all forms together. */
  formSubmissionsPerMinute: number;
  /** Submissions one form accepts per minute from all addresses together. */
  formSubmissionsPerFormPerMinute: number;
  /**
   * Let the connections the server opens to addresses users typed (mail servers) reach loopback, private and
   * link-local addresses (ALLOW_PRIVATE_HOSTS, formerly MAIL_ALLOW_PRIVATE_HOSTS); off by default.
   */
  allowPrivateHosts: boolean;
  /**
   * A certificate authority (PEM) trusted for mail servers besides the public ones (MAIL_CA_FILE): a company's own,
   * or the test servers'.
   */
  mailCa?: string;
}

/** Every setting, from the environment, with its default. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, isTerminal = Boolean(process.stdout.isTTY)): Config {
  const port = Number(env.PORT ?? 3000);
  const dataDir = path.resolve(env.DATA_DIR ?? './data');
  mkdirSync(dataDir, { recursive: true });
  return {
    port,
    host: env.HOST ?? '127.0.0.1',
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    secretKey: env.SECRET_KEY || readOrCreateSecret(dataDir),
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    trustProxy: env.TRUST_PROXY === 'true' || env.TRUST_PROXY === '1',
    logLevel: env.LOG_LEVEL ?? 'info',
    logFormat:
      env.LOG_FORMAT === 'json' || env.LOG_FORMAT === 'pretty' ? env.LOG_FORMAT : isTerminal ? 'pretty' : 'json',
    authAttemptsPerMinute: Number(env.AUTH_ATTEMPTS_PER_MINUTE ?? 10),
    bookingAttemptsPerMinute: Number(env.BOOKING_ATTEMPTS_PER_MINUTE ?? 20),
    formSubmissionsPerMinute: Number(env.FORM_SUBMISSIONS_PER_MINUTE ?? 10),
    formSubmissionsPerFormPerMinute: Number(env.FORM_SUBMISSIONS_PER_FORM_PER_MINUTE ?? 120),
    allowPrivateHosts: [env.ALLOW_PRIVATE_HOSTS, env.MAIL_ALLOW_PRIVATE_HOSTS].some(isOn),
    mailCa: env.MAIL_CA_FILE ? readFileSync(env.MAIL_CA_FILE, 'utf8') : undefined,
  };
}

const isOn = (value: string | undefined) => value === 'true' || value === '1';

/** A secret generated once into DATA_DIR, so sessions and stored secrets survive restarts. */
function readOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'secret.key');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
