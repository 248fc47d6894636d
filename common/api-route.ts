import type { z } from 'zod';

/**
 * Routes defined once. Each endpoint of our API is one `ApiRoute` in `common/<area>-api.ts`: its method, path,
 * and the schemas of its path params, query, body and answer. The server registers it from this definition
 * (`serve()` in server/src/http/serve.ts) and the web calls it through `call()` (web/src/lib/api.ts), so a path
 * is written once and a body is checked against its schema when the web code compiles.
 *
 * Only zod's types are imported here, and zod loads with the pages whose schemas a route names. A route's address is
 * built by api-url.ts; the zod-free routes of the pages kept small (`common/<area>-routes.ts`) are plain objects,
 * so no page's first load needs the builders below.
 */

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/** What a route checks and answers; each part is a zod schema of `common/`. */
export interface RouteParts {
  /** The path's `:name` segments, checked by the server (a bad id answers 404). */
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  /** The answer's body; a route without one answers no JSON (204, a file, a stream). */
  readonly response?: z.ZodType;
  /** The status of a success; 200 unless the route says otherwise. */
  readonly status?: number;
  /**
   * Answers beside that one, by status, for the server's serializer and the API's documentation: a refusal with a
   * body of its own (422, 502), or a second success status (200 beside 201). The web reads only `response`.
   */
  readonly otherResponses?: Readonly<Record<number, z.ZodType>>;
}

export interface ApiRoute<Method extends HttpMethod = HttpMethod, Path extends string = string> extends RouteParts {
  readonly method: Method;
  readonly path: Path;
}

type Route<Method extends HttpMethod, Path extends string, Parts extends RouteParts> = Parts & {
  readonly method: Method;
  readonly path: Path;
};

const define =
  <Method extends HttpMethod>(method: Method) =>
  <const Path extends `/${string}`, const Parts extends RouteParts = object>(
    path: Path,
    parts: Parts = {} as Parts,
  ): Route<Method, Path, Parts> => ({ ...parts, method, path });

export const get = define('GET');
export const post = define('POST');
export const patch = define('PATCH');
export const put = define('PUT');
export const del = define('DELETE');

/** The names of a path's `:name` segments, as an object type: `'/api/x/:id'` gives `{ id: string }`. */
export type PathParams<Path extends string> = Path extends `${string}:${infer Segment}/${infer Rest}`
  ? { [K in NameOf<Segment>]: string } & PathParams<`/${Rest}`>
  : Path extends `${string}:${infer Segment}`
    ? { [K in NameOf<Segment>]: string }
    : Record<never, never>;

/** A param's name ends where its segment's suffix starts: `:token.ics` names `token`. */
type NameOf<Segment extends string> = Segment extends `${infer Name}.${string}` ? Name : Segment;
