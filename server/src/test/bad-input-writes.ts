import { answerThenCaptureTemplate } from '@common/chatbot-templates';
import { chatbotFlows } from '../db/schema';
import { signUp, type TestApp, type UserClient } from './test-app';

// The bad-input battery's writes (server/src/http/bad-input.test.ts): the records its routes aim at, and every
// write route. Later areas add their routes to this list, and their reads to bad-input-reads.ts.

export const none = '00000000-0000-0000-0000-000000000000';

/** One record of each kind, the user's own. */
export interface Targets {
  user: UserClient;
  contactId: string;
  pipelineId: string;
  dealId: string;
  activityId: string;
  projectId: string;
  taskId: string;
  categoryId: string;
  emailAccountId: string;
  formId: string;
  chatbotId: string;
  /** A bot made live in the database (the visitor's routes), beside the owner's bot made over the API. */
  liveBotId: string;
  conversationId: string;
  knowledgeId: string;
}

export async function makeTargets(t: TestApp): Promise<Targets> {
  const user = await signUp(t.app, 'fuzz');
  const contactId = (await user.post('/api/contacts', { name: 'Target' })).json().id;
  const pipelineId = (await user.post('/api/pipelines', { name: 'Target' })).json().id;
  const dealId = (await user.post('/api/deals', { name: 'Target', pipelineId, stage: 'Lead' })).json().id;
  const activityId = (
    await user.post(`/api/deals/${dealId}/activities`, {
      activityType: 'call',
      description: 'Target',
      dueDate: '2030-01-01T10:00:00Z',
    })
  ).json().id;
  const projectId = (await user.post('/api/projects', { name: 'Target' })).json().id;
  const categoryId = (await user.post('/api/task-categories', { name: 'Target' })).json().id;
  const taskId = (await user.post('/api/tasks', { name: 'Target', projectId, categoryId })).json().id;
  const mailServer = { host: 'mail.example.com', port: 995, username: 'target', password: 'target-password' };
  const emailAccountId = (
    await user.post('/api/email-accounts', { email: 'target@example.com', pop3: mailServer, smtp: mailServer })
  ).json().id;
  const formId = (
    await user.post('/api/forms', {
      name: 'Target',
      fields: [{ id: '6f1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d', type: 'name', label: 'Full Name', required: true }],
    })
  ).json().id;
  const flow = answerThenCaptureTemplate();
  const [bot] = await t.database.db
    .insert(chatbotFlows)
    .values({
      userId: user.id,
      workspaceId: user.id,
      name: 'Target',
      isActive: true,
      draftFlow: flow,
      publishedFlow: flow,
    })
    .returning({ id: chatbotFlows.id });
  const liveBotId = bot!.id;
  const conversationId = (
    await t.app.inject({ method: 'POST', url: `/api/public/chatbots/${liveBotId}/conversations`, payload: {} })
  ).json().conversationId;
  const chatbotId = (await user.post('/api/chatbots', { name: 'Target' })).json().id;
  const knowledgeId = (
    await user.post(`/api/chatbots/${chatbotId}/knowledge`, { kind: 'qa', title: 'Target', body: 'Target' })
  ).json().id;
  return {
    user,
    contactId,
    pipelineId,
    dealId,
    activityId,
    projectId,
    taskId,
    categoryId,
    emailAccountId,
    formId,
    chatbotId,
    liveBotId,
    conversationId,
    knowledgeId,
  };
}

/** Every write route: at the user's records, at unknown ids and at malformed ones. */
export const writeRoutesAt = ({
  user,
  contactId,
  pipelineId,
  dealId,
  activityId,
  projectId,
  taskId,
  categoryId,
  emailAccountId,
  formId,
  chatbotId,
  liveBotId,
  conversationId,
  knowledgeId,
}: Targets) =>
  [
    ['POST', '/api/auth/sign-up'],
    ['POST', '/api/auth/sign-in'],
    ['POST', '/api/auth/sign-out'],
    ['POST', '/api/auth/change-password'],
    ['POST', '/api/auth/sign-out-others'],
    ['POST', '/api/contacts'],
    ['PATCH', `/api/contacts/${contactId}`],
    ['PATCH', '/api/contacts/00000000-0000-0000-0000-000000000000'],
    ['POST', '/api/contacts/import'],
    ['POST', '/api/pipelines'],
    ['PATCH', `/api/pipelines/${pipelineId}`],
    ['PATCH', `/api/pipelines/${none}`],
    ['POST', `/api/pipelines/${pipelineId}/default`],
    ['POST', `/api/pipelines/${pipelineId}/stages`],
    ['POST', `/api/pipelines/${pipelineId}/stages/remove`],
    ['POST', `/api/pipelines/${pipelineId}/stages/rename`],
    ['PUT', `/api/pipelines/${pipelineId}/stages`],
    ['PUT', `/api/pipelines/${none}/stages`],
    ['POST', '/api/deals'],
    ['PATCH', `/api/deals/${dealId}`],
    ['PATCH', `/api/deals/${none}`],
    ['PATCH', `/api/deals/${dealId}/stage`],
    ['POST', `/api/deals/${dealId}/activities`],
    ['POST', `/api/deals/${none}/activities`],
    ['POST', `/api/deals/${dealId}/activities/${activityId}/complete`],
    ['POST', '/api/projects'],
    ['PUT', `/api/projects/${projectId}`],
    ['PUT', `/api/projects/${none}`],
    ['PATCH', `/api/projects/${projectId}/status`],
    ['POST', '/api/tasks'],
    ['PUT', `/api/tasks/${taskId}`],
    ['PUT', `/api/tasks/${none}`],
    ['PATCH', `/api/tasks/${taskId}/status`],
    ['POST', '/api/task-categories'],
    ['PATCH', `/api/task-categories/${categoryId}`],
    ['PATCH', `/api/task-categories/${none}`],
    ['PUT', '/api/calendar/integration'],
    ['POST', '/api/calendar/integration/caldav/test'],
    ['PUT', '/api/calendar/integration/caldav'],
    ['POST', '/api/workspaces/current'],
    ['PATCH', '/api/workspace'],
    // Only the workspace's exact name deletes it, and no bad body carries only that: the battery's user keeps theirs.
    ['DELETE', '/api/workspace'],
    ['PATCH', `/api/workspace/members/${user.id}`],
    ['POST', `/api/workspace/members/${user.id}/remove`],
    ['POST', `/api/workspace/members/${none}/remove`],
    ['POST', '/api/workspace/transfer'],
    ['POST', '/api/workspace/leave'],
    ['POST', '/api/workspace/invitations'],
    ['POST', `/api/workspace/invitations/${none}/resend`],
    ['POST', `/api/invitations/${'x'.repeat(43)}/accept`],
    ['POST', '/api/calendar/integration/token'],
    ['PATCH', '/api/profile'],
    ['POST', '/api/profile/avatar'],
    ['DELETE', '/api/profile/avatar'],
    ['PUT', '/api/profile/availability/1'],
    ['PUT', '/api/profile/availability/7'],
    ['PUT', '/api/profile/availability/x'],
    ['PUT', '/api/profile/availability/'],
    ['POST', '/api/email-accounts'],
    ['POST', '/api/api-keys'],
    ['DELETE', `/api/api-keys/${none}`],
    ['PUT', `/api/email-accounts/${emailAccountId}`],
    ['PUT', `/api/email-accounts/${none}`],
    ['PATCH', '/api/scheduling/settings'],
    ['PUT', '/api/settings/ai'],
    ['POST', `/api/public/booking/${user.id}`],
    ['POST', `/api/public/booking/${none}`],
    ['POST', '/api/public/booking/x'],
    ['POST', `/api/bookings/${none}/cancel`],
    ['POST', '/api/bookings/x/cancel'],
    ['POST', '/api/forms'],
    ['PUT', `/api/forms/${formId}`],
    ['PUT', `/api/forms/${none}`],
    ['PUT', '/api/forms/x'],
    ['POST', `/api/public/forms/${formId}/submissions`],
    ['POST', `/api/public/forms/${none}/submissions`],
    ['POST', '/api/public/forms/x/submissions'],
    ['POST', `/api/public/chatbots/${liveBotId}/conversations`],
    ['POST', `/api/public/chatbots/${none}/conversations`],
    ['POST', '/api/public/chatbots/x/conversations'],
    ['POST', `/api/public/chatbots/${liveBotId}/conversations/${conversationId}/turns`],
    ['POST', `/api/public/chatbots/${liveBotId}/conversations/${none}/turns`],
    ['POST', '/api/public/chatbots/x/conversations/%00/turns'],
    ['POST', '/api/chatbots'],
    ['PATCH', `/api/chatbots/${chatbotId}`],
    ['PATCH', `/api/chatbots/${none}`],
    ['PATCH', '/api/chatbots/x'],
    ['POST', `/api/chatbots/${chatbotId}/publish`],
    ['POST', '/api/chatbots/%00/publish'],
    ['POST', `/api/chatbots/${chatbotId}/knowledge`],
    ['POST', `/api/chatbots/${none}/knowledge`],
    ['PATCH', `/api/chatbots/${chatbotId}/knowledge/${knowledgeId}`],
    ['PATCH', `/api/chatbots/${chatbotId}/knowledge/${none}`],
    ['PATCH', `/api/chatbots/${none}/knowledge/${knowledgeId}`],
    ['PATCH', `/api/chatbots/${chatbotId}/knowledge/x`],
    ['POST', `/api/notifications/${none}/read`],
    ['POST', '/api/notifications/x/read'],
    ['POST', '/api/notifications/%00/read'],
    ['POST', '/api/notifications/read-all'],
    ['PUT', '/api/notifications/settings'],
    ['PATCH', `/api/email/messages/${none}`],
    ['PATCH', '/api/email/messages/x'],
    ['POST', '/api/email/folders'],
    ['PUT', `/api/email/folders/${none}`],
    ['PUT', '/api/email/folders/%00'],
    ['POST', '/api/email/check'],
    ['POST', '/api/email/send'],
  ] as const;
