import { PROFESSION_HOMES, type ProtectedArea, protectedAreas } from '../../app/paths';

/**
 * Which area's dashboard the navigation points at. The session's profession decides once the
 * sign-in issue defines the session body; until then the area in the address does, then teacher.
 */
export function homeArea(session: Record<string, unknown> | undefined, pathname: string): ProtectedArea {
  const profession = session?.profession;
  if (typeof profession === 'string' && profession in PROFESSION_HOMES) {
    return PROFESSION_HOMES[profession as keyof typeof PROFESSION_HOMES];
  }
  const segment = pathname.split('/')[1]?.toLowerCase();
  const area = protectedAreas.find((candidate) => candidate.toLowerCase() === segment);
  return area && area !== 'settings' ? area : 'teacher';
}
