import { ApiError } from '../../lib/api';
import { activeAccount, useSession } from '../../lib/session';

/**
 * Who opened a running-the-platform page: platform staff see every account; an owner (or an
 * admin) their account; an assistant is refused, as the server refuses them (insight.policy.ts).
 */
export type Viewer =
  | { kind: 'loading' }
  | { kind: 'signedOut' }
  | { kind: 'staff' }
  | { kind: 'owner'; accountId: string }
  | { kind: 'refused' }
  | { kind: 'error' };

export function useViewer(): Viewer {
  const session = useSession();
  if (session.isPending) return { kind: 'loading' };
  if (session.error instanceof ApiError && session.error.status === 401) return { kind: 'signedOut' };
  if (!session.data) return { kind: 'error' };
  if (session.data.user.isStaff) return { kind: 'staff' };
  const account = activeAccount(session.data);
  if (!account || account.relation === 'assistant') return { kind: 'refused' };
  return { kind: 'owner', accountId: account.id };
}
