import { randomUUID } from 'node:crypto';
import { CHAT_TOKEN_HEADER } from '@common/chatbots';
import { get, post, soon, type RouteCase } from './isolation-probes';

// The isolation cases of the routes anyone may call (each with why it is public), the account's own routes and the
// session's user (isolation-cases.ts).

const none = '00000000-0000-0000-0000-000000000000';

export const publicCases: Record<string, RouteCase> = {
  // Public: no session needed, each for its reason.
  'GET /api/openapi.json': { public: 'the API description, no user data', call: () => get('/api/openapi.json') },
  // The API reference (Swagger UI's page, its files and the same document): the API's description, no user data.
  // The page at the plugin's prefix without its slash: the route table lists only the HEAD Fastify adds beside it.
  'HEAD /api/docs': { public: 'the API reference', call: () => get('/api/docs') },
  'GET /api/docs/': { public: 'the API reference', call: () => get('/api/docs/') },
  'GET /api/docs/json': { public: 'the API reference’s document', call: () => get('/api/docs/json') },
  'GET /api/docs/yaml': { public: 'the API reference’s document', call: () => get('/api/docs/yaml') },
  'GET /api/docs/static/*': {
    public: 'the API reference’s files',
    call: () => get('/api/docs/static/swagger-ui.css'),
  },
  'GET /api/docs/static/theme/contrast.css': {
    public: 'the API reference’s colours',
    call: () => get('/api/docs/static/theme/contrast.css'),
  },
  'GET /api/docs/static/index.html': { public: 'the API reference', call: () => get('/api/docs/static/index.html') },
  'GET /api/docs/static/swagger-initializer.js': {
    public: 'the API reference’s start-up script',
    call: () => get('/api/docs/static/swagger-initializer.js'),
  },
  'GET /api/health': { public: 'the liveness check of load balancers', call: () => get('/api/health') },
  'POST /api/auth/sign-up': {
    public: 'making an account',
    call: () => ({
      method: 'POST',
      url: '/api/auth/sign-up',
      body: { name: 'Newcomer', email: `new-${randomUUID()}@example.com`, password: 'correct-horse-42' },
    }),
  },
  'POST /api/auth/sign-in': {
    public: 'getting a session',
    call: (w) => ({
      method: 'POST',
      url: '/api/auth/sign-in',
      body: { email: w.b.email, password: 'correct-horse-42' },
    }),
  },
  'POST /api/auth/sign-out': {
    public: 'ends the caller’s own session, if any',
    call: () => ({ method: 'POST', url: '/api/auth/sign-out' }),
  },
  'GET /api/auth/password-reset': {
    public: 'the forgot-password page asks whether this server mails reset links',
    call: () => get('/api/auth/password-reset'),
  },
  'POST /api/auth/password-reset': {
    public: 'a person who cannot sign in asks for a link (400 on a server without its own mail)',
    call: (w) => ({ method: 'POST', url: '/api/auth/password-reset', body: { email: w.a.email } }),
  },
  'POST /api/auth/password-reset/confirm': {
    public: 'the link’s token is the proof; a forged one changes nothing',
    call: () => ({
      method: 'POST',
      url: '/api/auth/password-reset/confirm',
      body: { token: 'not-a-token', newPassword: 'another-horse-77' },
    }),
  },
  // B's own account: a wrong current password changes nothing; ending B's other sessions keeps B's own.
  'POST /api/auth/change-password': {
    probes: () => [
      post(
        '/api/auth/change-password',
        { currentPassword: 'not-the-password-1', newPassword: 'another-horse-77' },
        400,
      ),
    ],
  },
  'POST /api/auth/sign-out-others': { probes: () => [post('/api/auth/sign-out-others', {}, 'own')] },
  'GET /api/calendar/feed/:token.ics': {
    public: 'calendar apps read it by its secret token, with no session',
    call: (w) => get(`/api/calendar/feed/${w.feedToken}.ics`),
  },
  'GET /api/avatars/:userId': {
    public: 'the booking page shows its owner’s picture to visitors',
    call: (w) => get(`/api/avatars/${w.a.id}`),
  },
  'GET /api/public/booking/:userId': {
    public: 'the public booking page (its owner’s name and settings only)',
    call: (w) => get(`/api/public/booking/${w.a.id}`),
  },
  'GET /api/public/booking/:userId/slots': {
    public: 'the public booking page’s free slots',
    call: (w) => get(`/api/public/booking/${w.a.id}/slots?date=${soon(3).slice(0, 10)}&tz=UTC`),
  },
  'POST /api/public/booking/:userId': {
    public: 'visitors book without an account',
    call: () =>
      post(`/api/public/booking/${none}`, {
        start: soon(3),
        name: 'Visitor',
        email: 'visitor@example.com',
        idempotencyKey: randomUUID(),
      }),
  },
  'GET /api/public/forms/:id': { public: 'form pages and embeds', call: (w) => get(`/api/public/forms/${w.formId}`) },
  'POST /api/public/forms/:id/submissions': {
    public: 'visitors submit forms without an account',
    call: () => post(`/api/public/forms/${none}/submissions`, { values: {}, idempotencyKey: randomUUID() }),
  },

  'GET /api/public/chatbots/:id': {
    public: 'the chat widget and page name the bot they talk with',
    call: (w) => get(`/api/public/chatbots/${w.liveBotId}`),
  },
  'OPTIONS /api/public/chatbots/*': {
    public: 'the chat widget on another site asks before it sends',
    call: (w) => ({ method: 'OPTIONS', url: `/api/public/chatbots/${w.liveBotId}/conversations` }),
  },
  'POST /api/public/chatbots/:id/conversations': {
    public: 'visitors chat without an account',
    call: (w) => post(`/api/public/chatbots/${w.liveBotId}/conversations`, {}),
  },
  'GET /api/public/chatbots/:id/conversations/:conversationId': {
    public: 'a visitor resumes their conversation by its token',
    call: (w) => ({
      ...get(`/api/public/chatbots/${w.liveBotId}/conversations/${w.chatConversationId}`),
      headers: { [CHAT_TOKEN_HEADER]: w.chatToken },
    }),
  },
  'POST /api/public/chatbots/:id/conversations/:conversationId/turns': {
    public: 'a visitor’s messages, by the conversation’s token',
    call: (w) => ({
      ...post(`/api/public/chatbots/${w.liveBotId}/conversations/${w.chatConversationId}/turns`, {
        type: 'text',
        text: 'Hello',
      }),
      headers: { [CHAT_TOKEN_HEADER]: w.chatToken },
    }),
  },

  'GET /api/session': {
    public: 'the web app’s session check: the caller’s own user, or null with no session',
    call: () => get('/api/session'),
  },

  'GET /api/me': { probes: () => [get('/api/me')] },
};
