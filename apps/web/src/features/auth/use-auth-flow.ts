import type { SignedIn } from '@batchwise/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { homePathOf } from '../../lib/app-pages';
import { safeRedirectTarget } from '../../lib/route-rules';
import { sessionQuery, sessionQueryKey } from '../../lib/session';

/** Keeps the remembered destination when moving between auth pages. */
export function withRedirect(path: string, redirect: string | null): string {
  return redirect ? `${path}?${new URLSearchParams({ redirect }).toString()}` : path;
}

/**
 * What every sign-in screen shares: the remembered destination (only same-site paths), whether
 * the visitor is already signed in (then they go straight on), and the switch to the "Setting
 * up connected accounts" panel once a sign-in succeeds.
 */
export function useAuthFlow() {
  const [searchParams] = useSearchParams();
  const redirect = safeRedirectTarget(searchParams.get('redirect'));
  const queryClient = useQueryClient();
  const [signedIn, setSignedIn] = useState<SignedIn | null>(null);
  const session = useQuery({ ...sessionQuery, enabled: signedIn === null });

  const handleSignedIn = (result: SignedIn) => {
    // The previous visitor's answers (a 401, or another user's data) must not be reused.
    queryClient.removeQueries({ queryKey: sessionQueryKey });
    setSignedIn(result);
  };

  // Signed in already: straight on to the remembered page or home, no form.
  const alreadySignedInTo =
    signedIn === null && session.isSuccess ? (redirect ?? homePathOf(session.data)) : null;
  return { redirect, signedIn, handleSignedIn, alreadySignedInTo };
}
