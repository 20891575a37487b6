import {
  type AssessmentPayload,
  type AssessmentView,
  type GradeScaleView,
  type gradeScaleInputSchema,
  toHundredths,
} from '@batchwise/domain';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Db } from '../../db/database';
import type { Database } from '../../db/schema';
import type { Principal } from '../../lib/access';
import type { Clock } from '../../lib/clock';
import { failure, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import type { AccessPolicy } from '../access/access.policy';
import { logActivity } from '../activity/activity';
import type { EventBus } from '../events/event-bus';
import type { RecycleBinService } from '../recycle-bin/recycle-bin.service';
import { emitWebhook } from '../webhooks/webhook-outbox';
import { requireAssessmentsManager } from './assessments.policy';
import { AssessmentsRepository } from './assessments.repository';
import { visibleAssessment, visibleClassroom } from './assessments-access';
import { publishAssessments } from './assessments-events';
import { assessmentSnapshot } from './assessments-recovery';
import { assessmentView, scaleView } from './assessments-view';
import { loadTermResults } from './term-results';

export interface AssessmentsDeps {
  db: Db;
  clock: Clock;
  access: AccessPolicy;
  events: EventBus;
  /** Keeps a deleted assessment restorable when the plan includes data recovery. */
  recycleBin: Pick<RecycleBinService, 'recoveryDays' | 'keep' | 'announce'>;
}

type ScaleSave = z.output<typeof gradeScaleInputSchema>;

/**
 * Assessments of a classroom: name, term, date, weight and subjects whose parts
 * carry full and pass marks; publishing; the terms and a term's results; the account's grade
 * scale. Marks are in marks.service.ts.
 */
export class AssessmentsService {
  constructor(private readonly deps: AssessmentsDeps) {}

  async list(principal: Principal, accountId: string, classroomId: string, term?: string) {
    const db = this.deps.db.kysely;
    await visibleClassroom(this.deps, db, principal, accountId, classroomId);
    const repo = new AssessmentsRepository(db);
    const rows = await repo.ofClassroom(classroomId, term);
    const subjects = await repo.subjectsOf(rows.map((r) => r.id));
    return { assessments: rows.map((r) => assessmentView(r, subjects)) };
  }

  async get(principal: Principal, accountId: string, assessmentId: string): Promise<AssessmentView> {
    const db = this.deps.db.kysely;
    const { assessment } = await visibleAssessment(this.deps, db, principal, accountId, assessmentId);
    return assessmentView(assessment, await new AssessmentsRepository(db).subjectsOf([assessment.id]));
  }

  async create(principal: Principal, accountId: string, classroomId: string, input: AssessmentPayload) {
    const now = this.deps.clock.now();
    const id = newId(now);
    // Access is read outside the transaction: the scope cache reads through its own connection.
    const { classroom } = await visibleClassroom(
      this.deps,
      this.deps.db.kysely,
      principal,
      accountId,
      classroomId,
    );
    await this.deps.db.kysely.transaction().execute(async (trx) => {
      const repo = new AssessmentsRepository(trx);
      await repo.insert({
        id,
        account_id: accountId,
        classroom_id: classroomId,
        name: input.name,
        term: input.term,
        held_on: input.heldOn,
        weight: input.weight,
        published_at: null,
        created_by: principal.user.id,
        created_at: now,
        updated_at: now,
      });
      await repo.insertSubjects(
        input.subjects.map((s, position) => ({
          id: newId(now),
          assessment_id: id,
          name: s.name,
          kind: s.kind,
          position,
          parts: JSON.stringify(s.parts),
        })),
      );
      await this.log(
        trx,
        principal,
        accountId,
        'Assessment Created',
        `${input.name} (${input.term}) in ${classroom.name}`,
        id,
        now,
      );
    });
    await publishAssessments(this.deps.events, accountId);
    return this.get(principal, accountId, id);
  }

  /**
   * Edits an assessment. Subjects named by id keep their marks (parts by key; marks of parts
   * removed go); subjects left out lose theirs. New full marks below marks already entered are
   * refused, so no saved mark is ever above its full marks.
   */
  async update(principal: Principal, accountId: string, assessmentId: string, input: AssessmentPayload) {
    const now = this.deps.clock.now();
    const { assessment } = await visibleAssessment(
      this.deps,
      this.deps.db.kysely,
      principal,
      accountId,
      assessmentId,
    );
    await this.deps.db.kysely.transaction().execute(async (trx) => {
      const repo = new AssessmentsRepository(trx);
      const existing = new Map((await repo.subjectsOf([assessmentId])).map((s) => [s.id, s]));
      const named = input.subjects.flatMap((s) => (s.id ? [s.id] : []));
      if (named.some((id) => !existing.has(id)) || new Set(named).size !== named.length)
        throw failure(400, 'ASSESSMENT_SUBJECT_UNKNOWN');
      const highest = await repo.highestMarks(named);
      for (const s of input.subjects) {
        for (const part of s.parts) {
          const top = highest.find((h) => h.subject_id === s.id && h.part_key === part.key)?.highest;
          if (top != null && Number(top) > toHundredths(part.fullMarks))
            throw failure(409, 'ASSESSMENT_FULL_MARKS_BELOW_MARKS', { subject: s.name });
        }
      }
      await repo.deleteSubjects([...existing.keys()].filter((id) => !named.includes(id)));
      for (const [position, s] of input.subjects.entries()) {
        const values = { name: s.name, kind: s.kind, position, parts: JSON.stringify(s.parts) };
        if (s.id) {
          await repo.updateSubject(s.id, values);
          await repo.deletePartsMarks(
            s.id,
            s.parts.map((p) => p.key),
          );
        } else await repo.insertSubjects([{ id: newId(now), assessment_id: assessmentId, ...values }]);
      }
      await repo.update(assessmentId, {
        name: input.name,
        term: input.term,
        held_on: input.heldOn,
        weight: input.weight,
        updated_at: now,
      });
      if (assessment.name !== input.name || assessment.term !== input.term)
        await this.log(
          trx,
          principal,
          accountId,
          'Assessment Edited',
          `${assessment.name} → ${input.name} (${input.term})`,
          assessmentId,
          now,
        );
    });
    await publishAssessments(this.deps.events, accountId);
    return this.get(principal, accountId, assessmentId);
  }

  async delete(principal: Principal, accountId: string, assessmentId: string) {
    const now = this.deps.clock.now();
    const { scope, assessment } = await visibleAssessment(
      this.deps,
      this.deps.db.kysely,
      principal,
      accountId,
      assessmentId,
    );
    requireAssessmentsManager(scope);
    const keepDays = await this.deps.recycleBin.recoveryDays(accountId);
    const classroom = await new AssessmentsRepository(this.deps.db.kysely).classroom(
      accountId,
      assessment.classroom_id,
    );
    await this.deps.db.kysely.transaction().execute(async (trx) => {
      if (keepDays > 0) {
        const item = await assessmentSnapshot(trx, accountId, assessmentId, classroom?.name ?? '');
        await this.deps.recycleBin.keep(trx, principal, accountId, item, keepDays, now);
      }
      // Marks and subjects go by the foreign keys' cascade; explicitly too, whatever the engine.
      const repo = new AssessmentsRepository(trx);
      await repo.deleteSubjects((await repo.subjectsOf([assessmentId])).map((s) => s.id));
      await repo.delete(assessmentId);
      await this.log(
        trx,
        principal,
        accountId,
        'Assessment Deleted',
        `${assessment.name} (${assessment.term})`,
        assessmentId,
        now,
      );
    });
    await publishAssessments(this.deps.events, accountId);
    if (keepDays > 0) await this.deps.recycleBin.announce(accountId);
    return { ok: true as const };
  }

  /** Publishing shows the assessment on report cards; the first publishing time is kept. */
  async setPublished(principal: Principal, accountId: string, assessmentId: string, published: boolean) {
    const now = this.deps.clock.now();
    await visibleAssessment(this.deps, this.deps.db.kysely, principal, accountId, assessmentId);
    await this.deps.db.kysely.transaction().execute(async (trx) => {
      const assessment = await new AssessmentsRepository(trx).assessment(accountId, assessmentId);
      if (!assessment) throw notFound();
      if ((assessment.published_at !== null) === published) return;
      await new AssessmentsRepository(trx).update(assessmentId, {
        published_at: published ? now : null,
        updated_at: now,
      });
      const event = published ? 'Assessment Published' : 'Assessment Unpublished';
      await this.log(
        trx,
        principal,
        accountId,
        event,
        `${assessment.name} (${assessment.term})`,
        assessmentId,
        now,
      );
      // A published assessment is what puts results on the classroom's report cards.
      if (published) {
        await emitWebhook(trx, {
          accountId,
          type: 'report_card.published',
          data: {
            assessmentId,
            classroomId: assessment.classroom_id,
            term: assessment.term,
            name: assessment.name,
          },
          now,
        });
      }
    });
    await publishAssessments(this.deps.events, accountId);
    return this.get(principal, accountId, assessmentId);
  }

  async terms(principal: Principal, accountId: string, classroomId: string) {
    const db = this.deps.db.kysely;
    await visibleClassroom(this.deps, db, principal, accountId, classroomId);
    const rows = await new AssessmentsRepository(db).terms(classroomId);
    return {
      terms: rows.map((r) => ({
        term: r.term,
        assessments: Number(r.assessments),
        published: Number(r.published),
        firstHeldOn: String(r.first_held_on),
        lastHeldOn: String(r.last_held_on),
      })),
    };
  }

  async termResults(
    principal: Principal,
    accountId: string,
    classroomId: string,
    query: { term: string; published: boolean },
  ) {
    const db = this.deps.db.kysely;
    await visibleClassroom(this.deps, db, principal, accountId, classroomId);
    return loadTermResults(db, { accountId, classroomId, term: query.term, publishedOnly: query.published });
  }

  async gradeScale(principal: Principal, accountId: string): Promise<GradeScaleView> {
    await this.deps.access.requireAccount(principal, accountId);
    return scaleView(await new AssessmentsRepository(this.deps.db.kysely).scale(accountId));
  }

  async saveGradeScale(principal: Principal, accountId: string, input: ScaleSave): Promise<GradeScaleView> {
    requireAssessmentsManager(await this.deps.access.requireAccount(principal, accountId));
    const now = this.deps.clock.now();
    await this.deps.db.kysely.transaction().execute(async (trx) => {
      await new AssessmentsRepository(trx).saveScale({
        account_id: accountId,
        bands: JSON.stringify(input.bands),
        mode: input.mode,
        updated_by: principal.user.id,
        updated_at: now,
      });
      const summary = input.bands.map((b) => `${b.min}% ${b.letter} ${b.point}`).join(', ');
      await this.log(
        trx,
        principal,
        accountId,
        'Grade Scale Changed',
        `${input.mode}: ${summary}`,
        accountId,
        now,
      );
    });
    await publishAssessments(this.deps.events, accountId);
    return this.gradeScale(principal, accountId);
  }

  private log(
    db: Kysely<Database>,
    principal: Principal,
    accountId: string,
    eventName: string,
    summary: string,
    subjectId: string,
    now: number,
  ) {
    return logActivity(
      db,
      principal,
      { accountId, eventName, summary, subjectType: 'assessment', subjectId },
      now,
    );
  }
}
