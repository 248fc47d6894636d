import type { Config } from '../../../config';
import type { Db } from '../../../db/client';
import { guardedFetch } from '../../../net/guarded-fetch';
import type { SecretBox } from '../../../secrets/secret-box';
import type { ProviderSettings } from './providers';

/** What an AI answer needs of the server besides the request: the key's box, where providers are, the limits. */
export interface AiContext extends ProviderSettings {
  secrets: SecretBox;
  /** How long one answer may take in all. */
  timeoutMs: number;
  /** How long the provider may stay silent (before the first chunk and between chunks). */
  idleTimeoutMs: number;
}

export const defaultAiTimeoutMs = 60_000;
export const defaultAiIdleTimeoutMs = 20_000;

/** The context of one app, from its configuration: every provider call passes the private-address guard. */
export function aiContextOf(config: Config, secrets: SecretBox): AiContext {
  return {
    secrets,
    baseUrls: config.aiBaseUrls,
    fetch: guardedFetch({ allowPrivate: config.allowPrivateHosts }),
    timeoutMs: config.aiTimeoutMs ?? defaultAiTimeoutMs,
    idleTimeoutMs: config.aiIdleTimeoutMs ?? defaultAiIdleTimeoutMs,
  };
}

/*
 * AnswerRequest (answer-types.ts) carries the app's database and nothing else of the app; the rest is bound to that
 * database when the app is built (app.ts), so `answerQuestion` keeps the interface the conversation side calls, and
 * each app (tests build many) keeps its own secret key and settings.
 */
const contexts = new WeakMap<Db, AiContext>();

export function bindAiContext(db: Db, context: AiContext): void {
  contexts.set(db, context);
}

export function boundAiContext(db: Db): AiContext {
  const context = contexts.get(db);
  if (!context) throw new Error('No AI context is bound to this database: buildApp binds one (bindAiContext)');
  return context;
}
