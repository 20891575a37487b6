import { useQuery } from '@tanstack/react-query';
import { api } from './api';

/** The session body's shape is defined by the sign-in issue; until then it is opaque. */
export type Session = Record<string, unknown>;

export const sessionQueryKey = ['session'] as const;

/**
 * `GET /api/session`: a 200 means signed in. Any failure (401, a server without the route, no
 * network) means signed out; retrying would only delay the redirect to sign-in.
 */
export function useSession() {
  return useQuery({
    queryKey: sessionQueryKey,
    queryFn: ({ signal }) => api.get<Session>('/api/session', signal),
    retry: false,
    staleTime: 60_000,
  });
}
