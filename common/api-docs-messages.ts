/**
 * The words of the API reference at /api/docs: its title, how to authenticate, and the areas its routes are grouped
 * by. The server writes them into the OpenAPI document; the reference's page shows them.
 */
export const apiDocsMessages = {
  title: 'Pipewise API',
  description: [
    'The REST API of Pipewise: every route the web app calls, with the schemas that validate its requests.',
    '',
    '**Authentication.** A route with a lock needs one of two things:',
    '- an **API key**, sent as `Authorization: Bearer <key>` (made under Settings → API Keys). A key reaches only',
    '  the areas of its scopes (read, or read and write, per area); another area answers 403, a revoked or expired',
    '  key 401. Keys are limited to 600 requests a minute by default (an operator setting): beyond it the answer is',
    '  429 with `Retry-After`. A key in a query string is never accepted.',
    '- a **session**: the cookie that signing in (`POST /api/auth/sign-in`) sets, as the web app uses it. Writes',
    '  with a session must come from the server’s own origin.',
    '',
    'Routes without a lock (the public form, booking and chatbot pages, signing in) need neither.',
    '',
    '**Errors.** Every error answers `{ error, fields? }`: bad input 400 with a message per field, another',
    'user’s record 404.',
  ].join('\n'),
  apiKeyScheme: 'An API key: `Authorization: Bearer <key>`, within its scopes and rate limit.',
  sessionScheme: 'The session cookie of a signed-in browser (`POST /api/auth/sign-in` sets it).',
} as const;

/** The areas the reference groups its routes by, in the order it shows them, each with what it holds. */
export const apiDocsTags = [
  { name: 'auth', description: 'Signing up, in and out; passwords; the session.' },
  { name: 'workspace', description: 'The workspace, its members and invitations.' },
  { name: 'dashboard', description: 'The dashboard’s figures.' },
  { name: 'contacts', description: 'Contacts, their import and export.' },
  { name: 'pipelines', description: 'Pipelines and their stages.' },
  { name: 'deals', description: 'Deals and their follow-up activities.' },
  { name: 'projects', description: 'Projects.' },
  { name: 'tasks', description: 'Tasks and task categories.' },
  { name: 'calendar', description: 'The calendar and its feed.' },
  { name: 'forms', description: 'Lead-capture forms, their public pages and submissions.' },
  { name: 'bookings', description: 'Bookings and the public booking page.' },
  { name: 'scheduling', description: 'Booking settings.' },
  { name: 'chatbots', description: 'Chatbots, their knowledge, and their public conversations.' },
  { name: 'email', description: 'Mail accounts, folders and messages.' },
  { name: 'notifications', description: 'Notifications and their settings.' },
  { name: 'search', description: 'Search across areas.' },
  { name: 'profile', description: 'The user’s profile, picture and availability.' },
  { name: 'settings', description: 'AI provider settings.' },
  { name: 'api-keys', description: 'The member’s API keys (with a session only).' },
  { name: 'webhooks', description: 'The workspace’s webhook endpoints and their delivery logs (Owner and Admins).' },
] as const;

export type ApiDocsTag = (typeof apiDocsTags)[number]['name'];
