import { activeAccount, type Session, type SessionAccount, useSession } from './session';
import { useWording, type Wording } from './use-wording';

export interface WorkAccount {
  session: Session;
  /** The account the pages work on: the one chosen in the header's switcher. */
  account: SessionAccount;
  /**
   * An admin who chose their own account: lists span all their teachers (the server widens an
   * admin's own account to the team), show teacher names, and create forms ask which teacher.
   */
  isAdmin: boolean;
  /** Teachers and admins manage classrooms; assistants work inside them. */
  managesClassrooms: boolean;
  words: Wording & { cap: (label: string) => string };
}

/**
 * Everyone works on the account chosen in the switcher (spec part 1 §4: an admin's first teacher
 * is active by default), so the teacher an admin picks scopes every page — classrooms, students,
 * fees, SMS, attendance, results and money — not only the dashboard. The server checks on every
 * call that the caller reaches that account (access.policy.ts: an admin only their own teachers).
 * Null while the session loads or when the user reaches no account yet.
 */
export function useWorkAccount(): WorkAccount | null {
  const { data: session } = useSession();
  const account = activeAccount(session);
  const words = useWording(account?.accountType);
  if (!session || !account) return null;
  return {
    session,
    account,
    isAdmin: session.user.profession === 'Admin' && account.relation === 'owner',
    managesClassrooms: account.relation !== 'assistant',
    words,
  };
}
