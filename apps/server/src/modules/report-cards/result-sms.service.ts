import {
  DEFAULT_PHONE,
  hasDuplicateMark,
  isValidBdPhone,
  planTemplateMessages,
  RESULT_SMS_COLUMNS,
  type ResultSmsPreview,
  type ResultSmsRow,
  type ResultSmsSend,
  resultSmsSheet,
  type SmsQueued,
  stripDuplicateMark,
  stripHashtags,
  type TemplateProblem,
  templateProblems,
} from '@batchwise/domain';
import type { Db } from '../../db/database';
import type { SmsMessagesTable } from '../../db/schema-sms';
import type { Principal } from '../../lib/access';
import type { Clock } from '../../lib/clock';
import { AppError, failure } from '../../lib/errors';
import type { AccessPolicy } from '../access/access.policy';
import type { EventBus } from '../events/event-bus';
import { contentWarnings, PREVIEW_SAMPLE_SIZE, quotaCheck } from '../sms/sms-preview';
import { publishQuota } from '../sms/sms-quota';
import { type SmsSendService, sendRunAt } from '../sms/sms-send.service';
import { requireResultSender } from './report-cards.policy';
import { publishReportChange } from './report-cards.service';
import type { LoadedTerm } from './report-data';
import { insertReportLinks, pick } from './report-links.service';
import type { TermReader } from './term-cache';

export interface ResultSmsDeps {
  db: Db;
  clock: Clock;
  access: AccessPolicy;
  events: EventBus;
  sends: SmsSendService;
  readTerm: TermReader;
  appUrl: string;
  /**
   * Whether the account's sends go out under a brand name (the platform's sender ID, or the
   * account's approved masking name), which the regulator wants in Bangla.
   */
  maskedSender: (accountId: string) => Promise<boolean>;
}

/** Which of a student's numbers a result goes to: the first guardian's, else the other's, else theirs. */
const SOURCES = ['parent1', 'parent2', 'student'] as const;

interface Recipient {
  studentId: string;
  name: string;
  phone: string;
  source: SmsMessagesTable['source'];
  row: Omit<ResultSmsRow, 'reportLink'>;
}

interface Planned {
  template: string;
  recipients: Recipient[];
  incomplete: number;
  noPhone: number;
  problems: TemplateProblem[];
}

/** What a result template will not work with: columns results do not have, unreadable conditions. */
export function resultTemplateProblems(template: string): TemplateProblem[] {
  return templateProblems(template, [...RESULT_SMS_COLUMNS], 'Phone');
}

/**
 * Result SMS: each family of a classroom term gets its child's marks summary
 * and a link to the card, one message per student to the first guardian's phone (else the
 * student's), built by the SMS module's template rules. Like a dues SMS it goes through the SMS
 * queue (quota debited at once, in the SMS history, held through the quiet hours), after a
 * preview that is the confirmation. The links are made in the send's transaction, so a failed
 * send leaves none behind; the preview shows a stand-in link of the same length.
 */
export class ResultSmsService {
  constructor(private readonly deps: ResultSmsDeps) {}

  async preview(
    principal: Principal,
    accountId: string,
    classroomId: string,
    input: ResultSmsSend,
  ): Promise<ResultSmsPreview> {
    const { term, planned } = await this.plan(principal, accountId, classroomId, input);
    const now = this.deps.clock.now();
    const stand = `${this.deps.appUrl}/rc/${'x'.repeat(22)}`;
    const messages = this.messages(term, planned, input, () => stand, now);
    const parts = messages.reduce((sum, m) => sum + m.parts, 0);
    const runAt = sendRunAt(now, false);
    return {
      students: messages.length,
      parts,
      noPhone: planned.noPhone,
      incomplete: planned.incomplete,
      sample: messages
        .slice(0, PREVIEW_SAMPLE_SIZE)
        .map(({ name, phone, text, parts }) => ({ name, phone, text, parts })),
      problems: planned.problems.map(({ code, message }) => ({ code, message })),
      ...(await quotaCheck(this.deps.db.kysely, accountId, parts)),
      warnings: contentWarnings(
        messages.map((m) => m.text),
        await this.deps.maskedSender(accountId),
      ),
      runAt,
      heldForQuietHours: runAt > now,
    };
  }

  async send(
    principal: Principal,
    accountId: string,
    classroomId: string,
    input: ResultSmsSend,
  ): Promise<SmsQueued> {
    const { term, planned } = await this.plan(principal, accountId, classroomId, input);
    const [problem] = planned.problems;
    if (problem) throw new AppError(400, problem.code, problem.message, problem.params);
    const now = this.deps.clock.now();
    // Who the template really reaches (its own conditions may leave some out): only they get links.
    const reached = new Set(this.messages(term, planned, input, () => '', now).map((m) => m.studentId));
    const recipients = planned.recipients.filter((r) => reached.has(r.studentId));
    if (recipients.length === 0) throw failure(400, 'RESULT_SMS_NO_RECIPIENTS');
    const queued = await this.deps.db.kysely.transaction().execute(async (trx) => {
      const keys = await insertReportLinks(
        trx,
        { accountId, classroomId, term: input.term },
        recipients.map((r) => ({ studentId: r.studentId, name: r.name })),
        principal.user.id,
        now,
      );
      const messages = this.messages(
        term,
        { ...planned, recipients },
        input,
        (studentId) => `${this.deps.appUrl}/rc/${keys.get(studentId)!}`,
        now,
      );
      return this.deps.sends.queue(
        {
          accountId,
          userId: principal.user.id,
          text: planned.template,
          recipients: messages.map((m) => ({
            phone: m.phone,
            source: m.source,
            studentId: m.studentId,
            own: { text: m.text, parts: m.parts },
          })),
          urgent: false,
          classroomIds: [classroomId],
        },
        trx,
      );
    });
    await publishQuota(this.deps.events, queued.payerAccountId, [
      { resource: 'sms-sends', params: { accountId } },
    ]);
    await publishReportChange(this.deps.events, accountId, 'report-cards.links');
    return {
      sendId: queued.sendId,
      recipients: recipients.length,
      parts: queued.parts,
      quotaAfter: queued.quotaAfter,
      runAt: queued.runAt,
    };
  }

  /** The students chosen with a complete result and a number to text, and the template's problems. */
  private async plan(principal: Principal, accountId: string, classroomId: string, input: ResultSmsSend) {
    const scope = await this.deps.access.requireAccount(principal, accountId);
    const term = await this.deps.readTerm(accountId, classroomId, input.term);
    requireResultSender(scope, classroomId, term.classroom.name);
    const template = stripHashtags(input.template).trim();
    if (!template) throw failure(400, 'SMS_TEXT_EMPTY');
    const chosen = new Set(pick(term, input.studentIds).map((s) => s.studentId));
    const planned: Planned = {
      template,
      recipients: [],
      incomplete: 0,
      noPhone: 0,
      problems: resultTemplateProblems(template),
    };
    term.students.forEach((student, i) => {
      if (!chosen.has(student.id)) return;
      const result = term.results[i]!;
      if (!result.complete || result.percent === null) {
        planned.incomplete += 1;
        return;
      }
      const contact = term.contacts.get(student.id)!;
      const numbers = { parent1: contact.parent1, parent2: contact.parent2, student: contact.phone };
      const source = SOURCES.find((s) => smsPhone(numbers[s]) !== null);
      if (!source) {
        planned.noPhone += 1;
        return;
      }
      planned.recipients.push({
        studentId: student.id,
        name: student.name,
        phone: smsPhone(numbers[source])!,
        source,
        row: {
          name: student.name,
          customId: student.customId,
          phone: smsPhone(numbers[source])!,
          obtained: result.obtained,
          fullMarks: result.fullMarks,
          percent: result.percent,
          gpa: result.gpa,
          letter: result.letter,
          passed: result.passed === true,
          position: result.position,
        },
      });
    });
    return { term, planned };
  }

  /** The messages of the planned recipients, each with its own link. */
  private messages(
    term: LoadedTerm,
    planned: Planned,
    input: ResultSmsSend,
    linkOf: (studentId: string) => string,
    now: number,
  ) {
    const sheet = resultSmsSheet(
      planned.recipients.map((r) => ({ ...r.row, reportLink: linkOf(r.studentId) })),
      { institution: term.institution.name, classroom: term.classroom.name, term: term.term },
      input.language,
    );
    const plan = planTemplateMessages(planned.template, sheet, { phoneColumn: 'Phone', now });
    return plan.messages.map((m) => {
      const who = planned.recipients[m.row - 2]!;
      return {
        studentId: who.studentId,
        name: who.name,
        source: who.source,
        phone: m.phone,
        text: m.text,
        parts: m.totalSMSNeeded,
      };
    });
  }
}

/** A number to text: valid, without a student's duplicate mark; none for the "Unset" placeholder. */
function smsPhone(phone: string | null): string | null {
  if (!phone || phone === DEFAULT_PHONE) return null;
  const plain = hasDuplicateMark(phone) ? stripDuplicateMark(phone) : phone;
  return isValidBdPhone(plain) ? plain : null;
}
