import type { TimetableEventKind } from '@batchwise/domain';
import { entries, type ImportContext, isoDate, ms, text, textOrNull } from './firebase-values';
import type { ImportedClassroom } from './map-classrooms';

/** The original's event types as people wrote them, in lower case, and the timetable's kinds. */
const KINDS: Readonly<Record<string, TimetableEventKind>> = {
  cancelled: 'cancelled',
  canceled: 'cancelled',
  'class cancelled': 'cancelled',
  extra: 'extra',
  'extra class': 'extra',
  exam: 'exam',
  holiday: 'holiday',
  moved: 'moved',
  rescheduled: 'moved',
};

function timeOf(value: unknown): string | null {
  const match = /^(\d{1,2}):([0-5]\d)$/.exec(text(value));
  return match && Number(match[1]) < 24 ? `${match[1]!.padStart(2, '0')}:${match[2]}` : null;
}

/**
 * A classroom's Events (part 1 §3 "Batch") as the timetable's one-off changes: a cancelled,
 * extra, moved (rescheduled) or exam class, or a holiday, on a date of either order. An event of
 * another kind, or without the date and times its kind needs, is skipped with the reason.
 */
export async function importEvents(
  ctx: ImportContext,
  uid: string,
  accountId: string,
  classrooms: readonly ImportedClassroom[],
): Promise<void> {
  const events: { key: string; values: Record<string, unknown>; createOnly: Record<string, unknown> }[] = [];
  for (const classroom of classrooms) {
    for (const [eventKey, event] of entries(classroom.data.Events)) {
      const key = `${uid}/${classroom.batchKey}/${eventKey}`;
      ctx.report.read('timetableEvents');
      const kind = KINDS[text(event.Type).toLowerCase()];
      const date = isoDate(event.Date);
      const [start, end] = [timeOf(event.Start), timeOf(event.End)];
      const moved = [isoDate(event.NewDate), timeOf(event.NewStart), timeOf(event.NewEnd)] as const;
      const reason = !kind
        ? 'IMPORT_UNKNOWN_EVENT_KIND'
        : !date
          ? 'IMPORT_EVENT_WITHOUT_DATE'
          : kind !== 'holiday' && (!start || !end)
            ? 'IMPORT_EVENT_WITHOUT_TIMES'
            : kind === 'moved' && moved.includes(null)
              ? 'IMPORT_MOVED_CLASS_WITHOUT_NEW_TIMES'
              : null;
      if (reason) {
        ctx.report.skip('timetableEvents', key, reason, kind ? undefined : { kind: text(event.Type) });
        continue;
      }
      const holiday = kind === 'holiday';
      events.push({
        key,
        values: {
          account_id: accountId,
          classroom_id: classroom.id,
          kind,
          date,
          start: holiday ? null : start,
          end: holiday ? null : end,
          new_date: kind === 'moved' ? moved[0] : null,
          new_start: kind === 'moved' ? moved[1] : null,
          new_end: kind === 'moved' ? moved[2] : null,
          place: textOrNull(event.Place ?? event.Location),
          note: textOrNull(event.Note ?? event.Title),
        },
        createOnly: {
          sms_send_id: null,
          remind_language: null,
          reminded_at: null,
          reminder_send_id: null,
          created_by: null,
          created_at: ms(event.createdAt) ?? ctx.now,
        },
      });
    }
  }
  const written = await ctx.repo.syncKeyedMany('timetable_events', 'timetable-event', events, ctx.now);
  for (const { outcome } of written) ctx.report.wrote('timetableEvents', outcome);
}
