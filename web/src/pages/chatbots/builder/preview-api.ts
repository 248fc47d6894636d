import { pathOf } from '@common/api-url';
import type { ChatInput, ChatTurn } from '@common/chatbots';
import { chatbotsApi } from '@common/chatbots-api';
import { ApiError, call } from '../../../lib/api';

/* The builder's Preview talks to the visitor's API as the widget does (common/chatbots.ts), with `preview: true`:
   the server runs the draft and saves nothing it captures. The conversation's token travels in a header, which the
   app's API client does not send, so the turns are requested here. */

async function failure(response: Response): Promise<ApiError> {
  const body: unknown = await response.json().catch(() => null);
  const error = typeof body === 'object' && body && 'error' in body && typeof body.error === 'string' ? body.error : '';
  return new ApiError(response.status, error || response.statusText || 'Request failed');
}

export const startPreview = (chatbotId: string) =>
  call(chatbotsApi.start, {
    params: { id: chatbotId },
    body: { timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone, preview: true },
  });

/** An event's words: a `delta`'s `{ text }` chunk, an `error`'s `{ error }`, or a plain JSON string. */
function deltaText(data: string): string {
  try {
    const parsed: unknown = JSON.parse(data);
    if (typeof parsed === 'string') return parsed;
    if (typeof parsed === 'object' && parsed) {
      const value = 'text' in parsed ? parsed.text : 'error' in parsed ? parsed.error : '';
      return typeof value === 'string' ? value : '';
    }
    return '';
  } catch {
    return data;
  }
}

/** Reads server-sent events until the `turn` event; each `delta` is handed on as it comes. */
async function readEvents(response: Response, onDelta: (text: string) => void): Promise<ChatTurn> {
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (value) buffer += value.replace(/\r\n?/g, '\n');
    let end = buffer.indexOf('\n\n');
    while (end >= 0) {
      const lines = buffer.slice(0, end).split('\n');
      buffer = buffer.slice(end + 2);
      const event =
        lines
          .find((line) => line.startsWith('event:'))
          ?.slice(6)
          .trim() ?? 'message';
      const data = lines
        .filter((line) => line.startsWith('data:'))
        .map((line) => line.slice(5).replace(/^ /, ''))
        .join('\n');
      if (event === 'delta') onDelta(deltaText(data));
      else if (event === 'turn') {
        void reader.cancel();
        return chatbotsApi.turn.response.parse(JSON.parse(data));
      } else if (event === 'error') throw new ApiError(502, deltaText(data) || 'The answer was interrupted');
      end = buffer.indexOf('\n\n');
    }
    if (done) throw new ApiError(502, 'The answer was interrupted');
  }
}

/** Sends the visitor's input; an AI answer streams its text to `onDelta` before the whole turn comes. */
export async function sendPreviewTurn(
  chatbotId: string,
  conversation: { conversationId: string; token: string },
  input: ChatInput,
  onDelta: (text: string) => void,
): Promise<ChatTurn> {
  const { turn } = chatbotsApi;
  const response = await fetch(pathOf(turn, { id: chatbotId, conversationId: conversation.conversationId }), {
    method: turn.method,
    credentials: 'same-origin',
    headers: {
      Accept: 'text/event-stream, application/json;q=0.9',
      'Content-Type': 'application/json',
      'X-Chat-Token': conversation.token,
    },
    body: JSON.stringify(input),
  });
  if (!response.ok) throw await failure(response);
  if (response.headers.get('content-type')?.includes('text/event-stream') && response.body)
    return readEvents(response, onDelta);
  return chatbotsApi.turn.response.parse(await response.json());
}
