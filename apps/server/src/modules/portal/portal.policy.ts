import { PORTAL_SETTINGS_DEFAULTS, type PortalSettings } from '@batchwise/domain';
import type { Selectable } from 'kysely';
import type { PortalClassroomSettingsTable } from '../../db/schema-portal';
import type { Principal } from '../../lib/access';
import { failure, notFound } from '../../lib/errors';
import type { FamilyFilter, PortalRepository } from './portal.repository';

/**
 * Guardian-of / self (DESIGN.md §1 "Family portal"): a parent reads the children whose records
 * list their verified phone as parent 1 or 2 right now, across every account; a student reads
 * only the records joined to their own sign-in. Anything else is answered as not found, so a
 * family learns nothing of other students, not even that they exist.
 */
export function familyFilter(principal: Principal): FamilyFilter {
  const filter = familyFilterOf(principal.user);
  if (!filter) throw failure(403, 'FORBIDDEN');
  return filter;
}

/** The same rule for a user read outside a request (a child's calendar feed); null: no family role. */
export function familyFilterOf(
  user: Pick<Principal['user'], 'id' | 'profession' | 'phone'>,
): FamilyFilter | null {
  if (user.profession === 'Student') return { userId: user.id };
  // A parent's phone is proven: a Parent user is only ever made by signing in with its code.
  // One who has since cleared it in Settings has no children until a phone is proven again.
  if (user.profession === 'Parent') return user.phone ? { parentPhone: user.phone } : { nobody: true };
  return null;
}

export type Child = Awaited<ReturnType<PortalRepository['children']>>[number];

/** The caller's children (a student: their own records). */
export function childrenOf(repo: PortalRepository, principal: Principal): Promise<Child[]> {
  return repo.children(familyFilter(principal));
}

/** One child of the caller, or 404. */
export async function requireChild(repo: PortalRepository, principal: Principal, studentId: string) {
  const [child] = await repo.children(familyFilter(principal), studentId);
  if (!child) throw notFound();
  return child;
}

/** A classroom's settings: its row, or the defaults (contracts/portal.ts). */
export function settingsOf(row: Selectable<PortalClassroomSettingsTable> | undefined): PortalSettings {
  if (!row) return { ...PORTAL_SETTINGS_DEFAULTS };
  return {
    showDues: row.show_dues === 1,
    onlinePayment: row.online_payment === 1,
    showAttendance: row.show_attendance === 1,
    showResults: row.show_results === 1,
    attendanceLinkInSms: row.attendance_link_sms === 1,
  };
}

/** The classrooms whose setting is on. */
export function classroomsShowing(
  settings: ReadonlyMap<string, PortalSettings>,
  key: 'showDues' | 'showAttendance' | 'showResults',
): string[] {
  return [...settings].filter(([, s]) => s[key]).map(([id]) => id);
}
