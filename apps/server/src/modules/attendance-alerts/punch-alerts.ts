import { type AttendanceAlertSkipReason, renderAttendanceAlert, smsModeCovers } from '@batchwise/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Insertable } from 'kysely';
import type { Db } from '../../db/database';
import type { AttendanceAlertsTable } from '../../db/schema-attendance-alerts';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { newId } from '../../lib/ids';
import type { EventBus } from '../events/event-bus';
import { publishQuota } from '../sms/sms-quota';
import type { SmsSendService } from '../sms/sms-send.service';
import { AttendanceAlertsRepository } from './attendance-alerts.repository';
import {
  classroomOfPunch,
  DEFAULT_ALERT_LANGUAGE,
  familyPhone,
  ownTemplates,
  templateOf,
} from './attendance-alerts-build';

/**
 * Short attendance links (`/a/{key}`) of students for an SMS of a classroom: none while the
 * classroom's portal settings keep the link out of attendance SMS (modules/portal).
 */
export type AttendanceLinkLookup = (
  accountId: string,
  classroomId: string,
  studentIds: readonly string[],
) => Promise<ReadonlyMap<string, string>>;

export interface AlertSenderDeps {
  db: Db;
  clock: Clock;
  events: EventBus;
  sends: SmsSendService;
  smsAttendanceLinks?: AttendanceLinkLookup;
}

/**
 * A punch this old when its job runs is no news to a family: a kiosk that was offline for hours
 * sends its punches when it comes back, and "Rahim arrived at 8:05" at 3 PM would only confuse.
 */
export const ALERT_STALE_AFTER_MS = 2 * 60 * 60_000;

/** What became of one punch's alert; null when no classroom of the student wants one. */
export type PunchAlertOutcome = 'sent' | 'already' | AttendanceAlertSkipReason | null;

/** A punch as the alerts need it (what PunchService just stored, or the job reads back). */
export interface Punch {
  id: string;
  account_id: string;
  student_id: string;
  direction: 'entry' | 'exit';
  at: number;
}
type Room = Awaited<ReturnType<AttendanceAlertsRepository['alertClassroomsOf']>>[number];
type Student = Awaited<ReturnType<AttendanceAlertsRepository['students']>>[number];
type Account = NonNullable<Awaited<ReturnType<AttendanceAlertsRepository['account']>>>;

/**
 * The parent SMS of entry and exit punches, run by the `attendance.alert` job
 * that PunchService.record enqueues with the punches. For each punch, the student's classrooms
 * whose setting covers its direction decide (one of them, classroomOfPunch); the message goes
 * through the SMS module as an urgent (transactional) send, so the quiet hours do not hold it,
 * paid from the quota like any send.
 *
 * Exactly once: a punch's log row (unique `punch:{id}`) is written in the same transaction as its
 * send, so a retried job, a restart or a second worker finds it and sends nothing. At most one SMS
 * per direction per student per window: the window row is claimed in that transaction too.
 * Nothing here throws for a family's data (no phone, no quota): it is logged as skipped, with
 * why, for the teacher to see, and the job completes.
 *
 * Fast path: PunchService hands new punches over right after its commit (handleSoon), so the SMS
 * is queued within milliseconds instead of waiting for the worker, which may be busy pacing
 * gateway requests of other sends (the attendance capability: punch → SMS queued p95 ≤ 1 s). The job stays the
 * durable path: when it runs it finds the punches handled, or does what a crash left undone.
 */
export class PunchAlerts {
  private readonly inFlight = new Set<Promise<unknown>>();

  constructor(private readonly deps: AlertSenderDeps & { log?: Pick<FastifyBaseLogger, 'warn'> }) {}

  /** The `attendance.alert` job: the punches by id. */
  async handle(punchIds: readonly string[]): Promise<PunchAlertOutcome[]> {
    const punches = await new AttendanceAlertsRepository(this.deps.db.kysely).punches(punchIds);
    return this.handlePunches(punches.map((p) => ({ ...p, at: Number(p.at) })));
  }

  /** Starts on punches just committed, without holding up the caller; failures are left to the job. */
  handleSoon(punches: readonly Punch[]): void {
    const work = this.handlePunches(punches).catch((err) =>
      this.deps.log?.warn({ err }, 'attendance SMS left to the job worker'),
    );
    this.inFlight.add(work);
    void work.finally(() => this.inFlight.delete(work));
  }

  /** Resolves once the alerts handleSoon started have finished (tests, the bench, shutdown). */
  async idle(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.all(this.inFlight);
  }

  private async handlePunches(punches: readonly Punch[]): Promise<PunchAlertOutcome[]> {
    if (punches.length === 0) return [];
    const repo = new AttendanceAlertsRepository(this.deps.db.kysely);
    // Most punches are of classrooms with SMS off: one read tells, before anything else.
    const rooms = new Map<string, Room[]>();
    for (const room of await repo.alertClassroomsOf([...new Set(punches.map((p) => p.student_id))])) {
      rooms.set(room.student_id, [...(rooms.get(room.student_id) ?? []), room]);
    }
    const covered = punches.flatMap((punch) => {
      const covering = (rooms.get(punch.student_id) ?? []).filter((r) =>
        smsModeCovers(r.sms_mode, punch.direction),
      );
      const room = classroomOfPunch(covering, punch.at);
      return room ? [{ punch, room }] : [];
    });
    if (covered.length === 0) return [];
    const done = await repo.handledKeys(covered.map((w) => keyOf(w.punch.id)));
    const wanted = covered.filter((w) => !done.has(keyOf(w.punch.id)));
    if (wanted.length === 0) return [];

    const outcomes: PunchAlertOutcome[] = [];
    const payers = new Set<string>();
    const accounts = new Set<string>();
    for (const accountId of new Set(wanted.map((w) => w.punch.account_id))) {
      const account = await repo.account(accountId);
      if (!account) continue;
      const ours = wanted.filter((w) => w.punch.account_id === accountId);
      const students = new Map(
        (await repo.students(accountId, [...new Set(ours.map((w) => w.punch.student_id))])).map((s) => [
          s.id,
          s,
        ]),
      );
      for (const { punch, room } of ours) {
        const student = students.get(punch.student_id);
        if (!student) continue;
        const outcome = await this.alertOne(punch, room, student, account);
        outcomes.push(outcome.outcome);
        if (outcome.payer) payers.add(outcome.payer);
        accounts.add(accountId);
      }
    }
    for (const payer of payers) await publishQuota(this.deps.events, payer);
    for (const accountId of accounts) {
      await this.deps.events.publish({
        channel: `account:${accountId}`,
        type: 'attendance-alerts.logged',
        stale: [{ resource: 'attendance-alerts' }, { resource: 'sms-sends', params: { accountId } }],
      });
    }
    return outcomes;
  }

  private async alertOne(
    punch: Punch,
    room: Room,
    student: Student,
    account: Account,
  ): Promise<{ outcome: PunchAlertOutcome; payer?: string }> {
    const now = this.deps.clock.now();
    const key = keyOf(punch.id);
    const base: Insertable<AttendanceAlertsTable> = {
      id: newId(now),
      account_id: punch.account_id,
      dedupe_key: key,
      kind: punch.direction,
      student_id: student.id,
      classroom_id: room.classroom_id,
      punch_id: punch.id,
      at: punch.at,
      outcome: 'skipped',
      reason: null,
      phone: null,
      text: null,
      parts: 0,
      send_id: null,
      created_at: now,
    };
    const repo = new AttendanceAlertsRepository(this.deps.db.kysely);
    const skip = async (reason: AttendanceAlertSkipReason, more: Partial<typeof base> = {}) => ({
      outcome: (await repo.claim({ ...base, ...more, reason })) ? reason : ('already' as const),
    });

    if (now - punch.at > ALERT_STALE_AFTER_MS) return skip('stale');
    const to = familyPhone(student);
    if (!to) return skip('no-phone');
    const language = room.language ?? DEFAULT_ALERT_LANGUAGE;
    const links = await this.deps.smsAttendanceLinks?.(punch.account_id, room.classroom_id, [student.id]);
    const rendered = renderAttendanceAlert(
      templateOf(ownTemplates(room.templates), punch.direction, language),
      {
        kind: punch.direction,
        name: student.name,
        customId: student.custom_id,
        phone: to.phone,
        at: punch.at,
        institution: account.institution,
        classroom: room.name,
        link: links?.get(student.id),
      },
      language,
    );
    if (!rendered) return skip('condition', { phone: to.phone });

    const message = { phone: to.phone, text: rendered.text, parts: rendered.parts };
    try {
      return await this.deps.db.kysely.transaction().execute(async (trx) => {
        const alerts = new AttendanceAlertsRepository(trx);
        if (!(await alerts.claim({ ...base, ...message, outcome: 'sent' })))
          return { outcome: 'already' as const };
        const windowMs = Number(room.sms_window_minutes) * 60_000;
        if (!(await alerts.claimWindow(student.id, punch.direction, punch.at, windowMs))) {
          await alerts.settle(key, {
            outcome: 'skipped',
            reason: 'window',
            send_id: null,
            text: rendered.text,
            parts: 0,
          });
          return { outcome: 'window' as const };
        }
        const queued = await this.deps.sends.queue(
          {
            accountId: punch.account_id,
            userId: account.owner_user_id,
            text: rendered.text,
            recipients: [{ phone: to.phone, source: to.source, studentId: student.id }],
            // Transactional: an attendance alert is news now, never held for the quiet hours.
            urgent: true,
            classroomIds: [room.classroom_id],
          },
          trx,
        );
        await alerts.settle(key, {
          outcome: 'sent',
          reason: null,
          send_id: queued.sendId,
          text: rendered.text,
          parts: queued.parts,
        });
        return { outcome: 'sent' as const, payer: queued.payerAccountId };
      });
    } catch (err) {
      if (!(err instanceof AppError) || err.code !== 'SMS_QUOTA_NOT_ENOUGH') throw err;
      return skip('no-quota', { phone: to.phone, text: rendered.text });
    }
  }
}

const keyOf = (punchId: string) => `punch:${punchId}`;
