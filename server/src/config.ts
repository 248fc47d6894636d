import { randomBytes } from 'node:crypto';
import { existsSync, linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  secretKey: string;
  publicUrl: string;
  /**
   * Which X-Forwarded-For entries to believe (Fastify's `trustProxy`): none (false), the given number of proxies
   * in front counted from the right, or the proxies at these addresses or CIDR ranges.
   */
  trustProxy: false | number | string[];
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
  /** Chatbot messages (a conversation's start or a visitor's turn) a client address may send per minute, to all bots. */
  chatbotMessagesPerMinute: number;
  /** Messages one chatbot accepts per minute from all addresses together. */
  chatbotMessagesPerBotPerMinute: number;
  /** Requests one API key may send per minute, across server processes (API_KEY_REQUESTS_PER_MINUTE). */
  apiKeyRequestsPerMinute: number;
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
  /**
   * Another address for a spec AI provider's API (OPENAI_BASE_URL, ANTHROPIC_BASE_URL, GOOGLE_AI_BASE_URL): a proxy,
   * or the tests' local provider. Each is the API's base with its version, e.g. https://proxy.example/v1.
   */
  aiBaseUrls?: Partial<Record<'openai' | 'anthropic' | 'google', string>>;
  /** How long an AI answer may take in all (AI_TIMEOUT_MS), default 60 s. */
  aiTimeoutMs?: number;
  /** How long a provider's stream may stay silent before the answer counts as failed (AI_IDLE_TIMEOUT_MS), default 20 s. */
  aiIdleTimeoutMs?: number;
  /**
   * The server the product sends its own mail through (SMTP_URL: smtp:// with STARTTLS when offered, smtps:// with
   * TLS from the start, user and password in the URL): password-reset links. Unset, that mail is off.
   */
  smtpUrl?: URL;
  /** The sender of the product's own mail (MAIL_FROM), by default no-reply at PUBLIC_URL's host. */
  mailFrom: string;
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
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    logLevel: env.LOG_LEVEL ?? 'info',
    logFormat:
      env.LOG_FORMAT === 'json' || env.LOG_FORMAT === 'pretty' ? env.LOG_FORMAT : isTerminal ? 'pretty' : 'json',
    authAttemptsPerMinute: Number(env.AUTH_ATTEMPTS_PER_MINUTE ?? 10),
    bookingAttemptsPerMinute: Number(env.BOOKING_ATTEMPTS_PER_MINUTE ?? 20),
    formSubmissionsPerMinute: Number(env.FORM_SUBMISSIONS_PER_MINUTE ?? 10),
    formSubmissionsPerFormPerMinute: Number(env.FORM_SUBMISSIONS_PER_FORM_PER_MINUTE ?? 120),
    chatbotMessagesPerMinute: Number(env.CHATBOT_MESSAGES_PER_MINUTE ?? 30),
    chatbotMessagesPerBotPerMinute: Number(env.CHATBOT_MESSAGES_PER_BOT_PER_MINUTE ?? 600),
    apiKeyRequestsPerMinute: positiveNumber(env.API_KEY_REQUESTS_PER_MINUTE) ?? 600,
    allowPrivateHosts: [env.ALLOW_PRIVATE_HOSTS, env.MAIL_ALLOW_PRIVATE_HOSTS].some(isOn),
    mailCa: env.MAIL_CA_FILE ? readFileSync(env.MAIL_CA_FILE, 'utf8') : undefined,
    aiBaseUrls: {
      openai: baseUrlSetting('OPENAI_BASE_URL', env.OPENAI_BASE_URL),
      anthropic: baseUrlSetting('ANTHROPIC_BASE_URL', env.ANTHROPIC_BASE_URL),
      google: baseUrlSetting('GOOGLE_AI_BASE_URL', env.GOOGLE_AI_BASE_URL),
    },
    aiTimeoutMs: positiveNumber(env.AI_TIMEOUT_MS),
    aiIdleTimeoutMs: positiveNumber(env.AI_IDLE_TIMEOUT_MS),
    smtpUrl: smtpUrlSetting(env.SMTP_URL),
    mailFrom: env.MAIL_FROM?.trim() || `Pipewise <no-reply@${new URL(env.PUBLIC_URL ?? 'http://localhost').hostname}>`,
  };
}

/** A setting the server cannot start with: main.ts prints its message and stops. */
export class ConfigError extends Error {}

const TRUST_PROXY_FORMS =
  'set it to the number of proxies in front of the server (TRUST_PROXY=1 for one nginx), ' +
  'or to a comma-separated list of their addresses or CIDR ranges (TRUST_PROXY=10.0.0.5,10.1.0.0/16)';

/**
 * TRUST_PROXY as a hop count or a list of proxies. `true` would believe the left-most X-Forwarded-For address,
 * which the client writes itself (nginx appends to what it was sent), so it is refused rather than guessed at.
 */
export function parseTrustProxy(value: string | undefined): Config['trustProxy'] {
  const text = (value ?? '').trim();
  if (text === '' || text === 'false' || text === '0') return false;
  if (text === 'true') {
    throw new ConfigError(
      `TRUST_PROXY=true would trust any address a client writes into X-Forwarded-For: ${TRUST_PROXY_FORMS}.`,
    );
  }
  if (/^\d+$/.test(text)) return Number(text);
  const proxies = text.split(',').map((entry) => entry.trim());
  const invalid = proxies.filter((entry) => !isAddressOrRange(entry));
  if (invalid.length)
    throw new ConfigError(`TRUST_PROXY has ${invalid.map((entry) => `"${entry}"`).join(', ')}: ${TRUST_PROXY_FORMS}.`);
  return proxies;
}

/** proxy-addr's names for ranges, which Fastify also takes. */
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrRange(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true;
  const [address = '', prefix, ...more] = entry.split('/');
  const version = isIP(address);
  if (!version || more.length) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

const isOn = (value: string | undefined) => value === 'true' || value === '1';

/**
 * A URL setting of one of the given schemes, or undefined when unset; anything else stops the start with `refusal`.
 */
function urlSetting(value: string | undefined, schemes: string[], refusal: string): URL | undefined {
  const text = (value ?? '').trim();
  if (!text) return undefined;
  let url: URL | undefined;
  try {
    url = new URL(text);
  } catch {
    url = undefined;
  }
  if (!url || !schemes.includes(url.protocol) || !url.hostname) throw new ConfigError(refusal);
  return url;
}

/** An API's base URL setting, its trailing slash left out; anything but an http(s) URL stops the start. */
function baseUrlSetting(name: string, value: string | undefined): string | undefined {
  const refusal = `${name} must be an http:// or https:// URL, e.g. https://proxy.example.com/v1.`;
  return urlSetting(value, ['http:', 'https:'], refusal) && value!.trim().replace(/\/+$/, '');
}

/** SMTP_URL; anything but smtp:// or smtps:// with a host stops the start. */
const smtpUrlSetting = (value: string | undefined) =>
  urlSetting(
    value,
    ['smtp:', 'smtps:'],
    'SMTP_URL must be an smtp:// or smtps:// URL, e.g. smtps://user:password@mail.example.com.',
  );

/** A setting in milliseconds or a count; unset, empty or not a positive number: undefined (the default). */
function positiveNumber(value: string | undefined): number | undefined {
  const number = Number(value);
  return value && Number.isFinite(number) && number > 0 ? number : undefined;
}

/** A secret generated once into DATA_DIR, so sessions and stored secrets survive restarts. */
function readOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'secret.key');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  // Written whole under another name, then linked into place: a second process starting at the same moment
  // never reads a half-written key, and the first link wins (the loser reads the winner's key).
  const partial = `${file}.${process.pid}.partial`;
  writeFileSync(partial, randomBytes(32).toString('base64url'), { mode: 0o600 });
  try {
    linkSync(partial, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    rmSync(partial, { force: true });
  }
  return readFileSync(file, 'utf8').trim();
}
