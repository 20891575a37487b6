import type { PortalToday, ReportCard } from '@batchwise/domain';
import type { Principal } from '../../lib/access';
import type { Child } from './portal.policy';

// The family portal's pure parts: what a card shows of a result, today at a glance, and whose
// phone a family member's messages go to.

/** The phone a family member's messages go to: a parent's own, a student's on their record. */
export function familyPhone(principal: Principal, child: Child): string | null {
  return principal.user.profession === 'Parent'
    ? principal.user.phone
    : child.phone.replace(/D$/, '') || null;
}

/** A result as the portal's home and results list show it. */
export function resultOf(card: Pick<ReportCard, 'classroom' | 'term' | 'overview' | 'acknowledgedAt'>) {
  return {
    classroomId: card.classroom.id,
    classroomName: card.classroom.name,
    term: card.term,
    percent: card.overview.percent,
    gpa: card.overview.gpa,
    letter: card.overview.letter,
    passed: card.overview.passed,
    position: card.overview.position,
    acknowledgedAt: card.acknowledgedAt,
  };
}

/** Today at a glance: punches first (in or left), else the day's roll-call mark. */
export function todayOf(
  day: { marks: { status: string }[]; punches: { at: number; direction: string }[] },
  date: string,
): PortalToday {
  const entries = day.punches.filter((p) => p.direction === 'entry');
  const exits = day.punches.filter((p) => p.direction === 'exit');
  const last = day.punches.at(-1);
  const firstEntryAt = entries[0]?.at ?? null;
  const lastExitAt = exits.at(-1)?.at ?? null;
  if (last) return { date, state: last.direction === 'entry' ? 'in' : 'left', firstEntryAt, lastExitAt };
  const statuses = new Set(day.marks.map((m) => m.status));
  const state = statuses.has('late')
    ? 'late'
    : statuses.has('present')
      ? 'in'
      : statuses.has('absent')
        ? 'absent'
        : statuses.has('leave')
          ? 'leave'
          : 'none';
  return { date, state, firstEntryAt, lastExitAt };
}
