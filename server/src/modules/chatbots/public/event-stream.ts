import { PassThrough } from 'node:stream';
import type { FastifyReply } from 'fastify';

// A chat turn answered as server-sent events: `delta` events with chunks of an AI answer as they come, then one
// `turn` event with the whole turn (or `error` when the turn failed after its answer began), and the end.

/** One event in the text/event-stream format; JSON data holds no raw newline, so it is one `data:` line. */
export const sseEvent = (event: string, data: unknown) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

export interface EventStream {
  /** Whether the answer has begun (its status and headers are sent). */
  readonly isOpen: boolean;
  delta: (text: string) => void;
  /** The last event, then the end of the answer. */
  end(event: 'turn' | 'error', data: unknown): void;
}

/** A stream that begins answering at its first event, so that a refusal before it is still a plain status. */
export function openEventStream(reply: FastifyReply): EventStream {
  const body = new PassThrough();
  let isOpen = false;
  const open = () => {
    if (isOpen) return;
    isOpen = true;
    // Through reply.send, so the answer carries the hooks' headers (security, cross-origin) like any other.
    void reply
      .code(200)
      .header('content-type', 'text/event-stream; charset=utf-8')
      .header('x-accel-buffering', 'no')
      .send(body);
  };
  return {
    get isOpen() {
      return isOpen;
    },
    delta: (text) => {
      open();
      body.write(sseEvent('delta', { text }));
    },
    end(event, data) {
      open();
      body.end(sseEvent(event, data));
    },
  };
}
