import {
  type AttendanceAlertSkipReason,
  addDays,
  dayOf,
  renderAttendanceAlert,
  sessionsOn,
} from '@batchwise/domain';
import type { Insertable } from 'kysely';
import type { AttendanceAlertsTable } from '../../db/schema-attendance-alerts';
import { AppError } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { parseTimings } from '../classrooms/classrooms.service';
import type { JobQueue } from '../jobs/jobs.service';
import { publishQuota } from '../sms/sms-quota';
import type { SmsRecipient } from '../sms/sms-send.service';
import { AttendanceAlertsRepository } from './attendance-alerts.repository';
import { DEFAULT_ALERT_LANGUAGE, familyPhone, ownTemplates, templateOf } from './attendance-alerts-build';
import type { AlertSenderDeps } from './punch-alerts';

// The absence SMS (optional per classroom): once a session has started and its
// late time has passed, each enrolled student with no present or late mark for it gets one SMS.
// Like the monthly dues reminder (dues-reminders-schedule.ts) it runs on the jobs worker: a scan
// every ten minutes puts one job per classroom session in the queue, due at start + late time,
// keyed so a session is queued once however many processes scan; the job sends at most once per
// student and session (the log's dedupe key, written in the send's transaction).

export const ABSENCE_SCAN_JOB = 'attendance-alerts.absence-scan';
export const ABSENCE_JOB = 'attendance-alerts.absence';

const MINUTE_MS = 60_000;
const SCAN_EVERY_MS = 10 * MINUTE_MS;
/** A scan queues the sessions due before the scan after next, so none falls between two scans. */
const LOOKAHEAD_MS = 2 * SCAN_EVERY_MS;
/** A session whose absence time passed longer ago (the server was down) is not texted any more. */
export const ABSENCE_CATCH_UP_MS = 2 * 60 * MINUTE_MS;

export interface AbsenceJob {
  classroomId: string;
  /** The session's Bangladesh date and start (the key of its marks). */
  date: string;
  start: string;
  /** When it was due: start + late time as the scan saw them; a changed late time makes it moot. */
  due: number;
}

/** The next ten-minute mark after `now`. */
export function nextAbsenceScan(now: number): number {
  return (Math.floor(now / SCAN_EVERY_MS) + 1) * SCAN_EVERY_MS;
}

/** Puts the next scan in the queue; keyed by its time, so one runs however many processes start. */
export async function scheduleAbsenceScan(jobs: JobQueue, clock: { now(): number }): Promise<void> {
  const runAt = nextAbsenceScan(clock.now());
  await jobs.enqueue(ABSENCE_SCAN_JOB, {}, { runAt, idempotencyKey: `${ABSENCE_SCAN_JOB}:${runAt}` });
}

/**
 * Queues the absence job of every session of a classroom with absence SMS on that is due from
 * `ABSENCE_CATCH_UP_MS` ago up to `LOOKAHEAD_MS` ahead. Returns how many jobs were new.
 */
export async function enqueueAbsenceChecks(deps: Pick<AlertSenderDeps, 'db' | 'clock'> & { jobs: JobQueue }) {
  const now = deps.clock.now();
  const from = now - ABSENCE_CATCH_UP_MS;
  const to = now + LOOKAHEAD_MS;
  // Sessions start on these dates (a long late time can carry one into the next date).
  const dates = new Set([addDays(dayOf(from), -1), dayOf(from), dayOf(to)]);
  let queued = 0;
  for (const room of await new AttendanceAlertsRepository(deps.db.kysely).absenceClassrooms()) {
    const timings = parseTimings(room.timings);
    for (const date of dates) {
      for (const session of sessionsOn(timings, date)) {
        const due = session.startAt + Number(room.late_after_minutes) * MINUTE_MS;
        if (due <= from || due > to) continue;
        const job: AbsenceJob = { classroomId: room.id, date, start: session.start, due };
        const { created } = await deps.jobs.enqueue(ABSENCE_JOB, job, {
          runAt: due,
          idempotencyKey: `${ABSENCE_JOB}:${room.id}:${date}:${session.start}:${due}`,
        });
        if (created) queued += 1;
      }
    }
  }
  return queued;
}

export type AbsenceOutcome =
  | { outcome: 'off' | 'moot' | 'too-late' | 'no-marks' | 'already' }
  | { outcome: 'done'; sent: number; skipped: number };

type Enrolled = Awaited<ReturnType<AttendanceAlertsRepository['enrolledStudents']>>[number];

/** The absence SMS of one classroom session (the job queued by enqueueAbsenceChecks). */
export class AbsenceAlerts {
  constructor(private readonly deps: AlertSenderDeps) {}

  async run(job: AbsenceJob): Promise<AbsenceOutcome> {
    const repo = new AttendanceAlertsRepository(this.deps.db.kysely);
    const room = await repo.absenceClassroom(job.classroomId);
    if (room?.absence_sms !== 1 || room.closed_at !== null) return { outcome: 'off' };
    const session = sessionsOn(parseTimings(room.timings), job.date).find((s) => s.start === job.start);
    // The timings or the late time changed since the scan: the session is gone, or a job with the
    // new due time is (or will be) queued instead.
    if (!session || session.startAt + Number(room.late_after_minutes) * MINUTE_MS !== job.due) {
      return { outcome: 'moot' };
    }
    const now = this.deps.clock.now();
    if (now - job.due > ABSENCE_CATCH_UP_MS) return { outcome: 'too-late' };

    const sessionKey = `absence:${room.id}:${job.date}:${job.start}`;
    const marks = await repo.sessionMarks(room.id, job.date, job.start);
    const base = {
      account_id: room.account_id,
      kind: 'absence' as const,
      classroom_id: room.id,
      punch_id: null,
      at: session.startAt,
      phone: null,
      text: null,
      parts: 0,
      send_id: null,
      created_at: now,
    };
    // Nobody present or late: the class did not meet, or attendance is not taken there. Texting
    // every family "absent" would be wrong, so the session is logged as skipped instead.
    if (!marks.some((m) => m.status === 'present' || m.status === 'late')) {
      const claimed = await repo.claim({
        ...base,
        id: newId(now),
        dedupe_key: `${sessionKey}:session`,
        student_id: null,
        outcome: 'skipped',
        reason: 'no-marks',
      });
      if (claimed) await this.published(room.account_id, null);
      return { outcome: claimed ? 'no-marks' : 'already' };
    }
    const attended = new Map(marks.map((m) => [m.student_id, m.status]));
    // On leave is excused; marked absent or not marked at all is an absence.
    const absent = (await repo.enrolledStudents(room.id, session.startAt)).filter((s) => {
      const status = attended.get(s.id);
      return status === undefined || status === 'absent';
    });
    const keyOf = (s: Enrolled) => `${sessionKey}:${s.id}`;
    const done = await repo.handledKeys(absent.map(keyOf));
    const todo = absent.filter((s) => !done.has(keyOf(s)));
    if (todo.length === 0) return { outcome: 'already' };

    const language = room.language ?? DEFAULT_ALERT_LANGUAGE;
    const template = templateOf(ownTemplates(room.templates), 'absence', language);
    const row = (s: Enrolled): Insertable<AttendanceAlertsTable> => ({
      ...base,
      id: newId(now),
      dedupe_key: keyOf(s),
      student_id: s.id,
      outcome: 'skipped',
      reason: null,
    });
    const skipped: Insertable<AttendanceAlertsTable>[] = [];
    const messages: { student: Enrolled; recipient: SmsRecipient; text: string; parts: number }[] = [];
    const seen = new Set<string>();
    const links = await this.deps.smsAttendanceLinks?.(
      room.account_id,
      room.id,
      todo.map((s) => s.id),
    );
    for (const s of todo) {
      const to = familyPhone(s);
      const rendered =
        to &&
        renderAttendanceAlert(
          template,
          {
            kind: 'absence',
            name: s.name,
            customId: s.custom_id,
            phone: to.phone,
            at: session.startAt,
            institution: room.institution,
            classroom: room.name,
            link: links?.get(s.id),
          },
          language,
        );
      const reason: AttendanceAlertSkipReason | null = !to ? 'no-phone' : !rendered ? 'condition' : null;
      // A number gets one text once per send: the same text again (two siblings of one name and
      // one phone, in theory) is the window's case, one SMS of a kind at a time.
      if (reason || !to || !rendered || seen.has(`${to.phone}\n${rendered.text}`)) {
        skipped.push({ ...row(s), reason: reason ?? 'window', phone: to?.phone ?? null });
        continue;
      }
      seen.add(`${to.phone}\n${rendered.text}`);
      messages.push({
        student: s,
        recipient: { phone: to.phone, source: to.source, studentId: s.id, own: rendered },
        ...rendered,
      });
    }

    let sent = 0;
    let payer: string | null = null;
    if (messages.length > 0) {
      try {
        const result = await this.deps.db.kysely.transaction().execute(async (trx) => {
          const alerts = new AttendanceAlertsRepository(trx);
          const claimed: typeof messages = [];
          for (const m of messages) {
            const claim = {
              ...row(m.student),
              outcome: 'sent' as const,
              phone: m.recipient.phone,
              text: m.text,
              parts: m.parts,
            };
            if (await alerts.claim(claim)) claimed.push(m);
          }
          if (claimed.length === 0) return null;
          const queued = await this.deps.sends.queue(
            {
              accountId: room.account_id,
              userId: room.owner_user_id,
              text: template,
              recipients: claimed.map((m) => m.recipient),
              // Sent when the session's late time passes, quiet hours or not: a late-evening batch
              // still hears of an absence that evening.
              urgent: true,
              classroomIds: [room.id],
            },
            trx,
          );
          for (const m of claimed) await alerts.setSend(keyOf(m.student), queued.sendId);
          return { count: claimed.length, payer: queued.payerAccountId };
        });
        sent = result?.count ?? 0;
        payer = result?.payer ?? null;
      } catch (err) {
        if (!(err instanceof AppError) || err.code !== 'SMS_QUOTA_NOT_ENOUGH') throw err;
        for (const m of messages) {
          skipped.push({ ...row(m.student), reason: 'no-quota', phone: m.recipient.phone, text: m.text });
        }
      }
    }
    let skippedCount = 0;
    for (const s of skipped) if (await repo.claim(s)) skippedCount += 1;
    await this.published(room.account_id, payer);
    return { outcome: 'done', sent, skipped: skippedCount };
  }

  private async published(accountId: string, payer: string | null) {
    if (payer) await publishQuota(this.deps.events, payer);
    await this.deps.events.publish({
      channel: `account:${accountId}`,
      type: 'attendance-alerts.logged',
      stale: [{ resource: 'attendance-alerts' }, { resource: 'sms-sends', params: { accountId } }],
    });
  }
}
