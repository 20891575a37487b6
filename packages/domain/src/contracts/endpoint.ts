import type { z } from 'zod';
import type { Profession } from '../access/profession';
import type { ToolKey } from '../plans/plans';
import type { Resource } from './resources';

/**
 * Endpoint contracts: each HTTP endpoint is described here once. The server
 * registers its route from the description (apps/server/src/lib/route.ts), the web calls it
 * through one typed client (apps/web/src/lib/api-client.ts), and both read the same path,
 * schemas and access rule, so neither side keeps a copy of the other's types or paths.
 */

/** A profession, or platform staff (the people who run Batchwise itself). */
export type Role = Profession | 'Staff';

/**
 * Who may call an endpoint. The server refuses to start with a route that declares none, and the
 * authorization matrix test reads them all.
 * - `public`: anyone, signed in or not.
 * - `dev`: only while developer tools are on (DEV_OUTBOX); off in production.
 * - `signed-in`: any signed-in user; the service checks the objects touched.
 * - `{ roles }`: signed in with one of these roles; the service checks the objects touched.
 */
export type EndpointAccess = 'public' | 'dev' | 'signed-in' | { readonly roles: readonly Role[] };

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * The header every cookie-authenticated write must carry (CSRF defence): a form on another site
 * cannot set custom headers, and a cross-site fetch that tries needs a preflight the server never
 * grants.
 */
export const CSRF_HEADER = 'x-batchwise-csrf';

type Schema = z.ZodType;

export interface Endpoint {
  readonly method: HttpMethod;
  /** Fastify-style path: `:name` segments are filled from `params`. */
  readonly path: string;
  readonly access: EndpointAccess;
  /**
   * The add-on this endpoint belongs to (the tools catalogue, plans/plans.ts): the server refuses
   * a caller for whom the tool is not installed or has expired in the account of the path.
   */
  readonly tool?: ToolKey;
  /** One line for the API reference. */
  readonly summary: string;
  readonly tags: readonly string[];
  /**
   * The cached data this endpoint reads, for the web's query keys: a live event or a write names
   * a resource (with the params it concerns) and every query of it is refetched.
   */
  readonly resource?: Resource;
  readonly params?: Schema;
  readonly query?: Schema;
  readonly body?: Schema;
  /** The answer on success; absent for answers that are not JSON (files, downloads, redirects). */
  readonly response?: Schema;
  /** The success status, 200 unless said. */
  readonly status?: 200 | 201;
}

/** Describes an endpoint, keeping its literal types for the server's handler and the client. */
export function endpoint<const E extends Endpoint>(description: E): E {
  return description;
}

type Out<S> = S extends Schema ? z.output<S> : undefined;
type In<S> = S extends Schema ? z.input<S> : undefined;

/** What a handler receives once the server has validated the request. */
export type EndpointParams<E extends Endpoint> = Out<E['params']>;
export type EndpointQuery<E extends Endpoint> = Out<E['query']>;
export type EndpointBody<E extends Endpoint> = Out<E['body']>;
/** What the handler returns (before the response schema's serialisation). */
export type EndpointResult<E extends Endpoint> = E['response'] extends Schema
  ? z.input<E['response']>
  : unknown;
/** What a caller gets back. */
export type EndpointResponse<E extends Endpoint> = E['response'] extends Schema
  ? z.output<E['response']>
  : unknown;

/** What a caller sends: only the parts the endpoint has. */
export type EndpointInput<E extends Endpoint> = (E['params'] extends Schema
  ? { params: In<E['params']> }
  : { params?: undefined }) &
  (E['query'] extends Schema ? { query?: Partial<In<E['query']>> } : { query?: undefined }) &
  (E['body'] extends Schema ? { body: In<E['body']> } : { body?: undefined });

/** Fills the `:name` segments of a path, encoded; a missing one is a programming error. */
export function fillPath(path: string, params: Readonly<Record<string, unknown>> | undefined): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, (_whole, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null || value === '') {
      throw new Error(`${path} needs the path parameter ${name}`);
    }
    return encodeURIComponent(String(value));
  });
}

/** The query string of a request: empty values are left out. */
export function queryString(query: Readonly<Record<string, unknown>> | undefined): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** The URL of an endpoint for these params and query (links, downloads, `<img src>`). */
export function endpointUrl(
  e: Endpoint,
  params?: Readonly<Record<string, unknown>>,
  query?: Readonly<Record<string, unknown>>,
): string {
  return fillPath(e.path, params) + queryString(query);
}
