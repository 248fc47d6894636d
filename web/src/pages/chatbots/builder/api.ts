import { pathOf } from '@common/api-url';
import type { FlowDefinition } from '@common/chatbot-flow';
import type { ChatbotDetail } from '@common/chatbots';
import { chatbotsApi } from '@common/chatbots-api';
import { ApiError, call } from '../../../lib/api';

export const saveDraft = (id: string, draftFlow: FlowDefinition) =>
  call(chatbotsApi.update, { params: { id }, body: { draftFlow } });

export type PublishResult =
  | { published: true; chatbot: ChatbotDetail }
  | { published: false; error: string; problems: { blockId: string | null; message: string }[] };

/**
 * Publishes the saved draft. A refusal (422) carries the problems block by block, which the API client's error
 * does not keep, so this one request reads its answer itself.
 */
export async function publishChatbot(id: string): Promise<PublishResult> {
  const route = chatbotsApi.publish;
  const response = await fetch(pathOf(route, { id }), {
    method: route.method,
    credentials: 'same-origin',
    headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
    body: '{}',
  });
  const body: unknown = await response.json().catch(() => null);
  if (response.ok) return { published: true, chatbot: route.response.parse(body) };
  const refusal = route.otherResponses[422].safeParse(body);
  if (response.status === 422 && refusal.success) return { published: false, ...refusal.data };
  const error = typeof body === 'object' && body && 'error' in body && typeof body.error === 'string' ? body.error : '';
  throw new ApiError(response.status, error || response.statusText || 'Request failed');
}
