import { get, post } from './api-route';

/**
 * The visitor's routes of a chatbot, method and path only: the public chat (and the widget's iframe) loads no zod
 * (its budget, bench/bundle.ts). Their schemas are in chatbots-api.ts.
 */
export const chatbotsPublicRoutes = {
  bot: get('/api/public/chatbots/:id'),
  start: post('/api/public/chatbots/:id/conversations'),
  resume: get('/api/public/chatbots/:id/conversations/:conversationId'),
  /** Answered as server-sent events when the request accepts text/event-stream, else as JSON. */
  turn: post('/api/public/chatbots/:id/conversations/:conversationId/turns'),
};
