import type { ApiRoute } from './api-route';

/**
 * The visitor's routes of a chatbot, method and path only: the public chat (and the widget's iframe) loads no zod
 * (its budget, bench/bundle.ts). Their schemas are in chatbots-api.ts.
 */
export const chatbotsPublicRoutes = {
  bot: { method: 'GET', path: '/api/public/chatbots/:id' },
  start: { method: 'POST', path: '/api/public/chatbots/:id/conversations' },
  resume: { method: 'GET', path: '/api/public/chatbots/:id/conversations/:conversationId' },
  /** Answered as server-sent events when the request accepts text/event-stream, else as JSON. */
  turn: { method: 'POST', path: '/api/public/chatbots/:id/conversations/:conversationId/turns' },
} as const satisfies Record<string, ApiRoute>;
