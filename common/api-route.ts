import type { z } from 'zod';

/**
 * Routes defined once. Each endpoint of our API is one `ApiRoute` in `common/<area>-api.ts`: its method, path,
 * and the schemas of its path params, query, body and answer. The server registers it from this definition
 * (`serve()` in server/src/http/serve.ts) and the web calls it through `call()` (web/src/lib/api.ts), so a path
 * is written once and a body is checked against its schema when the web code compiles.
 *
 * Only zod's types are imported here: the web's shared chunk loads this file, and zod loads with the pages
 * whose schemas a route names.
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

/** Values a query string carries; `undefined` and `null` leave the key out. */
export type QueryValue = string | number | boolean | null | undefined | readonly (string | number)[];

/** The path of a route with its params filled in, each encoded. */
export function pathOf(route: Pick<ApiRoute, 'path'>, params: Record<string, string> = {}): string {
  return route.path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${route.path} needs its "${name}"`);
    return encodeURIComponent(value);
  });
}

/** The query string of a call, without its `?`: keys in their given order, empty values left out. */
export function queryOf(query: Record<string, QueryValue>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value))
      for (const item of value as readonly (string | number)[]) params.append(key, String(item));
    else params.set(key, String(value));
  }
  return params.toString();
}

/** The URL of a route: its filled path, and `?query` when there is one. */
export function urlOf(
  route: Pick<ApiRoute, 'path'>,
  params?: Record<string, string>,
  query?: Record<string, QueryValue>,
) {
  const search = query ? queryOf(query) : '';
  return search ? `${pathOf(route, params)}?${search}` : pathOf(route, params);
}
