import type {
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
  RouteShorthandOptions,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ApiRoute } from '@common/api-route';

/** The Fastify schema of a route of `common/`: what the type provider reads the request's and reply's types from. */
type SchemaOf<Route extends ApiRoute> = {
  params: Route['params'];
  querystring: Route['query'];
  body: Route['body'];
  response: Route['response'] extends object ? { [Status in StatusOf<Route>]: Route['response'] } : undefined;
};

type StatusOf<Route extends ApiRoute> = Route['status'] extends readonly number[]
  ? Route['status'][number]
  : Route['status'] extends number
    ? Route['status']
    : 200;

/** A route's handler, its request and reply typed from the route's schemas. */
export type RouteHandler<Route extends ApiRoute> = RouteHandlerMethod<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  unknown,
  SchemaOf<Route>,
  ZodTypeProvider
>;

/** Route options beside the contract: rate limits (`config`), `bodyLimit`, `preHandler`. */
export type ServeOptions = Omit<RouteShorthandOptions, 'schema'>;

/**
 * Registers a route of `common/` (see common/api-route.ts): its method and path, and its schemas for the
 * validator and the serializer, so the server checks what the web client was compiled against.
 */
export function serve<const Route extends ApiRoute>(
  app: FastifyInstance,
  route: Route,
  handler: RouteHandler<Route>,
  options: ServeOptions = {},
): void {
  const { params, query, body, response, status = 200 } = route;
  app.route({
    ...options,
    method: route.method,
    url: route.path,
    schema: {
      ...(params && { params }),
      ...(query && { querystring: query }),
      ...(body && { body }),
      ...(response && { response: Object.fromEntries([status].flat().map((code) => [code, response])) }),
    },
    handler: handler as RouteHandlerMethod,
  });
}
