import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { Readable } from 'node:stream';
import { resolveOutgoingHost, type ResolveOptions } from './outgoing-address';

// A `fetch` for HTTP APIs at an address someone configured (AI providers, later webhooks): the host goes through the
// outgoing-address guard once, and the connection is made to the address that was checked (node's http with a
// lookup that answers only that address), so a DNS answer that changes between check and connect cannot reach a
// private network. Only what API clients use: no redirects followed, no compression asked for, no cookies.

export type GuardedFetchOptions = Pick<ResolveOptions, 'allowPrivate' | 'dnsServers'>;

/** A lookup that answers the checked address whatever name it is asked (node asks for the URL's host). */
function fixedLookup(address: string): LookupFunction {
  const family = isIP(address);
  return (_hostname, options, callback) => {
    if ((options as { all?: boolean }).all) {
      (callback as unknown as (error: null, addresses: { address: string; family: number }[]) => void)(null, [
        { address, family },
      ]);
    } else callback(null, address, family);
  };
}

function headersOf(response: http.IncomingMessage): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(response.headers)) {
    for (const item of Array.isArray(value) ? value : value === undefined ? [] : [value]) headers.append(name, item);
  }
  return headers;
}

/** A status `Response` accepts; anything else (1xx reaching us, 600+) is the server's fault: a 502. */
const statusOf = (status: number | undefined) => (status && status >= 200 && status <= 599 ? status : 502);

export function guardedFetch(options: GuardedFetchOptions): typeof fetch {
  return async (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      throw new TypeError(`Only http and https addresses are allowed, not ${url.protocol}`);
    }
    request.signal.throwIfAborted();
    const target = await resolveOutgoingHost(url.hostname, options);
    const body = request.body ? Buffer.from(await request.arrayBuffer()) : undefined;
    const headers: Record<string, string> = {};
    request.headers.forEach((value, name) => {
      if (name !== 'accept-encoding') headers[name] = value;
    });
    if (body) headers['content-length'] = String(body.length);
    const client = url.protocol === 'https:' ? https : http;

    return new Promise<Response>((resolve, reject) => {
      const outgoing = client.request(
        url,
        {
          method: request.method,
          headers,
          signal: request.signal,
          lookup: fixedLookup(target.address),
          ...(target.servername ? { servername: target.servername } : {}),
        },
        (incoming) => {
          const status = statusOf(incoming.statusCode);
          const hasBody = request.method !== 'HEAD' && status !== 204 && status !== 304;
          if (!hasBody) incoming.resume();
          resolve(
            new Response(hasBody ? (Readable.toWeb(incoming) as ReadableStream<Uint8Array>) : null, {
              status,
              statusText: incoming.statusMessage ?? '',
              headers: headersOf(incoming),
            }),
          );
        },
      );
      outgoing.on('error', reject);
      outgoing.end(body);
    });
  };
}
