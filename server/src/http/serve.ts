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

/** The success answer of a route, by its status. */
type SuccessOf<Route extends ApiRoute> = Route['response'] extends object
  ? { [Status in Route['status'] extends number ? Route['status'] : 200]: Route['response'] }
  : undefined;

/** Every answer of a route with a schema: its success and its other responses. */
type ResponsesOf<Route extends ApiRoute> = Route extends { otherResponses: infer Other extends object }
  ? SuccessOf<Route> extends object
    ? SuccessOf<Route> & Other
    : Other
  : SuccessOf<Route>;

/** The Fastify schema of a route of `common/`: what the type provider reads the request's and reply's types from. */
type SchemaOf<Route extends ApiRoute> = {
  params: Route['params'];
  querystring: Route['query'];
  body: Route['body'];
  response: ResponsesOf<Route>;
};

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
  const { params, query, body, response, status = 200, otherResponses } = route;
  const responses = { ...otherResponses, ...(response && { [status]: response }) };
  app.route({
    ...options,
    method: route.method,
    url: route.path,
    schema: {
      ...(params && { params }),
      ...(query && { querystring: query }),
      ...(body && { body }),
      ...(Object.keys(responses).length > 0 && { response: responses }),
    },
    handler: handler as RouteHandlerMethod,
  });
}
