import {
  type ArchivedStudent,
  type ArchiveType,
  type archiveListQuerySchema,
  type archiveResultSchema,
  defaultArchiveMinTimestamp,
  MESSAGES,
  type MessageCode,
  type unarchiveResultSchema,
} from '@batchwise/domain';
import type { z } from 'zod';
import type { Db } from '../../db/database';
import type { Principal } from '../../lib/access';
import type { Clock } from '../../lib/clock';
import { AppError, failure, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { type AccessPolicy, managesStudentsIn, seesClassroom } from '../access/access.policy';
import { logActivity } from '../activity/activity';
import { ClassroomsRepository } from '../classrooms/classrooms.repository';
import type { EventBus } from '../events/event-bus';
import { pictureUrl } from '../media/images';
import { emitWebhook } from '../webhooks/webhook-outbox';
import { ArchiveRepository } from './archive.repository';
import { EnrolmentsRepository } from './enrolments.repository';
import { listAreas, publishStudents } from './students.service';

type ArchiveResult = z.output<typeof archiveResultSchema>;
type UnarchiveResult = z.output<typeof unarchiveResultSchema>;

export interface ArchiveDeps {
  db: Db;
  clock: Clock;
  access: AccessPolicy;
  events: EventBus;
}

/** Which failure message a stage of the archive write answers with (part 2 §4, §8). */
const STAGE_FAILURE: Record<ArchiveType, { copy: MessageCode; remove: MessageCode }> = {
  Delete: { copy: 'REMOVE_SERVICE_FAILED', remove: 'REMOVE_DATABASE_FAILED' },
  Archive: { copy: 'ARCHIVE_FAILED', remove: 'ARCHIVE_FAILED' },
};

/**
 * Removing (an archive of type Delete), archiving (type Archive) and unarchiving students. Each
 * is one transaction: the copy and the removal land together or not at all.
 */
export class ArchiveService {
  constructor(private readonly deps: ArchiveDeps) {}

  /** Remove students from one classroom ("Remove from Classroom"). */
  async remove(principal: Principal, accountId: string, classroomId: string, studentIds: string[]) {
    return this.move(principal, accountId, studentIds, [classroomId], 'Delete');
  }

  /** Archive students from the given classrooms, or from every classroom of theirs the caller manages. */
  async archive(principal: Principal, accountId: string, studentIds: string[], classroomIds?: string[]) {
    return this.move(principal, accountId, studentIds, classroomIds ?? null, 'Archive');
  }

  private async move(
    principal: Principal,
    accountId: string,
    studentIds: string[],
    classroomIds: string[] | null,
    type: ArchiveType,
  ): Promise<ArchiveResult> {
    const scope = await this.deps.access.requireAccount(principal, accountId);
    const db = this.deps.db.kysely;
    const ids = [...new Set(studentIds)];
    let rooms = classroomIds ? [...new Set(classroomIds)] : null;
    if (rooms) {
      const found = await new ClassroomsRepository(db).findMany(rooms);
      for (const id of rooms) {
        const room = found.find((r) => r.id === id);
        if (!room || room.account_id !== accountId || !seesClassroom(scope, id)) throw notFound();
        if (!managesStudentsIn(scope, id))
          throw failure(403, 'MANAGE_STUDENTS_REQUIRED', { batch: room.name });
      }
    } else {
      const enrolled = await new EnrolmentsRepository(db).classroomIdsOf(ids);
      const visible = [...new Set(enrolled.map((e) => e.classroom_id))].filter((id) =>
        seesClassroom(scope, id),
      );
      rooms = visible.filter((id) => managesStudentsIn(scope, id));
      if (visible.length > 0 && rooms.length === 0) {
        const [room] = await new ClassroomsRepository(db).findMany(visible.slice(0, 1));
        throw failure(403, 'MANAGE_STUDENTS_REQUIRED', { batch: room?.name ?? '-' });
      }
    }
    const enrolments = (await new EnrolmentsRepository(db).inClassrooms(ids, rooms)).filter(
      (e) => e.account_id === accountId,
    );
    // Every named student must be found where the caller said: the web's list was stale otherwise.
    if (ids.some((id) => !enrolments.some((e) => e.student_id === id)))
      throw failure(404, 'REMOVE_STUDENT_NOT_FOUND');

    const now = this.deps.clock.now();
    let stage: 'copy' | 'remove' = 'copy';
    try {
      await db.transaction().execute(async (trx) => {
        const repo = new EnrolmentsRepository(trx);
        await repo.insertArchived(
          enrolments.map((e) => ({
            id: newId(now),
            account_id: accountId,
            student_id: e.student_id,
            classroom_id: e.classroom_id,
            grade: e.grade,
            subject: e.subject,
            classroom_name: e.classroom_name,
            archive_type: type,
            archived_by: principal.user.id,
            archived_by_name: principal.user.name,
            archived_at: now,
            // No payments are recorded yet, so the copy reaches back the spec's default ~91 days.
            min_timestamp: defaultArchiveMinTimestamp(now, []),
            max_timestamp: now,
            applied_at: e.applied_at,
            accepted_at: e.accepted_at,
            tuition_fee: e.tuition_fee,
            enrolment_type: e.type,
            video_permission: e.video_permission,
            snapshot: JSON.stringify({
              name: e.student_name,
              customId: e.custom_id,
              avatarKey: e.avatar_key,
              phone: e.phone,
              parent1Phone: e.parent1_phone,
              parent2Phone: e.parent2_phone,
              email: e.email,
              institution: e.institution,
              userId: e.user_id,
            }),
            restored_at: null,
            restored_by: null,
          })),
        );
        stage = 'remove';
        await repo.delete(enrolments.map((e) => e.id));
        await repo.setArchived(await repo.withoutEnrolments(ids), now);
        const names = [...new Set(enrolments.map((e) => e.student_name))].join(', ');
        const classes = [...new Set(enrolments.map((e) => e.classroom_name))].join(', ');
        await logActivity(
          trx,
          principal,
          {
            accountId,
            eventName: type === 'Delete' ? 'Remove from Classroom' : 'Archive Students',
            message: {
              key: type === 'Delete' ? 'studentsRemoved' : 'studentsArchived',
              params: { students: names, classrooms: classes },
            },
            subjectType: 'student',
            subjectId: ids[0],
            data: {
              studentIds: ids,
              classroomIds: rooms,
              modifierId: principal.user.id,
              modifierName: principal.user.name,
            },
          },
          now,
        );
        await emitWebhook(trx, {
          accountId,
          type: 'student.archived',
          data: { studentIds: ids, classroomIds: [...new Set(enrolments.map((e) => e.classroom_id))], type },
          now,
        });
      });
    } catch (err) {
      if (err instanceof AppError) throw err;
      throw failure(500, STAGE_FAILURE[type][stage]);
    }
    await publishStudents(this.deps.events, accountId);
    const code = type === 'Delete' ? 'REMOVE_SUCCESS' : 'STUDENTS_ARCHIVED';
    return { code, message: MESSAGES[code], archived: enrolments.length };
  }

  /**
   * Puts an archived student back into chosen classrooms. Classrooms that no longer exist (or are
   * closed) and classrooms with no archived copy are skipped; if nothing is left, nothing changes.
   */
  async unarchive(
    principal: Principal,
    accountId: string,
    studentId: string,
    classroomIds: string[],
  ): Promise<UnarchiveResult> {
    const scope = await this.deps.access.requireAccount(principal, accountId);
    const db = this.deps.db.kysely;
    const copies = await new EnrolmentsRepository(db).openArchived(studentId);
    const mine = copies.filter((c) => c.account_id === accountId && seesClassroom(scope, c.classroom_id));
    if (mine.length === 0) throw notFound();
    const rooms = await new ClassroomsRepository(db).findMany(classroomIds);
    const restored: string[] = [];
    const skipped: UnarchiveResult['skipped'] = [];
    const plan: { classroomId: string; copies: typeof mine }[] = [];
    for (const classroomId of [...new Set(classroomIds)]) {
      const room = rooms.find((r) => r.id === classroomId);
      const archived = mine.filter((c) => c.classroom_id === classroomId);
      if (archived.length === 0) skipped.push({ classroomId, reason: 'empty' });
      else if (!room || room.account_id !== accountId || room.closed_at !== null)
        skipped.push({ classroomId, reason: 'missing' });
      else if (!managesStudentsIn(scope, classroomId))
        throw failure(403, 'MANAGE_STUDENTS_REQUIRED', { batch: room.name });
      else plan.push({ classroomId, copies: archived });
    }
    if (plan.length === 0) throw failure(409, 'UNARCHIVE_NOTHING_RESTORED');
    const now = this.deps.clock.now();
    await db.transaction().execute(async (trx) => {
      const repo = new EnrolmentsRepository(trx);
      for (const { classroomId, copies: archived } of plan) {
        const latest = archived[0]!;
        if (!(await repo.find(studentId, classroomId))) {
          await repo.insert({
            id: newId(now),
            student_id: studentId,
            classroom_id: classroomId,
            applied_at: latest.applied_at ?? now,
            accepted_at: latest.accepted_at ?? now,
            tuition_fee: latest.tuition_fee,
            type: latest.enrolment_type ?? 'Physical',
            video_permission: latest.video_permission ?? 'Allowed',
          });
        }
        await repo.markRestored(
          archived.map((c) => c.id),
          principal.user.id,
          now,
        );
        restored.push(classroomId);
      }
      await repo.setArchived([studentId], null);
      await logActivity(
        trx,
        principal,
        {
          accountId,
          eventName: 'Unarchive Student',
          message: {
            key: 'studentsUnarchived',
            params: { classrooms: plan.map((p) => p.copies[0]!.classroom_name).join(', ') },
          },
          subjectType: 'student',
          subjectId: studentId,
        },
        now,
      );
    });
    await publishStudents(this.deps.events, accountId);
    return { code: 'STUDENT_UNARCHIVED', message: MESSAGES.STUDENT_UNARCHIVED, restored, skipped };
  }

  async list(principal: Principal, accountId: string, query: z.output<typeof archiveListQuerySchema>) {
    const scopes = await this.deps.access.listScopes(principal, accountId);
    const repo = new ArchiveRepository(this.deps.db.kysely);
    const filter = { areas: listAreas(scopes), q: query.q, type: query.type };
    const [page, total] = await Promise.all([
      repo.page(filter, query.pageSize, (query.page - 1) * query.pageSize),
      repo.count(filter),
    ]);
    const ids = page.map((p) => p.id);
    const [students, copies] = await Promise.all([repo.students(ids), repo.copies(ids, filter)]);
    const open = await repo.openClassrooms([...new Set(copies.map((c) => c.classroom_id))]);
    const items: ArchivedStudent[] = page.flatMap((p) => {
      const s = students.find((x) => x.id === p.id);
      if (!s) return [];
      return [
        {
          studentId: s.id,
          accountId: s.account_id,
          teacherName: s.teacher_name,
          name: s.name,
          phone: s.phone,
          customId: s.custom_id,
          avatarUrl: pictureUrl(s.avatar_key),
          lastArchivedAt: Number(p.last_archived_at),
          enrolled: s.archived_at === null,
          classes: copies
            .filter((c) => c.student_id === s.id)
            .map((c) => ({
              archiveId: c.id,
              classroomId: c.classroom_id,
              classroomName: c.classroom_name,
              grade: c.grade,
              subject: c.subject,
              type: c.archive_type,
              archivedAt: c.archived_at,
              archivedByName: c.archived_by_name,
              minTimestamp: c.min_timestamp,
              maxTimestamp: c.max_timestamp,
              classroomExists: open.has(c.classroom_id),
            })),
        },
      ];
    });
    return { items, total, page: query.page, pageSize: query.pageSize };
  }
}
