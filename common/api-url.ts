import type { ApiRoute } from './api-route';

// The address of a call of a route (api-route.ts), apart from the routes' builders: every page's first load needs
// these few lines, and no page's first load needs the builders.

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
