import type {
  ReportAssessmentTable,
  ReportCard,
  ReportFeedbackList,
  ReportTable,
  ReportTerms,
} from '@batchwise/domain';
import type { Db } from '../../db/database';
import type { Principal } from '../../lib/access';
import type { Clock } from '../../lib/clock';
import { notFound } from '../../lib/errors';
import type { AccessPolicy } from '../access/access.policy';
import type { EventBus } from '../events/event-bus';
import { requireReportsOf } from './report-cards.policy';
import { ReportCardsRepository } from './report-cards.repository';
import { assessmentTableOf, overviewOf, tableOf } from './report-compose';
import { cardFor, type LoadedTerm, statusOf } from './report-data';
import type { TermReader } from './term-cache';

export interface ReportCardsDeps {
  db: Db;
  clock: Clock;
  access: AccessPolicy;
  events: EventBus;
  /** A classroom's term composed, kept while unchanged (term-cache.ts). */
  readTerm: TermReader;
}

/** A card's change, for whoever shows the classroom's cards (the teacher's lists refetch). */
export async function publishReportChange(events: EventBus, accountId: string, type: string): Promise<void> {
  await events.publish({
    channel: `account:${accountId}`,
    type,
    stale: [{ resource: 'report-cards', params: { accountId } }],
  });
}

/**
 * The staff's side of report cards: the terms of a classroom, its term table with
 * each card's status, one assessment's table, one student's card with the teacher's remark, and
 * the families' feedback and acknowledgements. Links, PDFs and result SMS have services of their own.
 */
export class ReportCardsService {
  constructor(private readonly deps: ReportCardsDeps) {}

  async terms(principal: Principal, accountId: string, classroomId: string): Promise<ReportTerms> {
    await this.scopeOf(principal, accountId, classroomId);
    const repo = new ReportCardsRepository(this.deps.db.kysely);
    if (!(await repo.classroom(accountId, classroomId))) throw notFound();
    const terms = new Map<string, ReportTerms['terms'][number]>();
    for (const a of await repo.publishedAssessments(classroomId)) {
      const entry = terms.get(a.term) ?? { term: a.term, assessments: [], lastHeldOn: a.held_on };
      entry.assessments.push({ id: a.id, name: a.name, heldOn: a.held_on, weight: Number(a.weight) });
      if (a.held_on > entry.lastHeldOn) entry.lastHeldOn = a.held_on;
      terms.set(a.term, entry);
    }
    return {
      terms: [...terms.values()].sort(
        (a, b) => b.lastHeldOn.localeCompare(a.lastHeldOn) || a.term.localeCompare(b.term),
      ),
    };
  }

  async table(
    principal: Principal,
    accountId: string,
    classroomId: string,
    term: string,
  ): Promise<ReportTable> {
    const loaded = await this.term(principal, accountId, classroomId, term);
    return tableOf(loaded, await statusOf(this.deps.db.kysely, loaded));
  }

  async assessmentTable(
    principal: Principal,
    accountId: string,
    classroomId: string,
    assessmentId: string,
  ): Promise<ReportAssessmentTable> {
    await this.scopeOf(principal, accountId, classroomId);
    const [assessment] = await new ReportCardsRepository(this.deps.db.kysely).publishedAssessments(
      classroomId,
      assessmentId,
    );
    if (!assessment) throw notFound();
    const loaded = await this.deps.readTerm(accountId, classroomId, assessment.term);
    const table = assessmentTableOf(loaded, assessmentId);
    if (!table) throw notFound();
    return table;
  }

  async card(
    principal: Principal,
    accountId: string,
    classroomId: string,
    studentId: string,
    term: string,
  ): Promise<ReportCard> {
    const loaded = await this.term(principal, accountId, classroomId, term);
    const card = await cardFor(this.deps.db.kysely, loaded, studentId, this.deps.clock.now());
    if (!card) throw notFound();
    return card;
  }

  /**
   * A child's published cards in these classrooms for the family portal, newest term first, each
   * with when its latest assessment was published. The portal's guardian-of / self policy has
   * already checked the caller; a term without the child (not enrolled) gives no card.
   */
  async familyCards(
    accountId: string,
    classroomIds: readonly string[],
    studentId: string,
  ): Promise<{ card: ReportCard; lastHeldOn: string; publishedAt: number }[]> {
    const db = this.deps.db.kysely;
    const now = this.deps.clock.now();
    const found: { card: ReportCard; lastHeldOn: string; publishedAt: number }[] = [];
    const terms = await this.publishedTerms(classroomIds);
    for (const { classroomId, term, lastHeldOn, publishedAt, version } of terms) {
      const loaded = await this.deps.readTerm(accountId, classroomId, term, version);
      const card = await cardFor(db, loaded, studentId, now);
      if (card) found.push({ card, lastHeldOn, publishedAt });
    }
    return found;
  }

  /**
   * Each child's latest published result in their classrooms, for the family portal's home: the
   * term's results (the whole class's, for the position) and whether the family acknowledged
   * it, without the rest of a card (attendance, remark, feedback) the home does not show. The
   * terms, their versions and the acknowledgements of all the children are read at once.
   */
  async familyLatestResults(
    children: readonly { accountId: string; studentId: string; classroomIds: readonly string[] }[],
  ): Promise<Map<string, Pick<ReportCard, 'classroom' | 'term' | 'overview' | 'acknowledgedAt'> | null>> {
    const repo = new ReportCardsRepository(this.deps.db.kysely);
    const rooms = [...new Set(children.flatMap((c) => c.classroomIds))];
    const terms = await this.publishedTerms(rooms);
    const found = new Map<string, { loaded: LoadedTerm; overview: ReportCard['overview'] }>();
    for (const child of children) {
      for (const { classroomId, term, version } of terms) {
        if (!child.classroomIds.includes(classroomId)) continue;
        const loaded = await this.deps.readTerm(child.accountId, classroomId, term, version);
        const overview = overviewOf(loaded, child.studentId);
        if (!overview) continue;
        found.set(child.studentId, { loaded, overview });
        break;
      }
    }
    const acks = await repo.acknowledgementsOf([...found.keys()]);
    return new Map(
      children.map((child) => {
        const result = found.get(child.studentId);
        if (!result) return [child.studentId, null];
        const { loaded, overview } = result;
        const ack = acks.find(
          (a) =>
            a.student_id === child.studentId &&
            a.classroom_id === loaded.classroom.id &&
            a.term === loaded.term,
        );
        return [
          child.studentId,
          {
            classroom: loaded.classroom,
            term: loaded.term,
            overview,
            acknowledgedAt: ack ? Number(ack.acknowledged_at) : null,
          },
        ];
      }),
    );
  }

  /** The published terms of these classrooms, newest first (by last assessment, then publishing). */
  private async publishedTerms(classroomIds: readonly string[]) {
    const repo = new ReportCardsRepository(this.deps.db.kysely);
    const terms = new Map<
      string,
      { classroomId: string; term: string; lastHeldOn: string; publishedAt: number; version: string }
    >();
    for (const a of await repo.publishedOf(classroomIds)) {
      const key = `${a.classroom_id}\u0000${a.term}`;
      const entry = terms.get(key) ?? {
        classroomId: a.classroom_id,
        term: a.term,
        lastHeldOn: a.held_on,
        publishedAt: 0,
        // As resultVersion reads it: no row (a classroom without results yet) keeps nothing.
        version: a.version === null ? '' : String(a.version),
      };
      if (a.held_on > entry.lastHeldOn) entry.lastHeldOn = a.held_on;
      entry.publishedAt = Math.max(entry.publishedAt, Number(a.published_at));
      terms.set(key, entry);
    }
    // Newest first; among equals, in the order the classrooms were asked for.
    const order = new Map(classroomIds.map((id, i) => [id, i]));
    return [...terms.values()].sort(
      (a, b) =>
        b.lastHeldOn.localeCompare(a.lastHeldOn) ||
        b.publishedAt - a.publishedAt ||
        order.get(a.classroomId)! - order.get(b.classroomId)!,
    );
  }

  /** The teacher's remark on a card; an empty one removes it. */
  async saveRemark(
    principal: Principal,
    accountId: string,
    classroomId: string,
    studentId: string,
    input: { term: string; remark: string },
  ): Promise<ReportCard['remark']> {
    const loaded = await this.term(principal, accountId, classroomId, input.term);
    if (!loaded.students.some((s) => s.id === studentId)) throw notFound();
    const repo = new ReportCardsRepository(this.deps.db.kysely);
    const now = this.deps.clock.now();
    if (input.remark === '') await repo.deleteRemark(studentId, classroomId, input.term);
    else
      await repo.saveRemark({
        student_id: studentId,
        classroom_id: classroomId,
        term: input.term,
        account_id: accountId,
        remark: input.remark,
        updated_by: principal.user.id,
        updated_at: now,
      });
    await publishReportChange(this.deps.events, accountId, 'report-cards.remark');
    return input.remark === '' ? null : { text: input.remark, updatedAt: now };
  }

  async feedback(
    principal: Principal,
    accountId: string,
    classroomId: string,
    term: string,
  ): Promise<ReportFeedbackList> {
    await this.scopeOf(principal, accountId, classroomId);
    const repo = new ReportCardsRepository(this.deps.db.kysely);
    if (!(await repo.classroom(accountId, classroomId))) throw notFound();
    const [feedback, acks] = await Promise.all([
      repo.feedback(classroomId, term),
      repo.acknowledgements(classroomId, term),
    ]);
    return {
      feedback: feedback.map((f) => ({
        id: f.id,
        studentId: f.student_id,
        studentName: f.name,
        text: f.text,
        createdAt: Number(f.created_at),
        readAt: f.read_at === null ? null : Number(f.read_at),
      })),
      acknowledgements: acks.map((a) => ({
        studentId: a.student_id,
        studentName: a.name,
        acknowledgedAt: Number(a.acknowledged_at),
      })),
      unread: feedback.filter((f) => f.read_at === null).length,
    };
  }

  async readFeedback(
    principal: Principal,
    accountId: string,
    classroomId: string,
    input: { term: string; ids?: string[] },
  ): Promise<void> {
    await this.scopeOf(principal, accountId, classroomId);
    const repo = new ReportCardsRepository(this.deps.db.kysely);
    if (!(await repo.classroom(accountId, classroomId))) throw notFound();
    await repo.markFeedbackRead(
      classroomId,
      input.term,
      input.ids ?? null,
      principal.user.id,
      this.deps.clock.now(),
    );
    await publishReportChange(this.deps.events, accountId, 'report-cards.feedback-read');
  }

  private async scopeOf(principal: Principal, accountId: string, classroomId: string) {
    const scope = await this.deps.access.requireAccount(principal, accountId);
    requireReportsOf(scope, classroomId);
    return scope;
  }

  private async term(
    principal: Principal,
    accountId: string,
    classroomId: string,
    term: string,
  ): Promise<LoadedTerm> {
    await this.scopeOf(principal, accountId, classroomId);
    return this.deps.readTerm(accountId, classroomId, term);
  }
}
