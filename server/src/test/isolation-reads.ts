import type { World } from './isolation-world';

// A's data as A reads it back, before and after B's calls (isolation-matrix.test.ts, abuse.test.ts).

/** What A reads back to see that a case changed nothing of theirs. */
export const aReads = {
  me: () => '/api/me',
  contact: (w: World) => `/api/contacts/${w.contactId}/details`,
  contacts: () => '/api/contacts?limit=100',
  pipelines: () => '/api/pipelines',
  deal: (w: World) => `/api/deals/${w.dealId}`,
  activities: (w: World) => `/api/deals/${w.dealId}/activities`,
  project: (w: World) => `/api/projects/${w.projectId}`,
  task: (w: World) => `/api/tasks/${w.taskId}`,
  categories: () => '/api/task-categories',
  emailAccounts: () => '/api/email-accounts',
  emailMessage: (w: World) => `/api/email/messages/${w.emailMessageId}`,
  emailFolders: () => '/api/email/folders',
  form: (w: World) => `/api/forms/${w.formId}`,
  submissions: (w: World) => `/api/forms/${w.formId}/submissions`,
  booking: (w: World) => `/api/bookings/${w.bookingId}`,
  notifications: () => '/api/notifications',
  notificationSettings: () => '/api/notifications/settings',
  availability: () => '/api/profile/availability',
  scheduling: () => '/api/scheduling/settings',
  ai: () => '/api/settings/ai',
  calendarIntegration: () => '/api/calendar/integration',
  caldav: () => '/api/calendar/integration/caldav',
  chatbot: (w: World) => `/api/chatbots/${w.chatbotId}`,
  knowledge: (w: World) => `/api/chatbots/${w.chatbotId}/knowledge`,
  conversations: (w: World) => `/api/chatbots/${w.chatbotId}/conversations`,
  workspaces: () => '/api/workspaces',
  members: () => '/api/workspace/members',
  people: () => '/api/workspace/people',
  invitations: () => '/api/workspace/invitations',
  conversation: (w: World) => `/api/chatbots/${w.chatbotId}/conversations/${w.conversationId}`,
} satisfies Record<string, (w: World) => string>;
export type ReadKey = keyof typeof aReads;

/** A's view of these reads: status and body of each. */
export async function readAsA(w: World, keys: readonly ReadKey[]): Promise<Record<string, unknown>> {
  const view: Record<string, unknown> = {};
  for (const key of keys) {
    const res = await w.a.get(aReads[key](w));
    view[key] = { status: res.statusCode, body: res.body ? res.json<unknown>() : null };
  }
  return view;
}
