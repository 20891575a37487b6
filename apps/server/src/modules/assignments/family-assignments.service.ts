import {
  type FamilyAssignment,
  type FamilyAssignments,
  type submissionInputSchema,
  submitRefusal,
} from '@batchwise/domain';
import type { MultipartFile } from '@fastify/multipart';
import type { z } from 'zod';
import type { Db } from '../../db/database';
import type { Storage } from '../../drivers/storage/storage';
import type { Principal } from '../../lib/access';
import type { Clock } from '../../lib/clock';
import { failure, notFound } from '../../lib/errors';
import { portalChannel } from '../events/channels';
import type { EventBus } from '../events/event-bus';
import type { FamilyChildrenService } from '../portal/family-children.service';
import { storeUpload } from './assignment-files';
import { AssignmentsRepository } from './assignments.repository';
import { assignmentFields, statusOf, submissionView } from './assignments-view';

export interface FamilyAssignmentsDeps {
  db: Db;
  clock: Clock;
  events: EventBus;
  storage: Storage;
  family: FamilyChildrenService;
}

type SubmitInput = z.output<typeof submissionInputSchema>;

/**
 * Online assignments in the family portal: a child's assignments from the classrooms a family
 * sees, with status and marks; the student (never the parent: the route admits students only)
 * hands in work, late if after the due time, replaced by a resubmission until it is marked.
 */
export class FamilyAssignmentsService {
  constructor(private readonly deps: FamilyAssignmentsDeps) {}

  async list(principal: Principal, studentId: string): Promise<FamilyAssignments> {
    const { child, classes } = await this.deps.family.child(principal, studentId);
    const repo = this.repo();
    const rows = dedupe(await repo.forClassrooms(classes.map((c) => c.classroomId)));
    const submissions = new Map(
      (
        await repo.submissions(
          rows.map((r) => r.id),
          [child.id],
        )
      ).map((s) => [s.assignment_id, s]),
    );
    const now = this.deps.clock.now();
    const views = rows.map((row) => view(row, now, submissions.get(row.id)));
    // What is still due, soonest first; then what is missing (past due, nothing handed in), so a
    // parent sees both at the top; then everything handed in, latest first.
    const open = views.filter((v) => v.status === 'pending');
    const missing = views.filter((v) => v.status === 'missing').reverse();
    const rest = views.filter((v) => v.status !== 'pending' && v.status !== 'missing').reverse();
    return {
      canSubmit: principal.user.profession === 'Student',
      assignments: [...open, ...missing, ...rest],
    };
  }

  async submit(
    principal: Principal,
    studentId: string,
    assignmentId: string,
    input: SubmitInput,
  ): Promise<FamilyAssignment> {
    if (!input.text && !input.file) throw failure(400, 'ASSIGNMENT_SUBMISSION_EMPTY');
    const { child, row, repo } = await this.assignmentOf(principal, studentId, assignmentId);
    const now = this.deps.clock.now();
    const [existing] = await repo.submissions([row.id], [child.id]);
    const refusal = submitRefusal(
      { dueAt: Number(row.due_at), acceptLate: row.accept_late === 1 },
      now,
      existing ? { submittedAt: Number(existing.submitted_at), marks: existing.marks } : null,
    );
    if (refusal) throw failure(409, refusal);
    const saved = await repo.submit({
      assignment_id: row.id,
      student_id: child.id,
      text: input.text,
      file_name: input.file?.name ?? null,
      file_url: input.file?.url ?? null,
      submitted_by: principal.user.id,
      submitted_at: now,
    });
    // Marked between the read and the write: the marked one stands.
    if (!saved) throw failure(409, 'ASSIGNMENT_ALREADY_MARKED');
    await this.deps.events.publish({
      channel: `account:${child.account_id}`,
      type: 'assignments.changed',
      stale: [{ resource: 'assignments', params: { accountId: child.account_id } }],
    });
    await this.deps.events.publish({
      channel: portalChannel(child.id),
      type: 'assignments.changed',
      stale: [{ resource: 'assignments', params: { studentId: child.id } }],
    });
    const [stored] = await repo.submissions([row.id], [child.id]);
    return view(row, now, stored);
  }

  async upload(principal: Principal, studentId: string, file: () => Promise<MultipartFile | undefined>) {
    await this.deps.family.child(principal, studentId);
    return storeUpload(this.deps.storage, await file(), this.deps.clock.now());
  }

  /** The assignment, if posted to one of the child's classrooms; else not found. */
  private async assignmentOf(principal: Principal, studentId: string, assignmentId: string) {
    const { child, classes } = await this.deps.family.child(principal, studentId);
    const repo = this.repo();
    const row = (await repo.forClassrooms(classes.map((c) => c.classroomId))).find(
      (r) => r.id === assignmentId,
    );
    if (!row) throw notFound();
    return { child, row, repo };
  }

  private repo() {
    return new AssignmentsRepository(this.deps.db.kysely);
  }
}

type Row = Awaited<ReturnType<AssignmentsRepository['forClassrooms']>>[number];

/** One row per assignment: one posted to two of the child's classrooms shows once. */
function dedupe(rows: Row[]): Row[] {
  return [...new Map(rows.map((r) => [r.id, r])).values()];
}

function view(
  row: Row,
  now: number,
  submission: Awaited<ReturnType<AssignmentsRepository['submissions']>>[number] | undefined,
): FamilyAssignment {
  return {
    ...assignmentFields(row),
    classroomName: row.classroom_name,
    status: statusOf(row, now, submission),
    submission: submissionView(submission),
  };
}
