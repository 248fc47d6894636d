import type { Call } from './isolation-requests';
import type { World } from './isolation-world';

// The isolation cases' shapes and their calls in short (isolation-cases.ts): a probe is a call and what it must answer.

/** `error`: the refusal's exact message, where the answer must say it (a role's refusal). */
export type Probe = Call & { expect: 404 | 403 | 400 | 'own'; error?: string };
export type RouteCase = { public: string; call: (w: World) => Call } | { probes: (w: World) => Probe[] };

export const get = (url: string, expect: Probe['expect'] = 'own'): Probe => ({ method: 'GET', url, expect });
export const post = (url: string, body: unknown, expect: Probe['expect'] = 'own'): Probe => ({
  method: 'POST',
  url,
  body,
  expect,
});
export const put = (url: string, body: unknown, expect: Probe['expect'] = 404): Probe => ({
  method: 'PUT',
  url,
  body,
  expect,
});
export const patch = (url: string, body: unknown, expect: Probe['expect'] = 404): Probe => ({
  method: 'PATCH',
  url,
  body,
  expect,
});
/** A bare POST, as the web app sends "complete", "cancel" and "mark read". */
export const bare = (url: string, expect: Probe['expect'] = 404): Probe => ({ method: 'POST', url, expect });
export const del = (url: string, body?: unknown, expect: Probe['expect'] = 404): Probe => ({
  method: 'DELETE',
  url,
  ...(body === undefined ? {} : { body }),
  expect,
});

/** The instant `days` days from now. */
export const soon = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
