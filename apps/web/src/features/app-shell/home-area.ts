import { homePathOf } from '../../lib/app-pages';
import { type ProtectedArea, protectedAreas } from '../../lib/paths';
import type { Session } from '../../lib/session';

function areaOf(pathname: string | undefined): ProtectedArea | null {
  const segment = pathname?.split('/')[1]?.toLowerCase();
  return protectedAreas.find((candidate) => candidate.toLowerCase() === segment) ?? null;
}

/**
 * The area the navigation points at: the signed-in user's home (from the session's home path),
 * else the area in the address, else teacher. `settings` is shared by everyone, never a home.
 */
export function homeArea(
  session:
    | (Pick<Session, 'homePath'> & { user: Pick<Session['user'], 'profession' | 'isStaff'> })
    | undefined,
  pathname: string,
): ProtectedArea {
  const home = areaOf(session ? homePathOf(session) : undefined);
  if (home && home !== 'settings') return home;
  const current = areaOf(pathname);
  return current && current !== 'settings' ? current : 'teacher';
}
