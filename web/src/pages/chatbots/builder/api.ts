import { queryOptions } from '@tanstack/react-query';
import type { FlowDefinition } from '@common/chatbot-flow';
import { type ChatbotDetail, chatbotDetailSchema, publishRefusalSchema } from '@common/chatbots';
import { pipelineListSchema } from '@common/pipelines';
import { ApiError, api } from '../../../lib/api';

/** A bot's detail, as GET /api/chatbots/:id answers it; the builder writes the answers of its saves here. */
export const chatbotKey = (id: string) => ['chatbots', 'one', id] as const;

/** The user's pipelines, for a Capture Lead's deal (the pipelines screen's query: one cache for both). */
export const pipelinesQuery = () =>
  queryOptions({ queryKey: ['pipelines'], queryFn: () => api.get('/api/pipelines', pipelineListSchema) });

export const saveDraft = (id: string, draftFlow: FlowDefinition) =>
  api.patch(`/api/chatbots/${id}`, { draftFlow }, chatbotDetailSchema);

export type PublishResult =
  | { published: true; chatbot: ChatbotDetail }
  | { published: false; error: string; problems: { blockId: string | null; message: string }[] };

/**
 * Publishes the saved draft. A refusal (422) carries the problems block by block, which the API client's error
 * does not keep, so this one request reads its answer itself.
 */
export async function publishChatbot(id: string): Promise<PublishResult> {
  const response = await fetch(`/api/chatbots/${id}/publish`, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
    body: '{}',
  });
  const body: unknown = await response.json().catch(() => null);
  if (response.ok) return { published: true, chatbot: chatbotDetailSchema.parse(body) };
  const refusal = publishRefusalSchema.safeParse(body);
  if (response.status === 422 && refusal.success) return { published: false, ...refusal.data };
  const error = typeof body === 'object' && body && 'error' in body && typeof body.error === 'string' ? body.error : '';
  throw new ApiError(response.status, error || response.statusText || 'Request failed');
}
