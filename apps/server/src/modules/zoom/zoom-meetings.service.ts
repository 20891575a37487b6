import crypto from 'node:crypto';
import {
  dayOf,
  matchParticipants,
  meetingsOn,
  onlineClassSms,
  type PortalZoomMeetings,
  ZOOM_PATHS,
  type ZoomAttendance,
  type ZoomMeetingView,
  type zoomMeetingInputSchema,
} from '@batchwise/domain';
import type { z } from 'zod';
import type { Db } from '../../db/database';
import type { Principal } from '../../lib/access';
import type { Clock } from '../../lib/clock';
import { failure, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import type { AccessPolicy } from '../access/access.policy';
import { AttendanceReportsRepository } from '../attendance-reports/attendance-reports.repository';
import type { EventBus } from '../events/event-bus';
import type { JobQueue } from '../jobs/jobs.service';
import { requireChild } from '../portal/portal.policy';
import { PortalRepository } from '../portal/portal.repository';
import { classroomNotice } from '../sms/classroom-notice';
import type { SmsComposeService } from '../sms/sms-compose.service';
import { requireTimetableOf } from '../timetable/timetable.policy';
import { scheduleOf, TimetableRepository } from '../timetable/timetable.repository';
import { type ZoomMeetingRow, ZoomRepository } from './zoom.repository';
import type { ZoomConnectionService } from './zoom-connection.service';

/** The participants report is read this long after a class ends (Zoom needs the meeting over). */
export const ZOOM_REPORT_DELAY_MS = 15 * 60_000;
export const ZOOM_ATTENDANCE_JOB = 'zoom.attendance';

type MeetingInput = z.output<typeof zoomMeetingInputSchema>;

export interface ZoomMeetingsDeps {
  db: Db;
  clock: Clock;
  access: AccessPolicy;
  events: EventBus;
  jobs: JobQueue;
  connection: ZoomConnectionService;
  /** The join-link SMS goes through the compose rules: permission, recipients, quota. */
  smsCompose: SmsComposeService;
  /** A short `/r/{code}` link to an app path (links module). */
  shortLinkTo: (accountId: string, path: string, byUserId: string) => Promise<{ shortUrl: string }>;
  appUrl: string;
}

const newCode = () => crypto.randomBytes(12).toString('base64url');

export function meetingView(row: ZoomMeetingRow): ZoomMeetingView {
  return {
    id: row.id,
    classroomId: row.classroom_id,
    date: row.date,
    start: row.start,
    end: row.end,
    topic: row.topic,
    joinUrl: row.join_url,
    shortUrl: row.short_url,
    smsSendId: row.sms_send_id,
    attendanceAt: row.attendance_at === null ? null : Number(row.attendance_at),
    createdAt: Number(row.created_at),
  };
}

/**
 * Online classes through Zoom: a class of the timetable gets a Zoom meeting made through the
 * account's connection; its link goes to the students by SMS (a short link) and into the family
 * portal (each child's own link, which opens Zoom under the child's name); after the class, Zoom's
 * participants report — or its participant webhooks — mark the students it names present.
 * A mark somebody made at roll call is never overwritten.
 */
export class ZoomMeetingsService {
  constructor(private readonly deps: ZoomMeetingsDeps) {}

  async list(principal: Principal, accountId: string, classroomId: string) {
    const scope = await this.deps.access.requireAccount(principal, accountId);
    requireTimetableOf(scope, classroomId);
    return { meetings: (await this.repo().meetings(classroomId)).map(meetingView) };
  }

  async create(principal: Principal, accountId: string, classroomId: string, input: MeetingInput) {
    const scope = await this.deps.access.requireAccount(principal, accountId);
    requireTimetableOf(scope, classroomId);
    const timetable = new TimetableRepository(this.deps.db.kysely);
    const [classroom] = await timetable.classrooms([accountId], [classroomId]);
    if (!classroom) throw notFound();
    const schedule = scheduleOf(
      { timings: classroom.timings, startDate: classroom.start_date },
      await timetable.events([classroomId], input.date, input.date),
    );
    const held = meetingsOn(schedule, input.date).find((o) => o.start === input.start);
    if (!held) throw failure(400, 'TIMETABLE_NO_SUCH_CLASS');
    const repo = this.repo();
    if (await repo.meetingOfClass(classroomId, input.date, input.start))
      throw failure(409, 'ZOOM_MEETING_EXISTS');

    const token = await this.deps.connection.accessToken(accountId);
    const client = await this.deps.connection.client();
    const made = await client.createMeeting(token, {
      topic: classroom.name,
      startTime: `${input.date}T${held.start}:00`,
      duration: Math.max(1, Math.round((held.endAt - held.startAt) / 60_000)),
      agenda: `${classroom.name} — Batchwise`,
    });
    const now = this.deps.clock.now();
    const id = newId(now);
    const classroomCode = newCode();
    const { shortUrl } = await this.deps.shortLinkTo(
      accountId,
      this.joinPath(classroomCode),
      principal.user.id,
    );
    const students = await new AttendanceReportsRepository(
      this.deps.db.kysely,
      this.deps.db.dialect,
    ).enrolled(classroomId);
    const row: ZoomMeetingRow = {
      id,
      account_id: accountId,
      classroom_id: classroomId,
      date: input.date,
      start: held.start,
      end: held.end,
      zoom_id: made.id,
      zoom_uuid: made.uuid,
      join_url: made.joinUrl,
      short_url: shortUrl,
      topic: classroom.name,
      sms_send_id: null,
      attendance_at: null,
      created_by: principal.user.id,
      created_at: now,
    };
    await this.deps.db.kysely.transaction().execute(async (trx) => {
      const r = new ZoomRepository(trx);
      await r.addMeeting(row);
      await r.addLinks([
        { code: classroomCode, meeting_id: id, student_id: null, used_at: null },
        ...students.map((s) => ({ code: newCode(), meeting_id: id, student_id: s.id, used_at: null })),
      ]);
      // The participants report once the class is over (webhooks can be dropped).
      await this.deps.jobs.enqueue(
        ZOOM_ATTENDANCE_JOB,
        { meetingId: id, accountId },
        { trx, runAt: held.endAt + ZOOM_REPORT_DELAY_MS, idempotencyKey: `${ZOOM_ATTENDANCE_JOB}:${id}` },
      );
    });
    const sms = input.sms
      ? await this.deps.smsCompose.send(
          principal,
          accountId,
          classroomNotice(
            classroomId,
            onlineClassSms(
              { classroom: classroom.name, date: input.date, start: held.start, link: shortUrl },
              input.sms,
            ),
          ),
        )
      : null;
    if (sms) await repo.setSmsSend(id, sms.sendId);
    return {
      ...meetingView({ ...row, sms_send_id: sms?.sendId ?? null }),
      smsRecipients: sms?.recipients ?? 0,
    };
  }

  /** The teacher asks for the participants report now (the job does it after the class anyway). */
  async attendance(principal: Principal, accountId: string, meetingId: string): Promise<ZoomAttendance> {
    const scope = await this.deps.access.requireAccount(principal, accountId);
    const meeting = await this.repo().meeting(accountId, meetingId);
    if (!meeting) throw notFound();
    requireTimetableOf(scope, meeting.classroom_id);
    const startAt = Date.parse(`${meeting.date}T${meeting.start}:00+06:00`);
    if (this.deps.clock.now() < startAt) throw failure(409, 'ZOOM_MEETING_NOT_OVER');
    return this.report(meeting, principal.user.id);
  }

  /** Reads Zoom's participants of the meeting and marks the students it names present. */
  async report(meeting: ZoomMeetingRow, byUserId: string | null): Promise<ZoomAttendance> {
    const token = await this.deps.connection.accessToken(meeting.account_id);
    const client = await this.deps.connection.client();
    const participants = await client.pastParticipants(token, meeting.zoom_uuid);
    const result = await this.markPresent(
      meeting,
      participants.map((p) => p.name),
      byUserId,
    );
    await this.repo().setAttendanceAt(meeting.id, this.deps.clock.now());
    return result;
  }

  /** The job after a class: the report, unless the account has since disconnected Zoom. */
  async reportJob(accountId: string, meetingId: string): Promise<void> {
    const meeting = await this.repo().meeting(accountId, meetingId);
    if (!meeting || !(await this.repo().connection(accountId))) return;
    await this.report(meeting, null);
  }

  /** A participant joined (Zoom's signed webhook): the student is marked present at once. */
  async participantJoined(zoomMeetingId: string, name: string): Promise<void> {
    const meeting = await this.repo().meetingByZoomId(zoomMeetingId);
    if (meeting) await this.markPresent(meeting, [name], null);
  }

  async portal(principal: Principal, studentId: string): Promise<PortalZoomMeetings> {
    await requireChild(new PortalRepository(this.deps.db.kysely), principal, studentId);
    const rows = await this.repo().childMeetings(studentId, dayOf(this.deps.clock.now()));
    return {
      meetings: rows.map((r) => ({
        id: r.id,
        classroomName: r.classroom_name,
        date: r.date,
        start: r.start,
        end: r.end,
        joinUrl: `${this.deps.appUrl}${this.joinPath(r.code)}`,
      })),
    };
  }

  /** Where a join link leads: Zoom's join page, under the student's name for a personal link. */
  async follow(code: string): Promise<string | undefined> {
    const link = await this.repo().link(code);
    if (!link) return undefined;
    await this.repo().useLink(code, this.deps.clock.now());
    const url = new URL(link.join_url);
    // Zoom's web client takes the display name from `uname`: the report then names the student.
    if (link.student_name) url.searchParams.set('uname', link.student_name);
    return url.toString();
  }

  private async markPresent(meeting: ZoomMeetingRow, names: readonly string[], byUserId: string | null) {
    const db = this.deps.db;
    const enrolled = await new AttendanceReportsRepository(db.kysely, db.dialect).enrolled(
      meeting.classroom_id,
    );
    const { studentIds, unmatched } = matchParticipants(names, enrolled);
    const now = this.deps.clock.now();
    const marked = await db.kysely.transaction().execute(async (trx) => {
      const repo = new AttendanceReportsRepository(trx, db.dialect);
      const existing = new Set(
        (await repo.sessionMarksForUpdate(meeting.classroom_id, meeting.date, meeting.start, studentIds)).map(
          (m) => m.student_id,
        ),
      );
      const fresh = studentIds.filter((id) => !existing.has(id));
      const mark = (studentId: string) => ({
        classroom_id: meeting.classroom_id,
        student_id: studentId,
        session_date: meeting.date,
        session_start: meeting.start,
        status: 'present' as const,
        source: 'zoom' as const,
        marked_by: byUserId,
        marked_at: now,
      });
      await repo.upsertMarks(fresh.map(mark));
      await repo.insertHistory(fresh.map((s) => ({ ...mark(s), id: newId(now), previous_status: null })));
      return fresh.length;
    });
    if (marked > 0)
      await this.deps.events.publish({
        channel: `account:${meeting.account_id}`,
        type: 'attendance.marked',
        stale: [{ resource: 'attendance', params: { accountId: meeting.account_id } }],
        data: { classroomId: meeting.classroom_id },
      });
    return { marked, unmatched };
  }

  private joinPath(code: string): string {
    return ZOOM_PATHS.join.replace(':code', code);
  }

  private repo() {
    return new ZoomRepository(this.deps.db.kysely);
  }
}
