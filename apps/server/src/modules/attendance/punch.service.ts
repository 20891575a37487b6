import {
  ATTENDANCE_PUNCH_EVENT,
  type AttendancePunchEvent,
  addDays,
  type ClassroomSchedule,
  DEFAULT_LATE_AFTER_MINUTES,
  dayOf,
  dayStartMs,
  isoDate,
  meetingsAround,
  PORTAL_PUNCH_EVENT,
  type PortalPunchEvent,
  type PunchDirection,
  type PunchVia,
  punchDirection,
  punchMarkUpdate,
  punchStatus,
  type TimetableEvent,
} from '@batchwise/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Db } from '../../db/database';
import type { Database } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { newId } from '../../lib/ids';
import { portalChannel } from '../events/channels';
import type { EventBus } from '../events/event-bus';
import type { JobQueue } from '../jobs/jobs.service';
import { eventOf, TimetableRepository } from '../timetable/timetable.repository';
import { emitWebhook } from '../webhooks/webhook-outbox';
import { type PunchClassroom, PunchesRepository, type PunchRow } from './punches.repository';

export interface PunchDeps {
  db: Db;
  clock: Clock;
  jobs: JobQueue;
  events: EventBus;
  log: Pick<FastifyBaseLogger, 'warn'>;
  /**
   * Told of new punches right after their commit, without being waited for: the parent SMS starts
   * at once instead of at the worker's turn (attendance-alerts PunchAlerts.handleSoon); the job
   * queued with the punches stays the durable path.
   */
  afterRecord?: (
    punches: readonly {
      id: string;
      account_id: string;
      student_id: string;
      direction: PunchDirection;
      at: number;
    }[],
  ) => void;
}

/** One punch to record, its student already known (kiosk code, device PIN, or a person). */
export interface PunchInput {
  studentId: string;
  /** The moment of the punch (ms). A clock more than five minutes ahead of ours is taken as now. */
  at: number;
  via: PunchVia;
  /** The device's own direction (ZKTeco in/out mode); none: toggled (domain punchDirection). */
  direction?: PunchDirection | null;
  /** Kiosk: the client id; ZKTeco: `${pin}|${device local time}`. Unique per device. */
  dedupeKey: string;
  /** ZKTeco's raw verify code. */
  verifyCode?: number | null;
  /** Face punches: how far the face was from the registered one it matched. */
  matchDistance?: number | null;
}

export interface RecordInput {
  accountId: string;
  /** null: entered by hand (no deduplication). */
  deviceId: string | null;
  punches: readonly PunchInput[];
  /** Also move the device's last contact on (at most every half minute: one write fewer a punch). */
  touchDevice?: boolean;
}

export interface PunchStudent {
  id: string;
  name: string;
  avatarKey: string | null;
}

/** What became of one punch; `unknown`: the student is not one of the account's (nothing stored). */
export type PunchResult =
  | {
      outcome: 'recorded' | 'duplicate';
      punchId: string;
      student: PunchStudent;
      direction: PunchDirection;
      at: number;
      via: PunchVia;
      /**
       * The student's classrooms keep a timetable and none of them has a class around the punch
       * (a cancelled class, a holiday, a day off): the punch is logged and marks nothing.
       */
      noClass?: boolean;
    }
  | { outcome: 'unknown'; studentId: string };

/** Job for the parent SMS of new punches; modules/attendance-alerts handles it. */
export const ATTENDANCE_ALERT_JOB = 'attendance.alert';
const FUTURE_SLACK_MS = 5 * 60_000;
/** Punches join an alert job still queued this recently… */
const ALERT_JOB_OPEN_MS = 60_000;
/** …while its payload is shorter than this (about 130 punch ids). */
const ALERT_JOB_MAX_CHARS = 4_000;
const CONTACT_EVERY_MS = 30_000;

/**
 * Records punches: every punch of a call in one transaction, in time order so
 * directions toggle right even when an offline queue replays a day at once. A punch its device
 * already sent (same dedupe key) is answered with the stored one. Each new punch marks the
 * sessions it concerns in every classroom the student is enrolled in; the parent-SMS job is
 * queued in the same transaction, and the live board hears of it after the commit.
 */
export class PunchService {
  private readonly repo: PunchesRepository;

  constructor(private readonly deps: PunchDeps) {
    this.repo = new PunchesRepository(deps.db.kysely, deps.db.dialect);
  }

  async record(input: RecordInput): Promise<PunchResult[]> {
    const { db, clock } = this.deps;
    const { repo } = this;
    const now = clock.now();
    const punches = input.punches.map((p) => ({ ...p, at: p.at > now + FUTURE_SLACK_MS ? now : p.at }));
    if (punches.length === 0) return [];
    // Enrolments and timings are not this transaction's to change: read them before it, off the
    // writer (db/sqlite-driver.ts), so the writer is held only for the writes.
    const classrooms = new Map<string, PunchClassroom[]>();
    for (const studentId of new Set(punches.map((p) => p.studentId))) {
      classrooms.set(studentId, await repo.classroomsOf(db.kysely, studentId));
    }
    const events = await this.timetableEvents(classrooms, punches);
    const outcome = await db.kysely.transaction().execute(async (trx) => {
      const results: PunchResult[] = new Array(punches.length);
      const recorded: (PunchRow & { name: string })[] = [];
      // Locked in id order (PostgreSQL), so two calls never wait for each other crosswise.
      const students = new Map<string, PunchStudent | null>();
      for (const id of [...classrooms.keys()].sort())
        students.set(id, await this.student(trx, input.accountId, id));
      const order = punches.map((_, i) => i).sort((a, b) => punches[a]!.at - punches[b]!.at || a - b);
      for (const i of order) {
        const punch = punches[i]!;
        const student = students.get(punch.studentId);
        if (!student) {
          results[i] = { outcome: 'unknown', studentId: punch.studentId };
          continue;
        }
        const previous = await repo.previousPunch(trx, student.id, dayStartMs(dayOf(punch.at)), punch.at);
        const row: PunchRow = {
          id: newId(now),
          student_id: student.id,
          direction: punchDirection(punch, previous),
          at: punch.at,
          via: punch.via,
          device_id: input.deviceId,
          dedupe_key: punch.dedupeKey,
        };
        const inserted = await repo.insertPunch(trx, {
          ...row,
          account_id: input.accountId,
          verify_code: punch.verifyCode ?? null,
          match_distance: punch.matchDistance ?? null,
          created_at: now,
        });
        if (!inserted) {
          // The device sent it before (or another request stored it first, PostgreSQL having
          // waited for its commit): that punch is the answer.
          const stored = (await repo.stored(trx, input.deviceId!, punch.dedupeKey))!;
          const owner =
            students.get(stored.student_id) ??
            (await this.student(trx, input.accountId, stored.student_id, false));
          results[i] = storedResult(stored, owner);
          continue;
        }
        recorded.push({ ...row, name: student.name });
        const rooms = (classrooms.get(student.id) ?? []).map((c) => schedulesOf(c, events));
        const marked = await markSessions(trx, repo, rooms, student.id, row, now);
        results[i] = {
          outcome: 'recorded',
          punchId: row.id,
          student,
          direction: row.direction,
          at: row.at,
          via: row.via,
          ...(rooms.length > 0 && !marked ? { noClass: true } : {}),
        };
      }
      if (recorded.length > 0)
        await this.queueAlert(
          trx,
          recorded.map((r) => r.id),
          now,
        );
      if (recorded.length > 0) {
        await emitWebhook(trx, {
          accountId: input.accountId,
          type: 'attendance.punch',
          data: {
            punches: recorded.map((r) => ({
              punchId: r.id,
              studentId: r.student_id,
              direction: r.direction,
              at: r.at,
              via: r.via,
            })),
          },
          now,
        });
      }
      if (input.touchDevice && input.deviceId)
        await repo.touchDevice(trx, input.deviceId, now, now - CONTACT_EVERY_MS);
      return { results, recorded };
    });
    if (outcome.recorded.length > 0 && this.deps.afterRecord) {
      try {
        this.deps.afterRecord(
          outcome.recorded.map((r) => ({
            id: r.id,
            account_id: input.accountId,
            student_id: r.student_id,
            direction: r.direction,
            at: r.at,
          })),
        );
      } catch (err) {
        // Committed and acknowledged either way: the queued alert job is the durable path.
        this.deps.log.warn({ err }, 'attendance afterRecord failed');
      }
    }
    await this.publish(input.accountId, outcome.recorded);
    return outcome.results;
  }

  /**
   * The one-off changes (cancelled, moved, extra, exam, holiday) of the students' classrooms on
   * the punches' dates and the day before each: one read for the whole call, off the writer.
   */
  private async timetableEvents(
    classrooms: ReadonlyMap<string, readonly PunchClassroom[]>,
    punches: readonly { at: number }[],
  ): Promise<(TimetableEvent & { classroomId: string })[]> {
    const ids = [...new Set([...classrooms.values()].flat().map((c) => c.classroomId))];
    if (ids.length === 0) return [];
    const days = punches.map((p) => dayOf(p.at)).sort();
    const rows = await new TimetableRepository(this.deps.db.kysely).events(
      ids,
      addDays(days[0]!, -1),
      days[days.length - 1]!,
    );
    return rows.map((r) => ({ ...eventOf(r), classroomId: r.classroom_id }));
  }

  private async student(
    trx: Kysely<Database>,
    accountId: string,
    id: string,
    lock = true,
  ): Promise<PunchStudent | null> {
    // An earlier punch's student is only named, not locked: locks are taken in id order up front.
    const row = lock
      ? await this.repo.student(trx, accountId, id)
      : await this.repo.studentUnlocked(trx, accountId, id);
    return row ? { id: row.id, name: row.name, avatarKey: row.avatar_key } : null;
  }

  /**
   * Queues the parent-SMS work of new punches in their transaction. While the worker has not yet
   * taken the last alert job, the punches join it (one statement appends their ids); otherwise
   * they get a job of their own, keyed by their first punch. Every punch is in exactly one job,
   * and a busy gate (a thousand punches a second) makes a few dozen jobs a second, not a thousand:
   * each job costs the worker a claim and a completion, more than the punch itself.
   */
  private async queueAlert(trx: Kysely<Database>, punchIds: string[], now: number): Promise<void> {
    const open = await this.repo.openAlertJob(trx, now - ALERT_JOB_OPEN_MS, ALERT_JOB_MAX_CHARS);
    if (open && (await this.repo.appendToAlertJob(trx, open, punchIds, now))) return;
    await this.deps.jobs.enqueue(
      ATTENDANCE_ALERT_JOB,
      { punchIds },
      { trx, idempotencyKey: `${ATTENDANCE_ALERT_JOB}:${punchIds[0]}` },
    );
  }

  /** The live board and registers refresh (contracts/attendance.ts ATTENDANCE_PUNCH_EVENT). */
  private async publish(
    accountId: string,
    recorded: readonly (PunchRow & { name: string })[],
  ): Promise<void> {
    for (const punch of recorded) {
      const data: AttendancePunchEvent = {
        studentId: punch.student_id,
        studentName: punch.name,
        direction: punch.direction,
        at: punch.at,
        via: punch.via,
      };
      try {
        await this.deps.events.publish({
          channel: `account:${accountId}`,
          type: ATTENDANCE_PUNCH_EVENT,
          stale: [{ resource: 'attendance' }],
          data,
        });
        // The family's open portal pages: this child's punch only, no name of anyone else.
        const family: PortalPunchEvent = {
          studentId: punch.student_id,
          direction: punch.direction,
          at: punch.at,
          via: punch.via,
        };
        await this.deps.events.publish({
          channel: portalChannel(punch.student_id),
          type: PORTAL_PUNCH_EVENT,
          stale: [{ resource: 'portal', params: { studentId: punch.student_id } }],
          data: family,
        });
      } catch (err) {
        // The punch is stored and acknowledged; a lost live update only delays a screen.
        this.deps.log.warn({ err }, 'attendance punch event not published');
      }
    }
  }
}

function storedResult(row: PunchRow, owner: PunchStudent | null): PunchResult {
  const student = owner ?? { id: row.student_id, name: '', avatarKey: null };
  return {
    outcome: 'duplicate',
    punchId: row.id,
    student,
    direction: row.direction,
    at: row.at,
    via: row.via,
  };
}

type RoomSchedule = PunchClassroom & { schedule: ClassroomSchedule };

/** A classroom's timetable: its weekly timings from its start date, changed by its events. */
function schedulesOf(
  c: PunchClassroom,
  events: readonly (TimetableEvent & { classroomId: string })[],
): RoomSchedule {
  const own = events.filter((e) => e.classroomId === c.classroomId);
  return { ...c, schedule: { timings: c.timings, startDate: isoDate(c.startDate), events: own } };
}

/**
 * Marks the sessions a punch concerns, present or late, in each of the student's classrooms:
 * only classes the timetable holds (a cancelled or holiday class is none), never over a roll-call
 * mark, never present → late (domain punchMarkUpdate). Every change leaves a history row.
 * Answers whether any classroom had a class around the punch.
 */
async function markSessions(
  trx: Kysely<Database>,
  repo: PunchesRepository,
  classrooms: readonly RoomSchedule[],
  studentId: string,
  punch: { at: number; direction: PunchDirection },
  now: number,
): Promise<boolean> {
  const around = classrooms.map((c) => ({ c, sessions: meetingsAround(c.schedule, punch.at) }));
  const candidates = around.flatMap(({ c, sessions }) =>
    sessions.flatMap((session) => {
      const status = punchStatus(session, punch, c.lateAfterMinutes ?? DEFAULT_LATE_AFTER_MINUTES);
      return status ? [{ classroomId: c.classroomId, session, status }] : [];
    }),
  );
  const anyClass = around.some((a) => a.sessions.length > 0);
  if (candidates.length === 0) return anyClass;
  const day = dayOf(punch.at);
  const existing = await repo.marks(trx, studentId, day, addDays(day, -1));
  for (const { classroomId, session, status } of candidates) {
    const mark = existing.find(
      (m) =>
        m.classroom_id === classroomId &&
        m.session_date === session.date &&
        m.session_start === session.start,
    );
    const next = punchMarkUpdate(mark, status);
    if (!next) continue;
    const key = { classroomId, studentId, sessionDate: session.date, sessionStart: session.start };
    if (!(await repo.writePunchMark(trx, { ...key, status: next, at: now }))) continue;
    await repo.insertHistory(trx, {
      id: newId(now),
      classroom_id: classroomId,
      student_id: studentId,
      session_date: session.date,
      session_start: session.start,
      status: next,
      previous_status: mark?.status ?? null,
      source: 'punch',
      marked_by: null,
      marked_at: now,
    });
  }
  return anyClass;
}
