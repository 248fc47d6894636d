/** One server-sent event: its name (`message` when the server gave none) and its data lines joined. */
export interface ServerEvent {
  event: string;
  data: string;
}

/**
 * Reads a text/event-stream body as it arrives (the chat's streamed answers), event by event. The format's own
 * rules (the HTML standard's): events end at a blank line, `event:` names one, `data:` lines are joined with
 * newlines, one space after the colon is dropped, lines starting with `:` are comments, CR LF and CR end lines too.
 */
export async function* readEventStream(body: ReadableStream<Uint8Array>): AsyncGenerator<ServerEvent> {
  const reader = body.getReader();
  // One decoder for the whole body: a character's bytes may arrive in two chunks.
  const decoder = new TextDecoder();
  const parser = eventParser();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      yield* parser.push(decoder.decode(value, { stream: true }));
    }
    yield* parser.push(decoder.decode() + '\n\n');
  } finally {
    reader.releaseLock();
  }
}

/** The parser behind readEventStream, fed text in chunks cut anywhere. */
export function eventParser() {
  let buffer = '';
  let event = '';
  let data: string[] = [];
  return {
    *push(text: string): Generator<ServerEvent> {
      buffer += text;
      // A CR at the very end may be the first half of CR LF: keep it for the next chunk.
      for (let end = lineEnd(buffer); end !== -1; end = lineEnd(buffer)) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(buffer.startsWith('\r\n', end) ? end + 2 : end + 1);
        if (line === '') {
          if (data.length) yield { event: event || 'message', data: data.join('\n') };
          event = '';
          data = [];
          continue;
        }
        if (line.startsWith(':')) continue;
        const colon = line.indexOf(':');
        const field = colon === -1 ? line : line.slice(0, colon);
        let value = colon === -1 ? '' : line.slice(colon + 1);
        if (value.startsWith(' ')) value = value.slice(1);
        if (field === 'event') event = value;
        else if (field === 'data') data.push(value);
      }
    },
  };
}

/** Where the buffer's first complete line ends, or -1. */
function lineEnd(buffer: string): number {
  const lf = buffer.indexOf('\n');
  const cr = buffer.indexOf('\r');
  if (cr !== -1 && (lf === -1 || cr < lf)) return cr === buffer.length - 1 ? -1 : cr;
  return lf;
}
