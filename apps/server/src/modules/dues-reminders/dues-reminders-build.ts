import {
  DEFAULT_PHONE,
  DUES_REMINDER_COLUMNS,
  DUES_REMINDER_MAX_STUDENTS,
  type DuesReminderRow,
  type DuesReminderSend,
  duesReminderSheet,
  planTemplateMessages,
  stripHashtags,
  type TemplateProblem,
  templateProblems,
} from '@batchwise/domain';
import type { SmsMessagesTable } from '../../db/schema-sms';
import type { Principal } from '../../lib/access';
import { failure, notFound } from '../../lib/errors';
import type { FeesService } from '../fees/fees.service';
import type { DuesRemindersRepository } from './dues-reminders.repository';

// The messages of a dues SMS: the defaulters of the dues list (FeesService, so
// the caller's scope and the dues rules are the fees module's), each one's months still owed,
// and one message per chosen phone built by the SMS module's template rules
// (planTemplateMessages over duesReminderSheet).

/** The list is read in pages of the most the dues list gives at once. */
const LIST_PAGE = 100;

export interface ReminderMessage {
  phone: string;
  text: string;
  parts: number;
  name: string;
  studentId: string;
  source: SmsMessagesTable['source'];
}

export interface BuiltReminder {
  template: string;
  messages: ReminderMessage[];
  /** Students who owe and get at least one message. */
  students: number;
  sumDuePaisa: number;
  noPhone: number;
  parts: number;
  problems: TemplateProblem[];
}

/** What in a dues template will not work: columns dues reminders do not have, unreadable conditions. */
export function reminderTemplateProblems(template: string): TemplateProblem[] {
  return templateProblems(template, [...DUES_REMINDER_COLUMNS], 'Phone');
}

const SOURCES = ['student', 'parent1', 'parent2'] as const;

/** The short pay links of students (online-pay module), made for those who have none. */
export type PayLinks = (
  accountId: string,
  studentIds: readonly string[],
  byUserId: string | null,
) => Promise<ReadonlyMap<string, string>>;

/** A template that names the pay link (placeholders are matched without regard to case). */
const NAMES_PAY_LINK = /\{\s*pay link\s*[|}]/i;

export async function buildReminder(
  deps: { fees: FeesService; repo: DuesRemindersRepository; payLinks: PayLinks },
  principal: Principal,
  accountId: string,
  input: DuesReminderSend,
  now: number,
): Promise<BuiltReminder> {
  const template = stripHashtags(input.template).trim();
  if (!template) throw failure(400, 'SMS_TEXT_EMPTY');
  const account = await deps.repo.account(accountId);
  if (!account) throw notFound();

  // Who owes: the dues list as the caller sees it (their classroom filter and search).
  const picked = input.studentIds ? new Set(input.studentIds) : null;
  const owing: { studentId: string }[] = [];
  for (let page = 1; ; page += 1) {
    const list = await deps.fees.duesList(principal, accountId, {
      classroomId: input.classroomId,
      q: input.q,
      onlyDue: true,
      page,
      pageSize: LIST_PAGE,
    });
    for (const row of list.items)
      if (row.totals.duePaisa > 0 && (!picked || picked.has(row.studentId))) owing.push(row);
    if (page * LIST_PAGE >= list.total || owing.length >= DUES_REMINDER_MAX_STUDENTS) break;
  }

  // Each one's months still owed, from their dues lines (the list has totals only).
  const dues = [];
  for (const { studentId } of owing.slice(0, DUES_REMINDER_MAX_STUDENTS)) {
    const view = await deps.fees.studentDues(principal, accountId, studentId);
    if (view.totals.duePaisa <= 0) continue;
    const months = view.lines.filter((l) => l.kind === 'month' && l.duePaisa > 0).map((l) => l.month);
    dues.push({ studentId, duePaisa: view.totals.duePaisa, months });
  }

  const phones = new Map(
    (
      await deps.repo.phonesOf(
        accountId,
        dues.map((d) => d.studentId),
      )
    ).map((s) => [s.id, s]),
  );
  // Pay links are made only for a template that sends them (a link is the right to see the dues).
  const payLinks = NAMES_PAY_LINK.test(template)
    ? await deps.payLinks(
        accountId,
        dues.map((d) => d.studentId),
        principal.user.id,
      )
    : new Map<string, string>();
  const rows: DuesReminderRow[] = [];
  const meta: { studentId: string; name: string; source: ReminderMessage['source'] }[] = [];
  for (const due of dues) {
    const student = phones.get(due.studentId);
    if (!student) continue;
    for (const source of SOURCES) {
      if (!input.to[source]) continue;
      const raw = source === 'student' ? student.phone : student[`${source}_phone`];
      // A student saved without a phone holds the placeholder, which is no number to text.
      if (!raw || raw === DEFAULT_PHONE) continue;
      rows.push({
        name: student.name,
        customId: student.custom_id,
        phone: raw,
        duePaisa: due.duePaisa,
        months: due.months,
        payLink: payLinks.get(student.id),
      });
      meta.push({ studentId: student.id, name: student.name, source });
    }
  }

  const sheet = duesReminderSheet(rows, account.institution, input.language);
  const plan = planTemplateMessages(template, sheet, { phoneColumn: 'Phone', now });
  const messages = plan.messages.map((m) => {
    const who = meta[m.row - 2]!;
    return { phone: m.phone, text: m.text, parts: m.totalSMSNeeded, ...who };
  });
  const reached = new Set(messages.map((m) => m.studentId));
  // A student left out by the template's own condition was left out on purpose.
  const byCondition = new Set(
    plan.dropped.filter((d) => d.reason === 'CONDITION').map((d) => meta[d.row - 2]!.studentId),
  );
  return {
    template,
    messages,
    students: reached.size,
    sumDuePaisa: dues.filter((d) => reached.has(d.studentId)).reduce((sum, d) => sum + d.duePaisa, 0),
    noPhone: dues.filter((d) => !reached.has(d.studentId) && !byCondition.has(d.studentId)).length,
    parts: messages.reduce((sum, m) => sum + m.parts, 0),
    problems: reminderTemplateProblems(template),
  };
}
