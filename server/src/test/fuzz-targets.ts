import fc from 'fast-check';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse, RouteOptions } from 'fastify';
import { bodyArbitrary, queryArbitrary, schemaPaths, valuePaths, type Body } from './fuzz-bodies';
import { encode, malformedId, nastyString } from './fuzz-values';
import { routeCases } from './isolation-cases';
import type { Call } from './isolation-requests';
import type { World } from './isolation-world';
import { pathSpellings } from './path-spellings';

// The fuzzer's routes (server/src/http/fuzz.test.ts): each route's requests, with A's records or malformed ids in
// its path, generated from its schema and its valid call in the isolation matrix.

/** A's record behind each path parameter, by the path segment before it. */
function realParam(w: World, segments: string[], index: number): string {
  const owner = segments[index - 1];
  const ids: Record<string, string> = {
    contacts: w.contactId,
    imports: w.contactImportId,
    pipelines: w.pipelineId,
    deals: w.dealId,
    activities: w.activityId,
    projects: w.projectId,
    tasks: w.taskId,
    'task-categories': w.categoryId,
    'email-accounts': w.emailAccountId,
    'api-keys': w.apiKeyId,
    messages: w.emailMessageId,
    attachments: w.emailAttachmentId,
    folders: w.emailFolderId,
    bookings: w.bookingId,
    forms: w.formId,
    chatbots: w.chatbotId,
    knowledge: w.knowledgeId,
    conversations: w.conversationId,
    notifications: w.notificationId,
    webhooks: w.webhookId,
    avatars: w.a.id,
    booking: w.a.id,
    feed: w.feedToken,
    availability: '1',
    members: w.a.id,
    // The workspace's invitation by id; the invitation link by its token.
    invitations: segments[index - 2] === 'workspace' ? w.invitationId : w.invitationToken,
  };
  const id = owner === undefined ? undefined : ids[owner];
  if (id === undefined) throw new Error(`no record for the parameter ${segments[index]} of ${segments.join('/')}`);
  return id;
}

export interface Target {
  key: string;
  method: Call['method'];
  signedIn: boolean;
  request: fc.Arbitrary<Request>;
}

export interface Request {
  url: string;
  body: Body;
  /** Replaces or adds to the usual headers. */
  headers: Record<string, string>;
}

/**
 * Now and then a forged or broken session (signed-in routes only: signing out with A's would end it), or another
 * site's origin.
 */
const oddHeaders = (w: World, signedIn: boolean): fc.Arbitrary<Record<string, string>> => {
  const sessionName = w.a.cookie.split('=')[0]!;
  const brokenSession = fc
    .oneof(
      nastyString.map((value) => `${sessionName}=${encode(value)}`),
      fc.constantFrom(`${w.a.cookie}; ${w.a.cookie}`, `${w.a.cookie}x`, w.a.cookie.slice(0, -3), '=; ;=', w.b.cookie),
    )
    .map((cookie) => ({ cookie }));
  const otherSite = fc
    .tuple(fc.constantFrom('https://evil.example', 'null', 'http://localhost:3000', ''), fc.boolean())
    .map(([origin, crossSite]) => ({ origin, ...(crossSite ? { 'sec-fetch-site': 'cross-site' } : {}) }));
  return fc.oneof(
    { weight: 12, arbitrary: fc.constant({}) },
    { weight: 1, arbitrary: otherSite },
    ...(signedIn ? [{ weight: 1, arbitrary: brokenSession }] : []),
  );
};

/** Now and then the path written another way (path-spellings.ts): an index into its spellings, or -1 for none. */
const otherSpelling = fc.oneof({ weight: 9, arbitrary: fc.constant(-1) }, { weight: 1, arbitrary: fc.nat(20) });

/** The route's valid call: the isolation matrix's, made A's own where it named B's. */
function exampleOf(w: World, key: string): Call {
  const c = routeCases[key]!;
  const call = 'probes' in c ? c.probes(w)[0]! : c.call(w);
  const body = JSON.parse(JSON.stringify(call.body ?? null).replaceAll(w.bPipelineId, w.pipelineId)) as unknown;
  if (key === 'POST /api/public/forms/:id/submissions')
    return { ...call, body: { ...(body as object), values: { [w.fieldId]: 'A visitor' } } };
  return { ...call, body: body ?? undefined };
}

export function fuzzTarget(routes: RouteOptions[], w: World, key: string): Target {
  const [method, template] = key.split(' ') as [Call['method'], string];
  const route = routes.find((r) => r.url === template && [r.method].flat().includes(method));
  const schema = (route?.schema ?? {}) as { body?: unknown; querystring?: unknown };
  const example = exampleOf(w, key);
  const exampleQuery = new URL(example.url, 'http://localhost').searchParams;
  const queryKeys = schemaPaths(schema.querystring).flatMap((path) => (path.length === 1 ? [String(path[0])] : []));
  const bodyPaths = [...schemaPaths(schema.body), ...valuePaths(example.body)];
  const uniquePaths = [...new Map(bodyPaths.map((path) => [JSON.stringify(path), path])).values()];

  const segments = template.split('/');
  const paramSegments = segments.map((segment, i) => (segment.startsWith(':') ? i : -1)).filter((i) => i >= 0);
  const path = fc
    .tuple(
      ...paramSegments.map((i) =>
        fc.oneof(
          { weight: 3, arbitrary: fc.constant(realParam(w, segments, i)) },
          { weight: 1, arbitrary: malformedId(w) },
        ),
      ),
    )
    .map((values) => {
      const parts = [...segments];
      paramSegments.forEach((segmentIndex, n) => {
        // `:token.ics` keeps its suffix.
        parts[segmentIndex] = parts[segmentIndex]!.replace(/^:[A-Za-z]+/, values[n]!);
      });
      return parts.join('/');
    });
  const hasBody = method !== 'GET';
  const body: fc.Arbitrary<Body> = hasBody
    ? bodyArbitrary(w, example.body, uniquePaths, Boolean(example.parts))
    : fc.constant({ none: true });
  const signedIn = 'probes' in routeCases[key]!;
  return {
    key,
    method,
    signedIn,
    request: fc
      .record({
        path,
        query: queryArbitrary(w, exampleQuery, queryKeys),
        body,
        headers: oddHeaders(w, signedIn).map((odd) => ({ ...example.headers, ...odd })),
        spelling: otherSpelling,
      })
      .map(({ path, query, body, headers, spelling }) => {
        const url = query ? `${path}?${query}` : path;
        const spellings = pathSpellings(url);
        return { url: spelling < 0 ? url : spellings[spelling % spellings.length]!, body, headers };
      }),
  };
}

/** Sends a request to a route as its owner would: A's session on a signed-in route, none on a public one. */
export function inject(
  app: FastifyInstance,
  w: World,
  target: Target,
  { url, body, headers: extra }: Request,
): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = { ...(target.signedIn ? { cookie: w.a.cookie } : {}), ...extra };
  const options: InjectOptions = { method: target.method, url, headers };
  if ('json' in body) {
    const payload = JSON.stringify(body.json);
    if (payload !== undefined) {
      options.payload = payload;
      headers['content-type'] = 'application/json';
    }
  } else if ('raw' in body) {
    options.payload = body.raw;
    headers['content-type'] = body.contentType;
  } else if ('parts' in body) {
    const boundary = 'fuzzboundary';
    options.payload = Buffer.concat([
      ...body.parts.map((part) =>
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"` +
            (part.filename === undefined ? '' : `; filename="${part.filename}"`) +
            `\r\n${part.type ? `Content-Type: ${part.type}\r\n` : ''}\r\n${String(part.bytes)}\r\n`,
        ),
      ),
      Buffer.from(`--${boundary}--\r\n`),
    ]);
    headers['content-type'] = `multipart/form-data; boundary=${boundary}`;
  }
  return app.inject(options);
}
