import { APICallError } from 'ai';
import { aiProviderLabels, type AiProvider } from '@common/ai-config';
import { PrivateAddressError } from '../../../net/outgoing-address';

/** What the owner reads on the bot's page when an answer failed: plain words, then the provider's own message. */
export const ownerReasons = {
  notConfigured:
    'No AI provider is set up for your account. Open Settings → AI Configuration and save a provider, a model and an API key.',
  keyUnreadable:
    'The saved API key can no longer be read (the server’s secret key changed). Enter the key again in Settings → AI Configuration.',
  emptyAnswer: (label: string) => `${label} sent an empty answer.`,
  visitorLeft: 'The visitor left before the answer was complete.',
} as const;

/** Why an answer stopped on our side: the whole answer took too long, or the stream went silent. */
export type TimeoutKind = 'total' | 'idle';

/** A provider's message, short enough for a line on a page. */
const MAX_PROVIDER_MESSAGE = 300;

/** The errors wrapped inside an error (a cause, a retry's last error), the error itself first. */
function* chainOf(error: unknown): Generator<unknown> {
  let current = error;
  for (let depth = 0; current && depth < 6; depth++) {
    yield current;
    const next = current as { cause?: unknown; lastError?: unknown };
    current = next.lastError ?? next.cause;
  }
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

function providerMessage(error: APICallError): string {
  const message = messageOf(error).replace(/\s+/g, ' ').trim();
  const short = message.length > MAX_PROVIDER_MESSAGE ? `${message.slice(0, MAX_PROVIDER_MESSAGE)}…` : message;
  return short || `HTTP ${error.statusCode ?? 'error'}`;
}

/** Google answers a key it does not know with 400 INVALID_ARGUMENT (reason API_KEY_INVALID), not 401. */
const isKeyRefused = (error: APICallError) =>
  error.statusCode === 401 ||
  error.statusCode === 403 ||
  (error.statusCode === 400 &&
    /API_KEY_INVALID|API key not valid/i.test(`${error.responseBody ?? ''} ${error.message}`));

function apiCallReason(label: string, model: string, error: APICallError): string {
  const status = error.statusCode;
  const said = providerMessage(error);
  if (isKeyRefused(error))
    return `${label} refused the API key (${status}): ${said} Check the key in Settings → AI Configuration.`;
  if (status === 404)
    return `${label} does not know the model “${model}” (404): ${said} Choose another model in Settings → AI Configuration.`;
  if (status === 429) return `${label} is limiting requests (429, a rate limit or a used-up quota): ${said}`;
  if (status !== undefined && status >= 500) return `${label} had a server error (${status}): ${said}`;
  if (status !== undefined) return `${label} refused the request (${status}): ${said}`;
  return `${label} could not be reached: ${said}`;
}

const connectionCodes: Record<string, string> = {
  ENOTFOUND: 'its host name was not found',
  EAI_AGAIN: 'its host name could not be looked up',
  ETIMEOUT: 'its host name could not be looked up in time',
  ECONNREFUSED: 'the connection was refused',
  ECONNRESET: 'the connection was cut',
  EHOSTUNREACH: 'the host is unreachable',
  ENETUNREACH: 'the network is unreachable',
  ETIMEDOUT: 'the connection timed out',
  CERT_HAS_EXPIRED: 'its TLS certificate has expired',
  DEPTH_ZERO_SELF_SIGNED_CERT: 'its TLS certificate is self-signed',
  SELF_SIGNED_CERT_IN_CHAIN: 'its TLS certificate is not from a trusted authority',
  ERR_TLS_CERT_ALTNAME_INVALID: 'its TLS certificate is for another name',
};

export interface FailureContext {
  provider: AiProvider;
  /** The model id sent. */
  model: string;
  baseUrl: string;
  /** Set when our own timer ended the call. */
  timedOut: TimeoutKind | null;
  timeoutMs: number;
  idleTimeoutMs: number;
}

/** The owner's reason for a failed call, in plain words with the provider's own message where it sent one. */
export function ownerReasonOf(error: unknown, context: FailureContext): string {
  const label = aiProviderLabels[context.provider];
  const seconds = (ms: number) => `${Math.round(ms / 100) / 10} seconds`;
  if (context.timedOut === 'total') return `${label} did not finish the answer within ${seconds(context.timeoutMs)}.`;
  if (context.timedOut === 'idle')
    return `${label} stopped sending the answer: nothing came for ${seconds(context.idleTimeoutMs)}.`;
  for (const cause of chainOf(error)) {
    if (APICallError.isInstance(cause) && cause.statusCode !== undefined) {
      return apiCallReason(label, context.model, cause);
    }
    if (cause instanceof PrivateAddressError) {
      return `${label} at ${context.baseUrl} is on a private or local network address, which this server does not connect to. The server’s operator can allow it with ALLOW_PRIVATE_HOSTS.`;
    }
    const code = (cause as { code?: unknown } | null)?.code;
    if (typeof code === 'string' && code in connectionCodes) {
      return `${label} could not be reached at ${context.baseUrl}: ${connectionCodes[code]} (${code}).`;
    }
  }
  return `${label} failed: ${messageOf(error).slice(0, MAX_PROVIDER_MESSAGE)}`;
}

/** A reason with every appearance of the key replaced: a provider may quote the key it refused. */
export function withoutKey(reason: string, key: string | null): string {
  return key && key.length >= 4 ? reason.split(key).join('[API key]') : reason;
}
