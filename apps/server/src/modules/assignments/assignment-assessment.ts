import {
  ASSESSMENT_LIMITS,
  type AssessmentPayload,
  type AssignmentAssessments,
  type assignmentToAssessmentSchema,
  dayOf,
} from '@batchwise/domain';
import type { z } from 'zod';
import type { Db } from '../../db/database';
import type { Principal } from '../../lib/access';
import type { Clock } from '../../lib/clock';
import { failure, notFound } from '../../lib/errors';
import type { AccessPolicy } from '../access/access.policy';
import type { AssessmentsService } from '../assessments/assessments.service';
import type { MarksService } from '../assessments/marks.service';
import { requireSomeClassroom } from './assignments.policy';
import { AssignmentsRepository } from './assignments.repository';

export interface AssignmentAssessmentDeps {
  db: Db;
  clock: Clock;
  access: AccessPolicy;
  /** Made and changed through the assessments service: its access rules, activity log and events. */
  assessments: Pick<AssessmentsService, 'create' | 'get' | 'update'>;
  marks: Pick<MarksService, 'grid' | 'save'>;
}

type Input = z.output<typeof assignmentToAssessmentSchema>;

/** The part every such assessment has: the whole assignment. */
const PART_KEY = 'total';

/**
 * "Marks may flow into an assessment" (online assignments): one assessment per classroom of the
 * assignment that the caller sees, named as the assignment, with one subject whose full marks are
 * the assignment's. It is held on the day the marks go in, not the due day: an assessment counts
 * the students enrolled on its date, and one who joined after the due date has a mark too. The marks given go in; a student without a mark (not
 * handed in, or not marked yet) is left blank rather than absent, so the teacher decides, and a
 * later run fills them in. Run again, it updates the same assessment (kept per classroom).
 */
export class AssignmentAssessment {
  constructor(private readonly deps: AssignmentAssessmentDeps) {}

  async send(
    principal: Principal,
    accountId: string,
    assignmentId: string,
    input: Input,
  ): Promise<AssignmentAssessments> {
    const scope = await this.deps.access.requireAccount(principal, accountId);
    const repo = new AssignmentsRepository(this.deps.db.kysely);
    const row = await repo.find(accountId, assignmentId);
    if (!row) throw notFound();
    const seen = requireSomeClassroom(
      scope,
      (await repo.classroomsOf([row.id])).map((c) => c.id),
    );
    const marks = new Map(
      (await repo.submissions([row.id])).flatMap((s) => (s.marks === null ? [] : [[s.student_id, s.marks]])),
    );
    if (marks.size === 0) throw failure(409, 'ASSIGNMENT_NO_MARKS');
    const links = new Map((await repo.assessmentLinks(row.id)).map((l) => [l.classroom_id, l.assessment_id]));
    const name = row.title.slice(0, ASSESSMENT_LIMITS.name);
    const payload = (subjectId?: string): AssessmentPayload => ({
      name,
      term: input.term,
      heldOn: dayOf(this.deps.clock.now()),
      weight: 100,
      subjects: [
        {
          ...(subjectId ? { id: subjectId } : {}),
          name,
          kind: 'compulsory',
          parts: [{ key: PART_KEY, name: '', fullMarks: row.full_marks, passMarks: 0 }],
        },
      ],
    });
    const result: AssignmentAssessments['assessments'] = [];
    for (const classroomId of seen) {
      const linked = links.get(classroomId);
      let assessmentId: string;
      if (linked) {
        const current = await this.deps.assessments.get(principal, accountId, linked);
        await this.deps.assessments.update(principal, accountId, linked, payload(current.subjects[0]?.id));
        assessmentId = linked;
      } else {
        assessmentId = (await this.deps.assessments.create(principal, accountId, classroomId, payload())).id;
        await repo.linkAssessment({
          assignment_id: row.id,
          classroom_id: classroomId,
          assessment_id: assessmentId,
        });
      }
      result.push({
        classroomId,
        assessmentId,
        created: !linked,
        marked: await this.fill(principal, accountId, assessmentId, marks),
      });
    }
    return { assessments: result };
  }

  /** Writes each enrolled student's mark into the assessment's one part; answers how many went in. */
  private async fill(
    principal: Principal,
    accountId: string,
    assessmentId: string,
    marks: ReadonlyMap<string, number>,
  ): Promise<number> {
    const grid = await this.deps.marks.grid(principal, accountId, assessmentId);
    const subjectId = grid.assessment.subjects[0]!.id;
    const versions = new Map(
      grid.cells.map((c) => [`${c.studentId}:${c.subjectId}:${c.partKey}`, c.version]),
    );
    const cells = grid.students.flatMap((s) => {
      const value = marks.get(s.id);
      if (value === undefined) return [];
      const version = versions.get(`${s.id}:${subjectId}:${PART_KEY}`) ?? 0;
      return [{ studentId: s.id, subjectId, partKey: PART_KEY, marks: value, absent: false, version }];
    });
    if (cells.length > 0) await this.deps.marks.save(principal, accountId, assessmentId, { cells });
    return cells.length;
  }
}
