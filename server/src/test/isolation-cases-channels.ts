import { answerThenCaptureTemplate } from '@common/chatbot-templates';
import { bare, del, get, patch, post, put, type RouteCase } from './isolation-probes';
import { MARKER, mailServer, type World } from './isolation-world';

// The isolation cases of the ways in and out (isolation-cases.ts): chatbots, mail, bookings, forms and notifications,
// with the settings they read, the dashboard and search.

const form = (w: World) => ({
  name: 'Hijacked form',
  fields: [{ id: w.fieldId, type: 'name', label: 'Full Name', required: true }],
});
const knowledgeEntry = { kind: 'qa', title: 'Hijacked', body: 'Hijacked' };
const chatbotDraft = () => ({ ...answerThenCaptureTemplate(), start: null });

const endpoint = { url: 'https://example.com/bob-hook', events: ['contact.created'] };

export const channelCases: Record<string, RouteCase> = {
  'GET /api/webhooks': { probes: () => [get('/api/webhooks')] },
  'POST /api/webhooks': { probes: () => [post('/api/webhooks', endpoint)] },
  'PATCH /api/webhooks/:id': { probes: (w) => [patch(`/api/webhooks/${w.webhookId}`, { enabled: false })] },
  'DELETE /api/webhooks/:id': { probes: (w) => [del(`/api/webhooks/${w.webhookId}`)] },
  'GET /api/webhooks/:id/deliveries': { probes: (w) => [get(`/api/webhooks/${w.webhookId}/deliveries`, 404)] },
  'POST /api/webhooks/:id/test': { probes: (w) => [post(`/api/webhooks/${w.webhookId}/test`, {}, 404)] },
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

  'GET /api/api-keys': { probes: () => [get('/api/api-keys')] },
  'POST /api/api-keys': {
    probes: () => [post('/api/api-keys', { name: 'Bob key', scopes: { contacts: 'write' }, expiresInDays: 30 })],
  },
  'DELETE /api/api-keys/:id': { probes: (w) => [del(`/api/api-keys/${w.apiKeyId}`)] },

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
  // B reads how A's 'Check Mail' went: not found by account, and none of A's accounts in B's own.
  'GET /api/email/check': {
    probes: (w) => [get(`/api/email/check?accountId=${w.emailAccountId}`, 404), get('/api/email/check')],
  },
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
      put(
        '/api/notifications/settings',
        { formSubmissions: false, bookings: false, overdue: false, assignments: false },
        'own',
      ),
    ],
  },

  'GET /api/search': { probes: () => [get(`/api/search?q=${MARKER}`)] },
};
