import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';

// A request as the isolation cases describe it (isolation-cases.ts), JSON or multipart, and how it is sent.

export interface Call {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'OPTIONS';
  url: string;
  body?: unknown;
  /** Added to the usual headers (a chat conversation's token). */
  headers?: Record<string, string>;
  /** A multipart body instead of JSON. */
  parts?: Part[];
}

export interface Part {
  name: string;
  bytes: string | Buffer;
  filename?: string;
  type?: string;
}

function multipart(parts: Part[]) {
  const boundary = `----pipewise${Math.random().toString(36).slice(2)}`;
  const chunks = parts.flatMap((part) => [
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"` +
        (part.filename === undefined ? '' : `; filename="${part.filename}"`) +
        `\r\n${part.type ? `Content-Type: ${part.type}\r\n` : ''}\r\n`,
    ),
    Buffer.isBuffer(part.bytes) ? part.bytes : Buffer.from(part.bytes),
    Buffer.from('\r\n'),
  ]);
  return {
    payload: Buffer.concat([...chunks, Buffer.from(`--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

/** Sends `call` with this cookie, or with no session when `cookie` is null. */
export function send(app: FastifyInstance, cookie: string | null, call: Call): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = { ...(cookie ? { cookie } : {}), ...call.headers };
  const options: InjectOptions = { method: call.method, url: call.url, headers };
  if (call.parts) {
    const { payload, contentType } = multipart(call.parts);
    options.payload = payload;
    headers['content-type'] = contentType;
  } else if (call.body !== undefined) {
    options.payload = JSON.stringify(call.body);
    headers['content-type'] = 'application/json';
  }
  return app.inject(options);
}
