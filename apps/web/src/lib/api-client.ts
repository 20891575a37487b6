import {
  type Endpoint,
  type EndpointInput,
  type EndpointResponse,
  type EndpointRoute,
  endpointUrl,
  type Resource,
  type StaleResource,
} from '@batchwise/domain';
import { type QueryClient, type QueryKey, queryOptions } from '@tanstack/react-query';
import { apiFetch } from './api';

/**
 * The typed client: every call names an endpoint contract (packages/domain/src/endpoints), so the
 * path, the body's type and the answer's type come from the one description the server registers.
 */

/** The input (and a cancel signal), optional when the endpoint needs none. */
type CallInput<E extends Endpoint> = EndpointInput<E> & { signal?: AbortSignal };
type InputArgs<E extends Endpoint> =
  object extends EndpointInput<E> ? [input?: CallInput<E>] : [input: CallInput<E>];

interface LooseInput {
  params?: Readonly<Record<string, unknown>>;
  query?: Readonly<Record<string, unknown>>;
  body?: unknown;
  signal?: AbortSignal;
}

/**
 * An endpoint named by its route alone (domain `SHELL_ROUTES`: method, path, resource), typed as
 * its contract, which is given as a type only. The client reads nothing else of an endpoint, so
 * the signed-in frame calls these without downloading the contracts' schemas (spec part 1 §2.3
 * "Loading by role"); the path must be the contract's.
 */
export function routed<E extends Endpoint>(route: EndpointRoute & { readonly path: E['path'] }): E {
  return route as E;
}

/** The URL of an endpoint, for links, downloads and pictures. */
export function urlOf<E extends Endpoint>(endpoint: E, ...[input]: InputArgs<E>): string {
  const { params, query } = (input ?? {}) as LooseInput;
  return endpointUrl(endpoint, params, query);
}

/** Calls an endpoint; failures are `ApiError`s with the server's code (lib/api.ts). */
export function call<E extends Endpoint>(
  endpoint: E,
  ...[input]: InputArgs<E>
): Promise<EndpointResponse<E>> {
  const { params, query, body, signal } = (input ?? {}) as LooseInput;
  const hasBody = endpoint.method !== 'GET' && endpoint.method !== 'DELETE';
  return apiFetch<EndpointResponse<E>>(endpointUrl(endpoint, params, query), {
    method: endpoint.method,
    body: hasBody ? (body ?? {}) : undefined,
    signal,
  });
}

/**
 * The one query-key factory: `[resource, params, path, query]`. A stale resource
 * `[resource, params]` matches every query of it with those params (TanStack Query matches
 * arrays by prefix and objects by their listed keys), so `{ resource: 'students', params:
 * { accountId } }` refreshes that account's lists, drawers and settings and nobody else's.
 */
export function queryKeyOf<E extends Endpoint>(endpoint: E, ...[input]: InputArgs<E>): QueryKey {
  const { params, query } = (input ?? {}) as LooseInput;
  return [endpoint.resource ?? endpoint.path, params ?? {}, endpoint.path, query ?? {}];
}

/** The key prefix of a stale resource (see `queryKeyOf`). */
export function staleKey({ resource, params }: StaleResource): QueryKey {
  return params ? [resource, params] : [resource];
}

/** Query options for a GET endpoint: its key and its fetch. Spread in staleTime, select… */
export function endpointQuery<E extends Endpoint>(endpoint: E, ...[input]: InputArgs<E>) {
  return queryOptions({
    queryKey: queryKeyOf(endpoint, ...([input] as InputArgs<E>)),
    queryFn: ({ signal }) => call(endpoint, ...([{ ...input, signal }] as InputArgs<E>)),
  });
}

/** Refetches every query of a resource (with these params, when given) after a write. */
export function refresh(
  queryClient: QueryClient,
  resource: Resource,
  params?: Readonly<Record<string, string>>,
): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: staleKey({ resource, params }) });
}
