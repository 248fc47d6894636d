import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { ApiRoute } from '@common/api-route';
import { apiDocsMessages } from '@common/api-docs-messages';
import { readContracts } from '../test/contracts';
import { buildAppWithRoutes, routeKeys } from '../test/isolation-app';
import type { TestApp } from '../test/test-app';
import { apiDocsTransform } from './api-docs';

// The API reference at /api/docs: an OpenAPI 3 document of every route of common/ the server registers, with how
// each authenticates, and Swagger UI's page over it, public and served from the server itself.

interface Operation {
  tags?: string[];
  security?: Record<string, string[]>[];
  requestBody?: { content: Record<string, { schema: object }> };
  parameters?: { in: string; name: string }[];
}
interface Document {
  openapi: string;
  info: { title: string; version: string; description: string };
  tags: { name: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes: Record<string, Record<string, string>> };
}

let t: TestApp & { routes: RouteOptions[] };
let contracts: Map<string, ApiRoute>;
let doc: Document;
beforeAll(async () => {
  contracts = await readContracts();
  t = await buildAppWithRoutes();
  const res = await t.app.inject({ url: '/api/docs/json' });
  expect(res.statusCode).toBe(200);
  doc = res.json<Document>();
});
afterAll(() => t.close());

/** `/api/x/:id` as OpenAPI writes it: `/api/x/{id}`. */
const openApiPath = (path: string) => path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
const operationOf = (route: ApiRoute) => doc.paths[openApiPath(route.path)]?.[route.method.toLowerCase()];

describe('the API reference’s document', () => {
  it('is an OpenAPI 3 document with both ways to authenticate', () => {
    expect(doc.openapi).toMatch(/^3\.\d+\.\d+$/);
    expect(doc.info).toMatchObject({ title: apiDocsMessages.title, version: '1' });
    expect(doc.info.description).toContain('Authorization: Bearer <key>');
    expect(doc.info.description).toContain('600 requests a minute');
    expect(doc.components.securitySchemes.apiKey).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.components.securitySchemes.session).toMatchObject({ type: 'apiKey', in: 'cookie' });
    expect(doc.components.securitySchemes.session!.name).toMatch(/session_token$/);
  });

  it('is the same at /api/openapi.json, built once', async () => {
    const again = await t.app.inject({ url: '/api/openapi.json' });
    expect(again.json()).toEqual(doc);
    expect(t.app.swagger()).toBe(t.app.swagger());
  });

  it('has every route of common/ the server registers, with its method, area and schemas', () => {
    const live = new Set(routeKeys(t.routes));
    const served = [...contracts.entries()].filter(([key]) => live.has(key));
    expect(served.length).toBeGreaterThan(90);
    const missing = served.filter(([, route]) => !operationOf(route)).map(([key]) => key);
    expect(missing).toEqual([]);
    const tags = new Set(doc.tags.map((tag) => tag.name));
    const untagged = served.filter(([, route]) => !operationOf(route)!.tags?.every((tag) => tags.has(tag)));
    expect(untagged.map(([key]) => key)).toEqual([]);
    // A route with a body has its request schema; one with a query, its parameters.
    const withBody = served.filter(([, route]) => route.body);
    expect(withBody.length).toBeGreaterThan(30);
    const noBodySchema = withBody.filter(([, route]) => !operationOf(route)!.requestBody?.content['application/json']);
    expect(noBodySchema.map(([key]) => key)).toEqual([]);
    const noQuery = served
      .filter(([, route]) => route.query)
      .filter(([, route]) => !operationOf(route)!.parameters?.some((parameter) => parameter.in === 'query'));
    expect(noQuery.map(([key]) => key)).toEqual([]);
  });

  it('describes a body by its schema', () => {
    const createContact = doc.paths['/api/contacts']!.post!;
    const schema = createContact.requestBody!.content['application/json']!.schema as { required: string[] };
    expect(schema.required).toContain('name');
  });

  it('holds only the product’s /api routes, not the reference itself nor internal ones', () => {
    const paths = Object.keys(doc.paths);
    expect(paths.filter((path) => !path.startsWith('/api/'))).toEqual([]);
    expect(paths.filter((path) => path.startsWith('/api/docs') || path === '/api/openapi.json')).toEqual([]);
    expect(paths).not.toContain('/api/health');
    const methods = Object.values(doc.paths).flatMap((item) => Object.keys(item));
    expect(methods).not.toContain('options');
    expect(methods).not.toContain('head');
  });

  it('marks what needs a key or a session, and what is public', () => {
    const either = [{ apiKey: [] }, { session: [] }];
    expect(doc.paths['/api/contacts']!.get!.security).toEqual(either);
    expect(doc.paths['/api/auth/change-password']!.post!.security).toEqual(either);
    expect(doc.paths['/api/public/forms/{id}']!.get!.security).toEqual([]);
    expect(doc.paths['/api/auth/sign-in']!.post!.security).toEqual([]);
    const publicWithLock = Object.entries(doc.paths)
      .filter(([path]) => path.startsWith('/api/public/'))
      .flatMap(([path, item]) => Object.entries(item).map(([method, op]) => ({ path, method, op })))
      .filter(({ op }) => op.security?.length !== 0);
    expect(publicWithLock).toEqual([]);
  });
});

describe('the API reference’s page', () => {
  it('is public, titled, and loads its files from the server itself', async () => {
    for (const url of ['/api/docs', '/api/docs/']) {
      const page = await t.app.inject({ url });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toContain('text/html');
      expect(page.body).toContain(`<title>${apiDocsMessages.title}</title>`);
      expect(page.body).not.toMatch(/(src|href)="(https?:)?\/\//);
      // The server's own policy: no outside origin.
      expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    }
    const script = await t.app.inject({ url: '/api/docs/static/swagger-ui-bundle.js' });
    expect(script.statusCode).toBe(200);
    const initializer = await t.app.inject({ url: '/api/docs/static/swagger-initializer.js' });
    expect(initializer.body).toContain('validatorUrl: null');
  });
});

describe('a schema JSON Schema cannot express', () => {
  it('is left open, and the rest of its route kept', () => {
    const route = { method: 'POST', url: '/api/contacts', handler: () => {} } as RouteOptions;
    const schema = { body: { notAZodSchema: true }, querystring: z.object({ q: z.string() }) };
    const result = apiDocsTransform({
      schema,
      url: route.url,
      route,
      openapiObject: { openapi: '3.0.3' },
    });
    expect(result.schema.body).toEqual({});
    expect(result.schema.querystring).toMatchObject({ properties: { q: { type: 'string' } } });
  });
});
