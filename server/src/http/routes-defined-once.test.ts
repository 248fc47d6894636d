import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiRoute } from '@common/api-route';
import { readContracts } from '../test/contracts';
import { buildAppWithRoutes, routeKeys } from '../test/isolation-app';
import type { TestApp } from '../test/test-app';

// Routes defined once (common/api-route.ts): every /api route of the server's route table is a route of a
// common/<area>-api.ts file, registered with that route's own schemas, and every such route is served.

let contracts: Map<string, ApiRoute>;

/**
 * The server's own routes that no page calls: its description and the API reference (its page and files, added by
 * Swagger UI's plugin), its health check, and the browsers' CORS preflight of the chat widget's routes (answered by
 * the CORS rules, not an API call).
 */
const outsideContracts = new Set(['GET /api/openapi.json', 'GET /api/health', 'OPTIONS /api/public/chatbots/*']);
const isOutside = (key: string) => outsideContracts.has(key) || /^(GET|HEAD) \/api\/docs\b/.test(key);

let t: TestApp & { routes: RouteOptions[] };
beforeAll(async () => {
  contracts = await readContracts();
  t = await buildAppWithRoutes();
});
afterAll(() => t.close());

describe('routes defined once', () => {
  it('serves exactly the routes of common/', () => {
    const live = routeKeys(t.routes).filter((key) => key.includes(' /api/') && !isOutside(key));
    expect(live.length).toBeGreaterThan(90);
    const undefinedInCommon = live.filter((key) => !contracts.has(key));
    const notServed = [...contracts.keys()].filter((key) => !live.includes(key));
    expect({ undefinedInCommon, notServed }).toEqual({ undefinedInCommon: [], notServed: [] });
  });

  it('registers each route with the schemas common/ gives it', () => {
    const mismatched: string[] = [];
    for (const route of t.routes) {
      const contract = contracts.get(`${String(route.method)} ${route.url}`);
      if (!contract) continue;
      const schema = (route.schema ?? {}) as Record<string, unknown>;
      const response = schema.response as Record<string, unknown> | undefined;
      const same =
        schema.params === contract.params &&
        schema.querystring === contract.query &&
        schema.body === contract.body &&
        (contract.response === undefined || response?.[contract.status ?? 200] === contract.response) &&
        Object.entries(contract.otherResponses ?? {}).every(([status, schema]) => response?.[status] === schema);
      if (!same) mismatched.push(`${String(route.method)} ${route.url}`);
    }
    expect(mismatched).toEqual([]);
  });
});
