import type {
  Assignment,
  AssignmentList,
  AssignmentRoster,
  assignmentInputSchema,
  assignmentMarkSchema,
  SubmissionStatus,
} from '@batchwise/domain';
import type { MultipartFile } from '@fastify/multipart';
import type { z } from 'zod';
import type { Db } from '../../db/database';
import type { Storage } from '../../drivers/storage/storage';
import type { Principal } from '../../lib/access';
import type { Clock } from '../../lib/clock';
import { failure, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { type AccessPolicy, type AccountScope, seesClassroom } from '../access/access.policy';
import { portalChannel } from '../events/channels';
import type { EventBus } from '../events/event-bus';
import { storeUpload } from './assignment-files';
import { requireEveryClassroom, requireSomeClassroom } from './assignments.policy';
import { AssignmentsRepository } from './assignments.repository';
import { assignmentView, statusOf, submissionView } from './assignments-view';

export interface AssignmentsDeps {
  db: Db;
  clock: Clock;
  access: AccessPolicy;
  events: EventBus;
  storage: Storage;
}

type Input = z.output<typeof assignmentInputSchema>;
type MarkInput = z.output<typeof assignmentMarkSchema>;

/**
 * Online assignments, the teacher's side: post to classrooms, see who submitted, who is late and
 * who is missing, and mark with a comment (assignments.policy.ts decides who reaches what).
 */
export class AssignmentsService {
  constructor(private readonly deps: AssignmentsDeps) {}

  async list(principal: Principal, accountId: string, classroomId?: string): Promise<AssignmentList> {
    const scope = await this.deps.access.requireAccount(principal, accountId);
    const within = classroomId ? requireSomeClassroom(scope, [classroomId]) : scope.classrooms;
    const rows = await this.repo().list(accountId, within);
    return { assignments: await this.views(scope, rows) };
  }

  async create(principal: Principal, accountId: string, input: Input): Promise<Assignment> {
    const scope = await this.deps.access.requireAccount(principal, accountId);
    const classroomIds = await this.checkedClassrooms(scope, input.classroomIds);
    const now = this.deps.clock.now();
    const id = newId(now);
    await this.deps.db.kysely.transaction().execute(async (trx) => {
      await new AssignmentsRepository(trx).insert(
        {
          id,
          account_id: accountId,
          ...columns(input),
          created_by: principal.user.id,
          created_at: now,
          updated_at: now,
        },
        classroomIds,
      );
    });
    await this.changed(accountId);
    return this.one(scope, id);
  }

  async update(
    principal: Principal,
    accountId: string,
    assignmentId: string,
    input: Input,
  ): Promise<Assignment> {
    const { scope } = await this.editable(principal, accountId, assignmentId);
    const classroomIds = await this.checkedClassrooms(scope, input.classroomIds);
    await this.deps.db.kysely.transaction().execute(async (trx) => {
      await new AssignmentsRepository(trx).update(
        assignmentId,
        { ...columns(input), updated_at: this.deps.clock.now() },
        classroomIds,
      );
    });
    await this.changed(accountId);
    return this.one(scope, assignmentId);
  }

  async remove(principal: Principal, accountId: string, assignmentId: string): Promise<{ ok: true }> {
    await this.editable(principal, accountId, assignmentId);
    await this.repo().delete(assignmentId);
    await this.changed(accountId);
    return { ok: true };
  }

  /** Every student of the assignment's classrooms in sight, with their status and work. */
  async roster(principal: Principal, accountId: string, assignmentId: string): Promise<AssignmentRoster> {
    const { scope, row, seen } = await this.visible(principal, accountId, assignmentId);
    const repo = this.repo();
    const [students, submissions] = await Promise.all([repo.enrolled(seen), repo.submissions([row.id])]);
    const byStudent = new Map(submissions.map((s) => [s.student_id, s]));
    const now = this.deps.clock.now();
    const unique = [...new Map(students.map((s) => [s.id, s])).values()];
    const roster = unique.map((s) => ({
      studentId: s.id,
      name: s.name,
      customId: s.custom_id,
      classroomId: s.classroom_id,
      status: statusOf(row, now, byStudent.get(s.id)),
      submission: submissionView(byStudent.get(s.id)),
    }));
    const [assignment] = await this.views(scope, [row]);
    return { assignment: assignment!, students: roster };
  }

  /** Marks and a comment on a submission; marking again changes them. */
  async mark(
    principal: Principal,
    accountId: string,
    assignmentId: string,
    studentId: string,
    input: MarkInput,
  ): Promise<{ ok: true }> {
    const { row, seen } = await this.visible(principal, accountId, assignmentId);
    if (!(await this.repo().enrolled(seen)).some((s) => s.id === studentId)) throw notFound();
    if (input.marks > row.full_marks)
      throw failure(400, 'ASSIGNMENT_MARKS_TOO_HIGH', { fullMarks: row.full_marks });
    const marked = await this.repo().mark(assignmentId, studentId, {
      marks: input.marks,
      comment: input.comment || null,
      marked_by: principal.user.id,
      marked_at: this.deps.clock.now(),
    });
    if (!marked) throw failure(409, 'ASSIGNMENT_NOT_SUBMITTED');
    await this.changed(accountId, studentId);
    return { ok: true };
  }

  async upload(principal: Principal, accountId: string, file: () => Promise<MultipartFile | undefined>) {
    await this.deps.access.requireAccount(principal, accountId);
    return storeUpload(this.deps.storage, await file(), this.deps.clock.now());
  }

  private async visible(principal: Principal, accountId: string, assignmentId: string) {
    const scope = await this.deps.access.requireAccount(principal, accountId);
    const row = await this.repo().find(accountId, assignmentId);
    if (!row) throw notFound();
    const classroomIds = (await this.repo().classroomsOf([row.id])).map((c) => c.id);
    return { scope, row, classroomIds, seen: requireSomeClassroom(scope, classroomIds) };
  }

  private async editable(principal: Principal, accountId: string, assignmentId: string) {
    const found = await this.visible(principal, accountId, assignmentId);
    requireEveryClassroom(found.scope, found.classroomIds);
    return found;
  }

  /** The classrooms asked for, each the account's and in the caller's sight. */
  private async checkedClassrooms(scope: AccountScope, ids: readonly string[]): Promise<string[]> {
    const unique = [...new Set(ids)];
    requireEveryClassroom(scope, unique);
    const found = await this.repo().classrooms(scope.accountId, unique);
    if (found.length !== unique.length) throw notFound();
    return unique;
  }

  private async one(scope: AccountScope, id: string): Promise<Assignment> {
    const row = await this.repo().find(scope.accountId, id);
    if (!row) throw notFound();
    const [view] = await this.views(scope, [row]);
    return view!;
  }

  /** Views with the classrooms in sight and the counts of their students' statuses. */
  private async views(
    scope: AccountScope,
    rows: Awaited<ReturnType<AssignmentsRepository['list']>>,
  ): Promise<Assignment[]> {
    const repo = this.repo();
    const ids = rows.map((r) => r.id);
    const links = (await repo.classroomsOf(ids)).filter((c) => seesClassroom(scope, c.id));
    const [students, submissions] = await Promise.all([
      repo.enrolled([...new Set(links.map((c) => c.id))]),
      repo.submissions(ids),
    ]);
    const now = this.deps.clock.now();
    return rows.map((row) => {
      const classrooms = links
        .filter((c) => c.assignment_id === row.id)
        .map(({ id, name }) => ({ id, name }));
      const inClass = new Set(classrooms.map((c) => c.id));
      const studentIds = new Set(students.filter((s) => inClass.has(s.classroom_id)).map((s) => s.id));
      const mine = new Map(
        submissions.filter((s) => s.assignment_id === row.id).map((s) => [s.student_id, s]),
      );
      const statuses: SubmissionStatus[] = [...studentIds].map((id) => statusOf(row, now, mine.get(id)));
      return assignmentView(row, classrooms, statuses);
    });
  }

  private async changed(accountId: string, studentId?: string): Promise<void> {
    const stale = [{ resource: 'assignments' as const, params: { accountId } }];
    await this.deps.events.publish({ channel: `account:${accountId}`, type: 'assignments.changed', stale });
    if (studentId)
      await this.deps.events.publish({
        channel: portalChannel(studentId),
        type: 'assignments.changed',
        stale: [{ resource: 'assignments', params: { studentId } }],
      });
  }

  private repo() {
    return new AssignmentsRepository(this.deps.db.kysely);
  }
}

function columns(input: Input) {
  return {
    title: input.title,
    instructions: input.instructions,
    attachment_name: input.attachment?.name ?? null,
    attachment_url: input.attachment?.url ?? null,
    due_at: input.dueAt,
    full_marks: input.fullMarks,
    accept_late: input.acceptLate ? 1 : 0,
  };
}
