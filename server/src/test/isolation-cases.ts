import { randomUUID } from 'node:crypto';
import { CHAT_TOKEN_HEADER } from '@common/chatbots';
import { answerThenCaptureTemplate } from '@common/chatbot-templates';
import { MARKER, mailServer, type Call, type World } from './isolation-fixtures';

// The isolation matrix's table (isolation-matrix.test.ts): one entry per route of the server's route table.
// A signed-in route lists the calls user B makes with A's records at hand:
//  - 404: B names A's record (read, change, delete): 404, nothing of A's in the answer, A's data unchanged;
//  - 400: B links a record of their own to one of A's: refused with the field's message, nothing stored;
//  - own: B's own scope (lists, settings, creating): a 2xx with nothing of A's in it, A's data unchanged.
// The first call, sent with no session, must answer 401. A public route names why it is public instead.

export type Probe = Call & { expect: 404 | 400 | 'own' };
export type RouteCase = { public: string; call: (w: World) => Call } | { probes: (w: World) => Probe[] };

const get = (url: string, expect: Probe['expect'] = 'own'): Probe => ({ method: 'GET', url, expect });
const post = (url: string, body: unknown, expect: Probe['expect'] = 'own'): Probe => ({
  method: 'POST',
  url,
  body,
  expect,
});
const put = (url: string, body: unknown, expect: Probe['expect'] = 404): Probe => ({
  method: 'PUT',
  url,
  body,
  expect,
});
const patch = (url: string, body: unknown, expect: Probe['expect'] = 404): Probe => ({
  method: 'PATCH',
  url,
  body,
  expect,
});
/** A bare POST, as the web app sends "complete", "cancel" and "mark read". */
const bare = (url: string, expect: Probe['expect'] = 404): Probe => ({ method: 'POST', url, expect });
const del = (url: string): Probe => ({ method: 'DELETE', url, expect: 404 });

const soon = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
const form = (w: World) => ({
  name: 'Hijacked form',
  fields: [{ id: w.fieldId, type: 'name', label: 'Full Name', required: true }],
});
const knowledgeEntry = { kind: 'qa', title: 'Hijacked', body: 'Hijacked' };
const chatbotDraft = () => ({ ...answerThenCaptureTemplate(), start: null });
const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52]);
const none = '00000000-0000-0000-0000-000000000000';

export const routeCases: Record<string, RouteCase> = {
  // Public: no session needed, each for its reason.
  'GET /api/openapi.json': { public: 'the API description, no user data', call: () => get('/api/openapi.json') },
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

  'GET /api/contacts': { probes: () => [get('/api/contacts'), get(`/api/contacts?q=${MARKER}`)] },
  'GET /api/contacts/count': { probes: () => [get('/api/contacts/count')] },
  'GET /api/contacts/export': { probes: () => [get('/api/contacts/export')] },
  'POST /api/contacts/import': {
    // A's contact's e-mail with "update": B's import only ever matches B's own contacts.
    probes: () => [
      {
        method: 'POST',
        url: '/api/contacts/import',
        parts: [
          { name: 'mapping', bytes: JSON.stringify({ name: 0, email: 1 }) },
          { name: 'duplicates', bytes: 'update' },
          { name: 'file', filename: 'contacts.csv', type: 'text/csv', bytes: 'Name,Email\nImpostor,zc@example.com\n' },
        ],
        expect: 'own',
      },
    ],
  },
  'GET /api/contacts/:id/details': { probes: (w) => [get(`/api/contacts/${w.contactId}/details`, 404)] },
  'GET /api/contacts/:id': { probes: (w) => [get(`/api/contacts/${w.contactId}`, 404)] },
  'POST /api/contacts': { probes: () => [post('/api/contacts', { name: 'Bob contact', email: 'zc@example.com' })] },
  'PATCH /api/contacts/:id': { probes: (w) => [patch(`/api/contacts/${w.contactId}`, { name: 'Hijacked' })] },
  'DELETE /api/contacts/:id': { probes: (w) => [del(`/api/contacts/${w.contactId}`)] },

  'GET /api/pipelines': { probes: () => [get('/api/pipelines')] },
  'POST /api/pipelines': { probes: () => [post('/api/pipelines', { name: 'Bob second' })] },
  'PATCH /api/pipelines/:id': { probes: (w) => [patch(`/api/pipelines/${w.pipelineId}`, { name: 'Hijacked' })] },
  'DELETE /api/pipelines/:id': { probes: (w) => [del(`/api/pipelines/${w.pipelineId}`)] },
  'POST /api/pipelines/:id/default': { probes: (w) => [bare(`/api/pipelines/${w.pipelineId}/default`)] },
  'POST /api/pipelines/:id/stages': {
    probes: (w) => [post(`/api/pipelines/${w.pipelineId}/stages`, { name: 'Hijacked' }, 404)],
  },
  'POST /api/pipelines/:id/stages/remove': {
    probes: (w) => [post(`/api/pipelines/${w.pipelineId}/stages/remove`, { name: w.stages.at(-1) }, 404)],
  },
  'POST /api/pipelines/:id/stages/rename': {
    probes: (w) => [post(`/api/pipelines/${w.pipelineId}/stages/rename`, { from: w.stages[0], to: 'Hijacked' }, 404)],
  },
  'PUT /api/pipelines/:id/stages': {
    probes: (w) => [put(`/api/pipelines/${w.pipelineId}/stages`, { stages: [...w.stages].reverse() })],
  },

  'GET /api/deals/board': { probes: (w) => [get(`/api/deals/board?pipelineId=${w.pipelineId}`, 404)] },
  'GET /api/deals': { probes: (w) => [get(`/api/deals?pipelineId=${w.pipelineId}&stage=${w.stages[0]}`, 404)] },
  'GET /api/deals/options': { probes: () => [get('/api/deals/options'), get(`/api/deals/options?q=${MARKER}`)] },
  'GET /api/deals/:id': { probes: (w) => [get(`/api/deals/${w.dealId}`, 404)] },
  'POST /api/deals': {
    probes: (w) => [
      post('/api/deals', { name: 'Bob deal', pipelineId: w.bPipelineId, stage: 'Lead' }),
      post('/api/deals', { name: 'Bob deal', pipelineId: w.pipelineId, stage: w.stages[0] }, 400),
      post('/api/deals', { name: 'Bob deal', pipelineId: w.bPipelineId, stage: 'Lead', contactId: w.contactId }, 400),
    ],
  },
  'PATCH /api/deals/:id': {
    probes: (w) => [
      patch(`/api/deals/${w.dealId}`, { name: 'Hijacked', pipelineId: w.pipelineId, stage: w.stages[1] }),
      patch(`/api/deals/${w.dealId}`, { name: 'Hijacked', pipelineId: w.bPipelineId, stage: 'Lead' }),
    ],
  },
  'PATCH /api/deals/:id/stage': { probes: (w) => [patch(`/api/deals/${w.dealId}/stage`, { stage: w.stages[1] })] },
  'DELETE /api/deals/:id': { probes: (w) => [del(`/api/deals/${w.dealId}`)] },

  'GET /api/deals/:dealId/activities': { probes: (w) => [get(`/api/deals/${w.dealId}/activities`, 404)] },
  'POST /api/deals/:dealId/activities': {
    probes: (w) => [
      post(
        `/api/deals/${w.dealId}/activities`,
        { activityType: 'call', description: 'Hijacked', dueDate: soon(1) },
        404,
      ),
    ],
  },
  'POST /api/deals/:dealId/activities/:id/complete': {
    probes: (w) => [bare(`/api/deals/${w.dealId}/activities/${w.activityId}/complete`)],
  },
  'DELETE /api/deals/:dealId/activities/:id': {
    probes: (w) => [del(`/api/deals/${w.dealId}/activities/${w.activityId}`)],
  },

  'GET /api/calendar': { probes: () => [get(`/api/calendar?from=${soon(-1)}&to=${soon(30)}`)] },
  'GET /api/calendar/integration': { probes: () => [get('/api/calendar/integration')] },
  'PUT /api/calendar/integration': {
    probes: () => [put('/api/calendar/integration', { googleClientId: 'bob-client', googleClientSecret: '' }, 'own')],
  },
  'POST /api/calendar/integration/token': { probes: () => [bare('/api/calendar/integration/token', 'own')] },

  'GET /api/projects/board': { probes: () => [get('/api/projects/board')] },
  'GET /api/projects': { probes: () => [get('/api/projects'), get(`/api/projects?q=${MARKER}`)] },
  'GET /api/projects/:id': { probes: (w) => [get(`/api/projects/${w.projectId}`, 404)] },
  'POST /api/projects': { probes: () => [post('/api/projects', { name: 'Bob project' })] },
  'PUT /api/projects/:id': { probes: (w) => [put(`/api/projects/${w.projectId}`, { name: 'Hijacked' })] },
  'PATCH /api/projects/:id/status': {
    probes: (w) => [patch(`/api/projects/${w.projectId}/status`, { status: 'Review' })],
  },
  'DELETE /api/projects/:id': { probes: (w) => [del(`/api/projects/${w.projectId}`)] },

  'GET /api/tasks/board': {
    probes: (w) => [get('/api/tasks/board'), get(`/api/tasks/board?projectId=${w.projectId}`)],
  },
  'GET /api/tasks': {
    probes: (w) => [
      get('/api/tasks'),
      get(`/api/tasks?q=${MARKER}`),
      get(`/api/tasks?projectId=${w.projectId}&categoryId=${w.categoryId}`),
    ],
  },
  'GET /api/tasks/:id': { probes: (w) => [get(`/api/tasks/${w.taskId}`, 404)] },
  'POST /api/tasks': {
    probes: (w) => [
      post('/api/tasks', { name: 'Bob task' }),
      post('/api/tasks', { name: 'Bob task', projectId: w.projectId }, 400),
      post('/api/tasks', { name: 'Bob task', dealId: w.dealId }, 400),
      post('/api/tasks', { name: 'Bob task', categoryId: w.categoryId }, 400),
    ],
  },
  'PUT /api/tasks/:id': { probes: (w) => [put(`/api/tasks/${w.taskId}`, { name: 'Hijacked' })] },
  'PATCH /api/tasks/:id/status': { probes: (w) => [patch(`/api/tasks/${w.taskId}/status`, { status: 'Done' })] },
  'DELETE /api/tasks/:id': { probes: (w) => [del(`/api/tasks/${w.taskId}`)] },

  'GET /api/task-categories': { probes: () => [get('/api/task-categories')] },
  'POST /api/task-categories': { probes: () => [post('/api/task-categories', { name: 'Bob category' })] },
  'PATCH /api/task-categories/:id': {
    probes: (w) => [patch(`/api/task-categories/${w.categoryId}`, { name: 'Hijacked' })],
  },
  'DELETE /api/task-categories/:id': { probes: (w) => [del(`/api/task-categories/${w.categoryId}`)] },

  'PATCH /api/profile': { probes: () => [patch('/api/profile', { name: 'Bob B' }, 'own')] },
  'POST /api/profile/avatar': {
    probes: () => [
      {
        method: 'POST',
        url: '/api/profile/avatar',
        parts: [{ name: 'avatar', filename: 'me.png', type: 'image/png', bytes: png }],
        expect: 'own',
      },
    ],
  },
  'DELETE /api/profile/avatar': { probes: () => [{ method: 'DELETE', url: '/api/profile/avatar', expect: 'own' }] },
  'GET /api/profile/availability': { probes: () => [get('/api/profile/availability')] },
  'PUT /api/profile/availability/:day': {
    probes: () => [
      put('/api/profile/availability/1', { isAvailable: false, startTime: '09:00', endTime: '17:00' }, 'own'),
    ],
  },

  'GET /api/chatbots': { probes: () => [get('/api/chatbots')] },
  'POST /api/chatbots': { probes: () => [post('/api/chatbots', { name: 'Bob second bot' })] },
  'GET /api/chatbots/:id': { probes: (w) => [get(`/api/chatbots/${w.chatbotId}`, 404)] },
  'PATCH /api/chatbots/:id': {
    probes: (w) => [
      patch(`/api/chatbots/${w.chatbotId}`, { name: 'Hijacked', isActive: true, draftFlow: chatbotDraft() }),
    ],
  },
  'DELETE /api/chatbots/:id': { probes: (w) => [del(`/api/chatbots/${w.chatbotId}`)] },
  'POST /api/chatbots/:id/publish': { probes: (w) => [bare(`/api/chatbots/${w.chatbotId}/publish`)] },
  'GET /api/chatbots/:id/knowledge': { probes: (w) => [get(`/api/chatbots/${w.chatbotId}/knowledge`, 404)] },
  'POST /api/chatbots/:id/knowledge': {
    probes: (w) => [post(`/api/chatbots/${w.chatbotId}/knowledge`, knowledgeEntry, 404)],
  },
  'PATCH /api/chatbots/:id/knowledge/:entryId': {
    probes: (w) => [
      patch(`/api/chatbots/${w.chatbotId}/knowledge/${w.knowledgeId}`, knowledgeEntry),
      patch(`/api/chatbots/${w.bChatbotId}/knowledge/${w.knowledgeId}`, knowledgeEntry),
    ],
  },
  'DELETE /api/chatbots/:id/knowledge/:entryId': {
    probes: (w) => [
      del(`/api/chatbots/${w.chatbotId}/knowledge/${w.knowledgeId}`),
      del(`/api/chatbots/${w.bChatbotId}/knowledge/${w.knowledgeId}`),
    ],
  },
  'GET /api/chatbots/:id/conversations': {
    probes: (w) => [
      get(`/api/chatbots/${w.chatbotId}/conversations`, 404),
      get(`/api/chatbots/${w.bChatbotId}/conversations?q=${MARKER}`),
    ],
  },
  'GET /api/chatbots/:id/conversations/:conversationId': {
    probes: (w) => [
      get(`/api/chatbots/${w.chatbotId}/conversations/${w.conversationId}`, 404),
      get(`/api/chatbots/${w.bChatbotId}/conversations/${w.conversationId}`, 404),
    ],
  },
  'GET /api/scheduling/settings': { probes: () => [get('/api/scheduling/settings')] },
  'PATCH /api/scheduling/settings': { probes: () => [patch('/api/scheduling/settings', { timeFormat: '12h' }, 'own')] },
  'GET /api/settings/ai': { probes: () => [get('/api/settings/ai')] },
  'PUT /api/settings/ai': {
    probes: () => [put('/api/settings/ai', { provider: 'openai', model: 'gpt-4', apiKey: 'sk-bob-key' }, 'own')],
  },

  'GET /api/email-accounts': { probes: () => [get('/api/email-accounts')] },
  'POST /api/email-accounts': {
    // A's address again: accounts are per user, so B may add the same one.
    probes: () => [
      post('/api/email-accounts', { email: 'zanzibar@example.com', pop3: mailServer('bob'), smtp: mailServer('bob') }),
    ],
  },
  'PUT /api/email-accounts/:id': {
    probes: (w) => [
      put(`/api/email-accounts/${w.emailAccountId}`, {
        email: 'hijacked@example.com',
        pop3: mailServer('bob'),
        smtp: mailServer('bob'),
      }),
    ],
  },
  'DELETE /api/email-accounts/:id': { probes: (w) => [del(`/api/email-accounts/${w.emailAccountId}`)] },

  'GET /api/email/messages': {
    probes: (w) => [
      get('/api/email/messages'),
      get(`/api/email/messages?folder=starred&q=${MARKER}`),
      get(`/api/email/messages?customFolderId=${w.emailFolderId}`, 404),
    ],
  },
  'GET /api/email/unread': { probes: () => [get('/api/email/unread')] },
  'GET /api/email/messages/:id': { probes: (w) => [get(`/api/email/messages/${w.emailMessageId}`, 404)] },
  'PATCH /api/email/messages/:id': {
    probes: (w) => [patch(`/api/email/messages/${w.emailMessageId}`, { isRead: true, folder: 'trash' })],
  },
  'DELETE /api/email/messages/:id': { probes: (w) => [del(`/api/email/messages/${w.emailMessageId}`)] },
  'GET /api/email/messages/:id/attachments/:attachmentId': {
    probes: (w) => [get(`/api/email/messages/${w.emailMessageId}/attachments/${w.emailAttachmentId}`, 404)],
  },
  // B names A's account to check or send with: 404, and nothing reaches A's mail server.
  'POST /api/email/check': { probes: (w) => [post('/api/email/check', { accountId: w.emailAccountId }, 404)] },
  'POST /api/email/send': {
    probes: (w) => [
      post(
        '/api/email/send',
        { accountId: w.emailAccountId, to: 'zc@example.com', cc: '', bcc: '', subject: 'Hi', content: 'Hello' },
        404,
      ),
    ],
  },
  'GET /api/email/folders': { probes: () => [get('/api/email/folders')] },
  'POST /api/email/folders': { probes: () => [post('/api/email/folders', { name: 'Bob folder' })] },
  'PUT /api/email/folders/:id': { probes: (w) => [put(`/api/email/folders/${w.emailFolderId}`, { name: 'Hijacked' })] },
  'DELETE /api/email/folders/:id': { probes: (w) => [del(`/api/email/folders/${w.emailFolderId}`)] },
  'GET /api/contacts/:id/emails': { probes: (w) => [get(`/api/contacts/${w.contactId}/emails`, 404)] },
  'GET /api/deals/:id/emails': { probes: (w) => [get(`/api/deals/${w.dealId}/emails`, 404)] },

  'GET /api/dashboard': { probes: () => [get('/api/dashboard?tz=UTC')] },

  'GET /api/bookings': { probes: () => [get('/api/bookings')] },
  'GET /api/bookings/:id': { probes: (w) => [get(`/api/bookings/${w.bookingId}`, 404)] },
  'POST /api/bookings/:id/cancel': { probes: (w) => [bare(`/api/bookings/${w.bookingId}/cancel`)] },

  'GET /api/forms': { probes: () => [get('/api/forms')] },
  'GET /api/forms/:id': { probes: (w) => [get(`/api/forms/${w.formId}`, 404)] },
  'POST /api/forms': { probes: (w) => [post('/api/forms', form(w))] },
  'PUT /api/forms/:id': { probes: (w) => [put(`/api/forms/${w.formId}`, form(w))] },
  'DELETE /api/forms/:id': { probes: (w) => [del(`/api/forms/${w.formId}`)] },
  'GET /api/forms/:id/submissions': { probes: (w) => [get(`/api/forms/${w.formId}/submissions`, 404)] },
  'GET /api/forms/:id/submissions.csv': { probes: (w) => [get(`/api/forms/${w.formId}/submissions.csv`, 404)] },

  'GET /api/notifications': { probes: () => [get('/api/notifications')] },
  'GET /api/notifications/unread': { probes: () => [get('/api/notifications/unread')] },
  'POST /api/notifications/read-all': { probes: () => [bare('/api/notifications/read-all', 'own')] },
  'POST /api/notifications/:id/read': { probes: (w) => [bare(`/api/notifications/${w.notificationId}/read`)] },
  'GET /api/notifications/settings': { probes: () => [get('/api/notifications/settings')] },
  'PUT /api/notifications/settings': {
    probes: () => [
      put('/api/notifications/settings', { formSubmissions: false, bookings: false, overdue: false }, 'own'),
    ],
  },

  'GET /api/search': { probes: () => [get(`/api/search?q=${MARKER}`)] },
};
