import { activeAccount, type Session, type SessionAccount, useSession } from './session';
import { useWording, type Wording } from './use-wording';

export interface WorkAccount {
  session: Session;
  /** The account the classroom and student pages work on. */
  account: SessionAccount;
  /** An admin on their own account: lists span all their teachers and show teacher names. */
  isAdmin: boolean;
  /** Teachers and admins manage classrooms; assistants work inside them. */
  managesClassrooms: boolean;
  words: Wording & { cap: (label: string) => string };
}

/**
 * Admins work on their own account, which the server widens to every teacher they manage (the
 * spec's admin lists with teacher names); teachers on theirs; assistants on the account chosen in
 * the switcher. Null while the session loads or when the user reaches no account yet.
 */
export function useWorkAccount(): WorkAccount | null {
  const { data: session } = useSession();
  const isAdmin = session?.user.profession === 'Admin';
  const account =
    (isAdmin ? session?.accounts.find((candidate) => candidate.relation === 'owner') : null) ??
    activeAccount(session);
  const words = useWording(account?.accountType);
  if (!session || !account) return null;
  return {
    session,
    account,
    isAdmin,
    managesClassrooms: account.relation !== 'assistant',
    words,
  };
}
