import { describe, expect, it } from 'vitest';
import { eventParser, readEventStream } from './event-stream';

const all = (chunks: string[]) => {
  const parser = eventParser();
  return chunks.flatMap((chunk) => [...parser.push(chunk)]);
};

describe('the event-stream reader', () => {
  it('reads named events, joins data lines and drops comments', () => {
    expect(all(['event: delta\ndata: Hel\n\n: keep-alive\n\nevent: turn\ndata: {"a":1}\ndata: {"b":2}\n\n'])).toEqual([
      { event: 'delta', data: 'Hel' },
      { event: 'turn', data: '{"a":1}\n{"b":2}' },
    ]);
  });

  it('gives the same events however the text is cut, CR LF included', () => {
    const text = 'event: delta\r\ndata:  two spaces\r\n\r\ndata: plain\r\n\r\n';
    const whole = all([text]);
    expect(whole).toEqual([
      { event: 'delta', data: ' two spaces' },
      { event: 'message', data: 'plain' },
    ]);
    for (let cut = 1; cut < text.length; cut++) expect(all([text.slice(0, cut), text.slice(cut)])).toEqual(whole);
  });

  it('reads a streamed body to its end, the last event without its blank line too', async () => {
    const bytes = new TextEncoder().encode('event: delta\ndata: é\n\nevent: turn\ndata: {}');
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        // The two bytes of é arrive apart.
        controller.enqueue(bytes.slice(0, 20));
        controller.enqueue(bytes.slice(20));
        controller.close();
      },
    });
    const events = [];
    for await (const event of readEventStream(body)) events.push(event);
    expect(events).toEqual([
      { event: 'delta', data: 'é' },
      { event: 'turn', data: '{}' },
    ]);
  });
});
