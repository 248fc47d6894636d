import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { apiDocsMessages, apiDocsTags, type ApiDocsTag } from '@common/api-docs-messages';
import { requireUser } from '../auth/guard';

/**
 * The API reference: an OpenAPI 3 document built from the routes as they are registered (their zod schemas of
 * common/), and Swagger UI over it at /api/docs, its files served from the package (no outside request).
 * @fastify/swagger builds the document once, on the first call of `app.swagger()`, and keeps it.
 */

export const apiDocsPath = '/api/docs';
/** The document's address outside the reference's own (`/api/docs/json`): the one the README names. */
export const openApiPath = '/api/openapi.json';

/** The routes the member's guard protects: marked as they are added, in the signed-in scope of app.ts. */
const signedInRoutes = new WeakSet<RouteOptions>();
export const markSignedIn = (route: RouteOptions) => void signedInRoutes.add(route);

/** A route-level guard (the auth routes that need a session carry it in their own options). */
const guardedByOptions = (route: RouteOptions) => [route.preHandler].flat().includes(requireUser);

/** The server's own routes that are not part of the product's API. */
const internal = new Set([openApiPath, '/api/health']);

/** A path's first segment after /api (and /api/public) names its area; these segments belong to another's. */
const areaOfSegment: Record<string, ApiDocsTag> = {
  me: 'auth',
  session: 'auth',
  workspaces: 'workspace',
  invitations: 'workspace',
  'task-categories': 'tasks',
  booking: 'bookings',
  'email-accounts': 'email',
  avatars: 'profile',
};

export function tagOf(url: string): string {
  const segment = url.replace(/^\/api\/(public\/)?/, '').split('/')[0]!;
  return areaOfSegment[segment] ?? segment;
}

const signedIn: Record<string, string[]>[] = [{ apiKey: [] }, { session: [] }];

type TransformInput = Parameters<typeof jsonSchemaTransform>[0];

/**
 * The zod schemas in JSON Schema (fastify-type-provider-zod's transform), with the route's area and how it
 * authenticates. A part that cannot be expressed is left open (`{}`) instead of failing the whole document.
 */
export function apiDocsTransform(input: TransformInput): { schema: FastifySchema; url: string } {
  const { url, route } = input;
  const methods = [route.method].flat();
  if (!url.startsWith('/api/') || internal.has(url) || methods.includes('OPTIONS'))
    return { url, schema: { hide: true } };
  const converted = convert(input);
  if (converted.schema.hide) return converted;
  const needsSignIn = signedInRoutes.has(route) || guardedByOptions(route);
  return {
    url,
    schema: { ...converted.schema, tags: [tagOf(url)], security: needsSignIn ? signedIn : [] },
  };
}

function convert(input: TransformInput): { schema: FastifySchema; url: string } {
  try {
    return jsonSchemaTransform(input);
  } catch {
    // One part at a time: the ones that convert are kept.
    const schema = (input.schema ?? {}) as Record<string, unknown>;
    const parts: Record<string, unknown> = {};
    for (const [name, part] of Object.entries(schema)) {
      try {
        parts[name] = jsonSchemaTransform({ ...input, schema: { [name]: part } }).schema[name as keyof FastifySchema];
      } catch {
        parts[name] = name === 'response' ? undefined : {};
      }
    }
    return { url: input.url, schema: parts };
  }
}

/**
 * Swagger UI's colours darkened to a contrast ratio of 4.5:1 (its white on light method badges, its light green and
 * grey text fall short of it).
 */
const contrastCss = `
.swagger-ui .opblock.opblock-get .opblock-summary-method { background: #1d64b0; }
.swagger-ui .opblock.opblock-post .opblock-summary-method { background: #187a4c; }
.swagger-ui .opblock.opblock-put .opblock-summary-method { background: #9a5200; }
.swagger-ui .opblock.opblock-patch .opblock-summary-method { background: #0b6e61; }
.swagger-ui .opblock.opblock-delete .opblock-summary-method { background: #b71c1c; }
.swagger-ui .info .title small.version-stamp { background: #4a6b00; }
.swagger-ui .info .title small { background: #5d636e; }
.swagger-ui .info a, .swagger-ui .info .url { color: #1d64b0; }
.swagger-ui .btn.authorize { color: #187a4c; border-color: #187a4c; }
.swagger-ui .btn.authorize svg { fill: #187a4c; }
.swagger-ui .parameter__in, .swagger-ui .parameter__deprecated { color: #595959; }
`;

export async function registerApiDocs(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: { title: apiDocsMessages.title, version: '1', description: apiDocsMessages.description },
      tags: apiDocsTags.map((tag) => ({ ...tag })),
      components: {
        securitySchemes: {
          apiKey: { type: 'http', scheme: 'bearer', description: apiDocsMessages.apiKeyScheme },
          session: {
            type: 'apiKey',
            in: 'cookie',
            name: (await app.auth.$context).authCookies.sessionToken.name,
            description: apiDocsMessages.sessionScheme,
          },
        },
      },
    },
    transform: apiDocsTransform,
  });
  await app.register(swaggerUi, {
    routePrefix: apiDocsPath,
    // The page's own title; no top bar (its box loads other documents); the validator badge (an outside request)
    // stays off, as the plugin leaves it.
    theme: { title: apiDocsMessages.title, css: [{ filename: 'contrast.css', content: contrastCss }] },
    uiConfig: { layout: 'BaseLayout', deepLinking: true, docExpansion: 'list' },
  });
  app.get(openApiPath, { schema: { hide: true } }, async () => app.swagger());
}
