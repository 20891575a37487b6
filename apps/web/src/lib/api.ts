import { CSRF_HEADER } from '@batchwise/domain';
import { takeEarlyGet } from './early-requests';

/**
 * The one way the web app talks to the server. Every failure becomes an `ApiError` with the
 * server's stable `code`, so screens translate by code instead of parsing messages.
 */

/** Codes made up on this side of the wire, for failures that never got a server answer. */
export const NETWORK_ERROR = 'NETWORK_ERROR';

export type ErrorParams = Readonly<Record<string, string | number>>;

export class ApiError extends Error {
  readonly code: string;
  readonly status: number;
  /** Values for the message's placeholders, so a translation can interpolate its own text. */
  readonly params: ErrorParams | undefined;

  constructor(status: number, code: string, message: string, params?: ErrorParams) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.params = params;
  }
}

/**
 * `GET /api/session` answers null to a visitor who is not signed in (a 200, so a signed-out page
 * logs no failed request). The session queries turn that answer into the error every other route
 * gives a signed-out caller, so the guards that send a visitor to sign-in keep one way to tell.
 */
export function signedInOrThrow<T>(session: T | null): T {
  if (session === null) throw new ApiError(401, 'UNAUTHENTICATED', 'Not signed in');
  return session;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/**
 * Builds the error for a non-2xx answer. The server replies `{ error: { code, message } }`; a
 * proxy or a crashed upstream may reply with anything, so the status alone must still work.
 */
export function toApiError(status: number, body: unknown): ApiError {
  const error = isRecord(body) && isRecord(body.error) ? body.error : undefined;
  const code = typeof error?.code === 'string' && error.code ? error.code : `HTTP_${status}`;
  const message = typeof error?.message === 'string' ? error.message : '';
  const params = isRecord(error?.params) ? readParams(error.params) : undefined;
  return new ApiError(status, code, message, params);
}

function readParams(raw: Record<string, unknown>): ErrorParams {
  const params: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(raw)) {
    if (typeof value === 'string' || typeof value === 'number') params[key] = value;
  }
  return params;
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
}

export async function apiFetch<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const method = options.method ?? 'GET';
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (method !== 'GET') headers[CSRF_HEADER] = '1';
  let response: Response;
  try {
    const early = method === 'GET' ? takeEarlyGet(path) : undefined;
    response = await (early ??
      fetch(path, {
        method,
        headers,
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
        credentials: 'same-origin',
        signal: options.signal,
      }));
  } catch (cause) {
    // Aborts belong to TanStack Query's cancellation, not to the user: let them through as-is.
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError(0, NETWORK_ERROR, 'The server could not be reached.');
  }
  const body = await readBody(response);
  if (!response.ok) throw toApiError(response.status, body);
  return body as T;
}
