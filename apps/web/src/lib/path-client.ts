import {
  type Endpoint,
  type EndpointInput,
  type EndpointResponse,
  fillPath,
  queryString,
} from '@batchwise/domain';
import { type QueryKey, queryOptions } from '@tanstack/react-query';
import { apiFetch } from './api';

/**
 * The typed client (api-client.ts) for light entries: the endpoint is named by its contract's type
 * and its path comes from a module without zod (`LINK_PATHS`, `PORTAL_PATHS`), because the
 * contract objects carry their schemas, which a family's phone should not download to read a
 * receipt. Keys keep the app's shape `[resource, params, path, query]`.
 */
interface LooseInput {
  params?: Readonly<Record<string, unknown>>;
  query?: Readonly<Record<string, unknown>>;
  body?: unknown;
}

export function pathUrl<E extends Endpoint>(path: string, input: EndpointInput<E>): string {
  const { params, query } = input as LooseInput;
  return fillPath(path, params) + queryString(query);
}

export function pathKey<E extends Endpoint>(path: string, input: EndpointInput<E>): QueryKey {
  const { params, query } = input as LooseInput;
  return [path, params ?? {}, path, query ?? {}];
}

/** Query options for a GET endpoint by its path. */
export function pathQuery<E extends Endpoint>(path: string, input: EndpointInput<E>) {
  return queryOptions({
    queryKey: pathKey<E>(path, input),
    queryFn: ({ signal }) => apiFetch<EndpointResponse<E>>(pathUrl<E>(path, input), { signal }),
  });
}

/** Sends a write to an endpoint by its path. */
export function pathCall<E extends Endpoint>(
  method: 'POST' | 'PUT' | 'DELETE',
  path: string,
  input: EndpointInput<E>,
): Promise<EndpointResponse<E>> {
  return apiFetch<EndpointResponse<E>>(pathUrl<E>(path, input), {
    method,
    body: method === 'DELETE' ? undefined : ((input as LooseInput).body ?? {}),
  });
}
