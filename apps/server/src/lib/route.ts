import type {
  Endpoint,
  EndpointBody,
  EndpointParams,
  EndpointQuery,
  EndpointResult,
} from '@batchwise/domain';
import type { FastifyContextConfig, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import type { TypedApp } from './typed-app';

/** The request as a handler of an endpoint sees it: validated by the endpoint's schemas. */
export type EndpointRequest<E extends Endpoint> = Omit<FastifyRequest, 'params' | 'query' | 'body'> & {
  params: EndpointParams<E>;
  query: EndpointQuery<E>;
  body: EndpointBody<E>;
};

export type EndpointHandler<E extends Endpoint> = (
  request: EndpointRequest<E>,
  reply: FastifyReply,
) => Promise<EndpointResult<E>> | EndpointResult<E>;

/** What only the server knows of a route: rate limits, hooks, caching; never the contract. */
export interface RouteExtras {
  config?: Omit<FastifyContextConfig, 'access' | 'tool'>;
  schema?: { consumes?: string[]; hide?: boolean; response?: Record<number, unknown> };
  bodyLimit?: number;
  preHandler?: RouteShorthandOptions['preHandler'];
}

/**
 * Registers the route an endpoint contract describes (packages/domain/src/endpoints): method,
 * path, schemas, success status and access rule all come from the one description.
 */
export function route<E extends Endpoint>(
  app: TypedApp,
  endpoint: E,
  handler: EndpointHandler<E>,
  extras: RouteExtras = {},
): void {
  const { response, status = 200 } = endpoint;
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    bodyLimit: extras.bodyLimit,
    preHandler: extras.preHandler,
    config: { ...extras.config, access: endpoint.access, tool: endpoint.tool },
    schema: {
      tags: [...endpoint.tags],
      summary: endpoint.summary,
      // Only the parts the endpoint has: Fastify warns of a schema key set to undefined.
      ...(endpoint.params && { params: endpoint.params }),
      ...(endpoint.query && { querystring: endpoint.query }),
      ...(endpoint.body && { body: endpoint.body }),
      ...extras.schema,
      response: response ? { [status]: response, ...extras.schema?.response } : extras.schema?.response,
    },
    handler: async (request, reply) => {
      if (status !== 200) void reply.code(status);
      return handler(request as unknown as EndpointRequest<E>, reply);
    },
  });
}
