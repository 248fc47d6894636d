import { createHmac, randomBytes } from 'node:crypto';

// A conversation's visitor token: a random secret the visitor's browser keeps (sent back as X-Chat-Token) and of
// which the database holds only a keyed hash, so a copy of the database resumes no one's conversation.

/** 256 random bits, URL-safe. */
export const newVisitorToken = () => randomBytes(32).toString('base64url');

/** The stored form of a token, keyed with the server's secret. */
export function hashVisitorToken(secret: string, token: string): string {
  return createHmac('sha256', secret).update(`chatbot-visitor-token\n${token}`).digest('base64url');
}
