import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { UserClient } from './test-app';
import { MARKER, type World } from './isolation-world';
import { join, joined } from './workspace-kit';

// The isolation matrix's teams (issue 29), beside its world (isolation-world.ts): A's workspace ("workspace 1")
// gets Olive, a Member on "own records", and Dee, an Admin; B's ("workspace 2") gets Ada, an Admin, Eve, a Member,
// and Dee again, a Member there, working in it.

/** The names of Olive's records and of those assigned to her: she sees them, no one outside workspace 1 does. */
export const TEAM_MARKER = 'Quendaq';

export interface Team {
  /** Workspace 1's Member on "own records", working in it. */
  olive: UserClient;
  /** Workspace 1's Admin and workspace 2's Member, working in workspace 2. */
  dee: UserClient;
  /** Workspace 2's Admin and a Member (role changes and removals are tried on Eve). */
  ada: UserClient;
  eve: UserClient;
  /** Olive's records in workspace 1, in A's pipeline. */
  olive$: {
    contactId: string;
    dealId: string;
    activityId: string;
    projectId: string;
    categoryId: string;
    taskId: string;
    formId: string;
    chatbotId: string;
  };
  /** A's task and A's deal's activity assigned to Olive; the deal stays A's, the calendar names it. */
  assigned: { taskId: string; dealId: string; activityId: string };
  /** A's task in Olive's project, due now, not assigned to her: hidden from her, out of her project's progress. */
  aTaskInOliveProjectId: string;
  /** Dee's own records of workspace 1, one deal won (this month's revenue): never in workspace 2, where she works. */
  dee$: { contactId: string; dealId: string; projectId: string; taskId: string; wonDealId: string };
  /** Workspace 2's records (B's), its second pipeline and a pending invitation. */
  w2: {
    workspaceId: string;
    contactId: string;
    dealId: string;
    taskId: string;
    projectId: string;
    secondPipelineId: string;
    webhookId: string;
    invitationId: string;
  };
}

const soon = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

async function created(res: Promise<LightMyRequestResponse>): Promise<string> {
  const answer = await res;
  expect(answer.statusCode, answer.body).toBeLessThan(300);
  return answer.json<{ id: string }>().id;
}

/** One of each record the visibility and workspace checks count, named `name …`. */
async function records(user: UserClient, name: string, pipelineId: string) {
  const contactId = await created(user.post('/api/contacts', { name: `${name} contact`, email: null }));
  const dealId = await created(
    user.post('/api/deals', { name: `${name} deal`, pipelineId, stage: 'Lead', value: 250, contactId }),
  );
  const projectId = await created(user.post('/api/projects', { name: `${name} project` }));
  const taskId = await created(user.post('/api/tasks', { name: `${name} task`, projectId, dueDate: soon(1) }));
  return { contactId, dealId, projectId, taskId };
}

export async function makeTeam(w: World): Promise<Team> {
  const olive = await joined(w.app, w.a, 'olive', 'member');
  const visibility = await w.a.patch(`/api/workspace/members/${olive.id}`, { visibility: 'own' });
  expect(visibility.statusCode, visibility.body).toBe(200);
  const dee = await joined(w.app, w.a, 'dee', 'admin');

  const mine = await records(olive, `${TEAM_MARKER} Olive`, w.pipelineId);
  const olive$ = {
    ...mine,
    activityId: await created(
      olive.post(`/api/deals/${mine.dealId}/activities`, {
        activityType: 'call',
        description: `${TEAM_MARKER} Olive call`,
        dueDate: soon(2),
      }),
    ),
    categoryId: await created(olive.post('/api/task-categories', { name: `${TEAM_MARKER} Olive category` })),
    formId: await created(
      olive.post('/api/forms', {
        name: `${TEAM_MARKER} Olive form`,
        fields: [{ id: randomUUID(), type: 'name', label: 'Full Name', required: true }],
      }),
    ),
    chatbotId: await created(olive.post('/api/chatbots', { name: `${TEAM_MARKER} Olive bot` })),
  };
  const assignedDealId = await created(
    w.a.post('/api/deals', { name: `${TEAM_MARKER} Ann deal`, pipelineId: w.pipelineId, stage: 'Lead', value: 900 }),
  );
  const assigned = {
    dealId: assignedDealId,
    taskId: await created(
      w.a.post('/api/tasks', { name: `${TEAM_MARKER} task for Olive`, dueDate: soon(1), assignedUserId: olive.id }),
    ),
    activityId: await created(
      w.a.post(`/api/deals/${assignedDealId}/activities`, {
        activityType: 'meeting',
        description: `${TEAM_MARKER} meeting for Olive`,
        dueDate: soon(2),
        assignedUserId: olive.id,
      }),
    ),
  };
  const aTaskInOliveProjectId = await created(
    w.a.post('/api/tasks', {
      name: `${MARKER} task in Olive’s project`,
      projectId: olive$.projectId,
      dueDate: soon(0),
    }),
  );
  const dee$ = {
    ...(await records(dee, `${MARKER} Dee`, w.pipelineId)),
    wonDealId: await created(
      dee.post('/api/deals', { name: `${MARKER} Dee won deal`, pipelineId: w.pipelineId, stage: 'Won', value: 500 }),
    ),
  };

  // Workspace 2: B's records, a second pipeline, a pending invitation; Dee joins last, so it is where she works.
  const w2Records = await records(w.b, 'Bob', w.bPipelineId);
  const secondPipelineId = await created(w.b.post('/api/pipelines', { name: 'Bob renewals' }));
  const webhookId = await created(
    w.b.post('/api/webhooks', { url: 'https://example.com/bob-team-hook', events: ['contact.created'] }),
  );
  const invited = await w.b.post('/api/workspace/invitations', { email: 'bobs-invitee@example.com', role: 'member' });
  expect(invited.statusCode, invited.body).toBe(201);
  const ada = await joined(w.app, w.b, 'ada', 'admin');
  const eve = await joined(w.app, w.b, 'eve', 'member');
  await join(w.b, dee, 'member');

  return {
    olive,
    dee,
    ada,
    eve,
    olive$,
    assigned,
    aTaskInOliveProjectId,
    dee$,
    w2: {
      workspaceId: w.b.id,
      ...w2Records,
      secondPipelineId,
      webhookId,
      invitationId: invited.json<{ invitation: { id: string } }>().invitation.id,
    },
  };
}
