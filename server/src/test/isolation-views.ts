import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { send } from './isolation-requests';
import type { UserClient } from './test-app';

// Every list, board, count, search, export and calendar of the shared records, read by one member: each holds
// exactly the records of the workspace the member sees (isolation-workspaces and isolation-visibility tests).

/** Records by kind: ids, and for the views without ids (the CSV export, the .ics feed) names. */
export interface Records {
  contacts: string[];
  contactNames: string[];
  deals: string[];
  projects: string[];
  tasks: string[];
  categories: string[];
  forms: string[];
  chatbots: string[];
  /** Tasks and deal activities due in the next days. */
  events: string[];
  /** The names of the tasks and activities in the member's .ics feed. */
  feedNames: string[];
}

export interface View {
  view: string;
  url: string;
  /** Answered without a session (the feed is read by its token). */
  anonymous?: boolean;
  /** What the answer must hold, and of what the member does not see, none. */
  shown: string[];
  hidden: string[];
}

const soon = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

/** The views of a member whose workspace's deals are in `pipelineId` and whose feed is `feedPath`. */
export function viewsOf(pipelineId: string, feedPath: string, shown: Records, hidden: Records): View[] {
  const of = (view: string, url: string, kind: keyof Records): View => ({
    view,
    url,
    shown: shown[kind],
    hidden: hidden[kind],
  });
  const search = (kind: 'contacts' | 'deals' | 'projects' | 'tasks' | 'forms', term: string): View =>
    of(`search for "${term}"`, `/api/search?q=${term}`, kind);
  return [
    of('contacts', '/api/contacts?limit=100', 'contacts'),
    of('contacts found by a term', '/api/contacts?limit=100&q=contact', 'contacts'),
    of('contacts export', '/api/contacts/export', 'contactNames'),
    of('deals board', `/api/deals/board?pipelineId=${pipelineId}`, 'deals'),
    of('deals column', `/api/deals?pipelineId=${pipelineId}&stage=Lead&limit=100`, 'deals'),
    of('deal picker', '/api/deals/options', 'deals'),
    of('projects', '/api/projects?limit=100', 'projects'),
    of('projects board', '/api/projects/board', 'projects'),
    of('tasks', '/api/tasks?limit=100', 'tasks'),
    of('tasks board', '/api/tasks/board', 'tasks'),
    of('task categories', '/api/task-categories', 'categories'),
    of('forms', '/api/forms', 'forms'),
    of('chatbots', '/api/chatbots', 'chatbots'),
    of('calendar', `/api/calendar?from=${soon(-1)}&to=${soon(30)}`, 'events'),
    { ...of('calendar feed', feedPath, 'feedNames'), anonymous: true },
    search('contacts', 'contact'),
    search('deals', 'deal'),
    search('projects', 'project'),
    search('tasks', 'task'),
    search('forms', 'form'),
  ];
}

/** What of the view's records the member's answer holds, in the order `shown` then `hidden` lists them. */
export async function readView(app: FastifyInstance, member: UserClient, view: View): Promise<string[]> {
  const res = await send(app, view.anonymous ? null : member.cookie, { method: 'GET', url: view.url });
  expect(res.statusCode, `${view.url} → ${res.body.slice(0, 300)}`).toBe(200);
  return [...view.shown, ...view.hidden].filter((record) => res.body.includes(record));
}
