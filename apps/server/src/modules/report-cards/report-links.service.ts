import crypto from 'node:crypto';
import type { ReportAssessmentTable, ReportCard, ReportLinksIssued, ReportTable } from '@batchwise/domain';
import type { Kysely } from 'kysely';
import type { Db } from '../../db/database';
import type { Database } from '../../db/schema';
import type { Principal } from '../../lib/access';
import type { Clock } from '../../lib/clock';
import { AppError, failure, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import type { AccessPolicy } from '../access/access.policy';
import { logActivity } from '../activity/activity';
import { digest } from '../auth/tokens';
import type { EventBus } from '../events/event-bus';
import type { RateLimiter } from '../rate-limit/rate-limit.service';
import { requireReportsOf, requireTablePublisher } from './report-cards.policy';
import { ReportCardsRepository } from './report-cards.repository';
import { publishReportChange } from './report-cards.service';
import { assessmentTableOf, tableOf } from './report-compose';
import { cardFor, type LoadedTerm } from './report-data';
import type { TermReader } from './term-cache';

/** 128 random bits: unguessable, and short enough for the link in an SMS (`/rc/{key}`). */
export const newReportKey = () => crypto.randomBytes(16).toString('base64url');
const KEY_PATTERN = /^[A-Za-z0-9_-]{22}$/;

export const reportCardPath = (key: string) => `/viewreport?key=${key}`;
export const reportTablePath = (key: string) => `/tableviewreport?key=${key}`;

/**
 * A family may leave this much feedback through one link a day: enough to say everything, too
 * little for a stranger with the link to flood the teacher's list (the route limits each address too).
 */
export const FEEDBACK_PER_LINK = { name: 'report-feedback:link', max: 5, windowMs: 24 * 3_600_000 };

export interface ReportLinksDeps {
  db: Db;
  clock: Clock;
  access: AccessPolicy;
  events: EventBus;
  limiter: RateLimiter;
  readTerm: TermReader;
  /** PUBLIC_URL (or this machine): links sent by SMS are built on it, never on a request's Host. */
  appUrl: string;
}

interface LinkTarget {
  studentId: string;
  name: string;
}

/**
 * Makes a link per student in the caller's transaction and returns each key (shown or texted this
 * once: only the SHA-256 is kept, like sign-in and photo links). Earlier links of the student stay
 * live: a family keeps the link it already has.
 */
export async function insertReportLinks(
  trx: Kysely<Database>,
  where: { accountId: string; classroomId: string; term: string },
  students: readonly LinkTarget[],
  byUserId: string,
  now: number,
): Promise<Map<string, string>> {
  const keys = new Map(students.map((s) => [s.studentId, newReportKey()]));
  await new ReportCardsRepository(trx).insertLinks(
    students.map((s) => ({
      id: newId(now),
      key_hash: digest(keys.get(s.studentId)!),
      kind: 'student' as const,
      account_id: where.accountId,
      student_id: s.studentId,
      classroom_id: where.classroomId,
      term: where.term,
      created_by: byUserId,
      created_at: now,
      revoked_at: null,
      last_opened_at: null,
    })),
  );
  return keys;
}

/**
 * Report card links: made and revoked by staff for the students of a classroom
 * term; opened by families with no sign-in at `/viewreport?key=…` (one student's card, where they
 * acknowledge it and leave feedback) and `/tableviewreport?key=…` (the class table, when the
 * teacher shares it). A link shows only what it was made for, and nothing once revoked.
 */
export class ReportLinksService {
  constructor(private readonly deps: ReportLinksDeps) {}

  shortUrl(key: string): string {
    return `${this.deps.appUrl}/rc/${key}`;
  }

  async issue(
    principal: Principal,
    accountId: string,
    classroomId: string,
    input: { term: string; studentIds?: string[] },
  ): Promise<ReportLinksIssued> {
    const term = await this.staffTerm(principal, accountId, classroomId, input.term);
    const students = pick(term, input.studentIds);
    const now = this.deps.clock.now();
    const keys = await this.deps.db.kysely.transaction().execute(async (trx) => {
      const made = await insertReportLinks(
        trx,
        { accountId, classroomId, term: input.term },
        students,
        principal.user.id,
        now,
      );
      await logActivity(
        trx,
        principal,
        {
          accountId,
          eventName: 'Report Card Links',
          message: {
            key: 'reportLinksMade',
            params: { count: students.length, classroom: term.classroom.name, term: input.term },
          },
          data: { classroomId, term: input.term, students: students.length },
        },
        now,
      );
      return made;
    });
    await publishReportChange(this.deps.events, accountId, 'report-cards.links');
    return {
      links: students.map((s) => {
        const key = keys.get(s.studentId)!;
        return {
          studentId: s.studentId,
          name: s.name,
          url: `${this.deps.appUrl}${reportCardPath(key)}`,
          shortUrl: this.shortUrl(key),
        };
      }),
    };
  }

  /**
   * A fresh link to a child's card for the family portal (its policy has checked the caller and
   * that the card is published for them): the link page does the PDF, language, acknowledgement
   * and feedback, as for a link sent by SMS.
   */
  async familyLink(
    where: { accountId: string; classroomId: string; term: string },
    studentId: string,
    byUserId: string,
  ): Promise<string> {
    const now = this.deps.clock.now();
    const keys = await this.deps.db.kysely
      .transaction()
      .execute((trx) => insertReportLinks(trx, where, [{ studentId, name: '' }], byUserId, now));
    return reportCardPath(keys.get(studentId)!);
  }

  /** Ends the links of these students' cards of the term (every student's when none named). */
  async revoke(
    principal: Principal,
    accountId: string,
    classroomId: string,
    input: { term: string; studentIds?: string[] },
  ): Promise<{ revoked: number }> {
    await this.scopeOf(principal, accountId, classroomId);
    if (!(await new ReportCardsRepository(this.deps.db.kysely).classroom(accountId, classroomId)))
      throw notFound();
    const now = this.deps.clock.now();
    const revoked = await this.deps.db.kysely.transaction().execute(async (trx) => {
      const count = await new ReportCardsRepository(trx).revokeLinks(
        classroomId,
        input.term,
        'student',
        input.studentIds ?? null,
        now,
      );
      await logActivity(
        trx,
        principal,
        {
          accountId,
          eventName: 'Report Card Links Revoked',
          message: { key: 'reportLinksRevoked', params: { count, term: input.term } },
          data: { classroomId, term: input.term, students: input.studentIds?.length ?? 'all' },
        },
        now,
      );
      return count;
    });
    await publishReportChange(this.deps.events, accountId, 'report-cards.links');
    return { revoked };
  }

  /** A new link to the term's class table; the previous one stops (one shared table link at a time). */
  async issueTableLink(principal: Principal, accountId: string, classroomId: string, term: string) {
    const scope = await this.deps.access.requireAccount(principal, accountId);
    requireTablePublisher(scope, classroomId);
    const loaded = await this.deps.readTerm(accountId, classroomId, term);
    const key = newReportKey();
    const now = this.deps.clock.now();
    await this.deps.db.kysely.transaction().execute(async (trx) => {
      const repo = new ReportCardsRepository(trx);
      await repo.revokeLinks(classroomId, term, 'table', null, now);
      await repo.insertLinks([
        {
          id: newId(now),
          key_hash: digest(key),
          kind: 'table',
          account_id: accountId,
          student_id: null,
          classroom_id: classroomId,
          term,
          created_by: principal.user.id,
          created_at: now,
          revoked_at: null,
          last_opened_at: null,
        },
      ]);
      await logActivity(
        trx,
        principal,
        {
          accountId,
          eventName: 'Report Table Link',
          message: { key: 'classTableLinkMade', params: { classroom: loaded.classroom.name, term } },
          data: { classroomId, term },
        },
        now,
      );
    });
    return { url: `${this.deps.appUrl}${reportTablePath(key)}`, shortUrl: this.shortUrl(key) };
  }

  async revokeTableLink(principal: Principal, accountId: string, classroomId: string, term: string) {
    const scope = await this.deps.access.requireAccount(principal, accountId);
    requireTablePublisher(scope, classroomId);
    if (!(await new ReportCardsRepository(this.deps.db.kysely).classroom(accountId, classroomId)))
      throw notFound();
    const revoked = await new ReportCardsRepository(this.deps.db.kysely).revokeLinks(
      classroomId,
      term,
      'table',
      null,
      this.deps.clock.now(),
    );
    return { revoked };
  }

  // ── families, by the link ──

  async publicCard(key: string): Promise<ReportCard> {
    const { link, term } = await this.studentLink(key);
    const card = await cardFor(this.deps.db.kysely, term, link.student_id!, this.deps.clock.now());
    if (!card) throw failure(404, 'REPORT_LINK_INVALID');
    await new ReportCardsRepository(this.deps.db.kysely).touchLink(link.id, this.deps.clock.now());
    return card;
  }

  /** Records that the family received the card; acknowledging again keeps the first time. */
  async acknowledge(key: string): Promise<{ acknowledgedAt: number }> {
    const { link } = await this.studentLink(key);
    const repo = new ReportCardsRepository(this.deps.db.kysely);
    await repo.acknowledge({
      student_id: link.student_id!,
      classroom_id: link.classroom_id,
      term: link.term,
      account_id: link.account_id,
      link_id: link.id,
      acknowledged_at: this.deps.clock.now(),
    });
    const [ack] = await repo.acknowledgements(link.classroom_id, link.term, link.student_id!);
    await publishReportChange(this.deps.events, link.account_id, 'report-cards.acknowledged');
    return { acknowledgedAt: Number(ack!.acknowledged_at) };
  }

  async sendFeedback(key: string, text: string) {
    const { link } = await this.studentLink(key);
    await this.deps.limiter.consume(FEEDBACK_PER_LINK, link.id, 'REPORT_FEEDBACK_TOO_MANY');
    const now = this.deps.clock.now();
    const id = newId(now);
    await new ReportCardsRepository(this.deps.db.kysely).insertFeedback({
      id,
      account_id: link.account_id,
      student_id: link.student_id!,
      classroom_id: link.classroom_id,
      term: link.term,
      link_id: link.id,
      text,
      created_at: now,
      read_at: null,
      read_by: null,
    });
    await publishReportChange(this.deps.events, link.account_id, 'report-cards.feedback');
    return { id, text, createdAt: now, readAt: null };
  }

  async publicTable(key: string): Promise<ReportTable> {
    return tableOf(await this.tableTerm(key));
  }

  async publicAssessmentTable(key: string, assessmentId: string): Promise<ReportAssessmentTable> {
    const table = assessmentTableOf(await this.tableTerm(key), assessmentId);
    if (!table) throw notFound();
    return table;
  }

  /** Where `/rc/{key}` leads: the card or table of a live link, or nothing. */
  async follow(key: string): Promise<string | undefined> {
    if (!KEY_PATTERN.test(key)) return undefined;
    const link = await new ReportCardsRepository(this.deps.db.kysely).liveLink(digest(key));
    if (!link) return undefined;
    return link.kind === 'table' ? reportTablePath(key) : reportCardPath(key);
  }

  /** The live student link of a key with its term; refused alike when unknown, revoked or tampered. */
  async studentLink(key: string) {
    const link = KEY_PATTERN.test(key)
      ? await new ReportCardsRepository(this.deps.db.kysely).liveLink(digest(key))
      : undefined;
    if (link?.kind !== 'student' || !link.student_id) throw failure(404, 'REPORT_LINK_INVALID');
    return { link, term: await this.linkTerm(link) };
  }

  private async tableTerm(key: string): Promise<LoadedTerm> {
    const link = KEY_PATTERN.test(key)
      ? await new ReportCardsRepository(this.deps.db.kysely).liveLink(digest(key))
      : undefined;
    if (link?.kind !== 'table') throw failure(404, 'REPORT_LINK_INVALID');
    const term = await this.linkTerm(link);
    await new ReportCardsRepository(this.deps.db.kysely).touchLink(link.id, this.deps.clock.now());
    return term;
  }

  /** A link whose term has no published results any more (all unpublished) is as good as revoked. */
  private async linkTerm(link: { account_id: string; classroom_id: string; term: string }) {
    try {
      return await this.deps.readTerm(link.account_id, link.classroom_id, link.term);
    } catch (err) {
      if (err instanceof AppError && err.status === 404) throw failure(404, 'REPORT_LINK_INVALID');
      throw err;
    }
  }

  private async scopeOf(principal: Principal, accountId: string, classroomId: string) {
    const scope = await this.deps.access.requireAccount(principal, accountId);
    requireReportsOf(scope, classroomId);
    return scope;
  }

  private async staffTerm(principal: Principal, accountId: string, classroomId: string, term: string) {
    await this.scopeOf(principal, accountId, classroomId);
    return this.deps.readTerm(accountId, classroomId, term);
  }
}

/** The term's students named (all when none are), in the term's order; a name not among them is 404. */
export function pick(term: LoadedTerm, studentIds: readonly string[] | undefined): LinkTarget[] {
  const wanted = studentIds ? new Set(studentIds) : null;
  const chosen = term.students
    .filter((s) => !wanted || wanted.has(s.id))
    .map((s) => ({ studentId: s.id, name: s.name }));
  if (wanted && chosen.length !== wanted.size) throw notFound();
  return chosen;
}
