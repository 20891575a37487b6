import type {
  DuesReminderPreview,
  DuesReminderSend,
  DuesReminderSettings,
  DuesReminderSettingsInput,
  SmsQueued,
} from '@batchwise/domain';
import { DUES_REMINDER_TEMPLATES, duesReminderSettingsInputSchema, stripHashtags } from '@batchwise/domain';
import type { Db } from '../../db/database';
import type { SessionRow } from '../../db/schema';
import { type Principal, rolesOf } from '../../lib/access';
import type { Clock } from '../../lib/clock';
import { AppError, failure, notFound } from '../../lib/errors';
import type { AccessPolicy } from '../access/access.policy';
import { UsersRepository } from '../auth/users.repository';
import type { EventBus } from '../events/event-bus';
import type { FeesService } from '../fees/fees.service';
import { contentWarnings, PREVIEW_SAMPLE_SIZE, quotaCheck } from '../sms/sms-preview';
import { publishQuota } from '../sms/sms-quota';
import { type SmsSendService, sendRunAt } from '../sms/sms-send.service';
import { requireReminderSender, requireReminderSettings } from './dues-reminders.policy';
import { DuesRemindersRepository } from './dues-reminders.repository';
import {
  type BuiltReminder,
  buildReminder,
  type PayLinks,
  reminderTemplateProblems,
} from './dues-reminders-build';

export interface DuesRemindersDeps {
  db: Db;
  clock: Clock;
  access: AccessPolicy;
  events: EventBus;
  fees: FeesService;
  /** Short pay links for a template's {Pay Link} (online-pay module). */
  payLinks: PayLinks;
  sends: SmsSendService;
  /**
   * Whether the account's sends go out under a brand name (the platform's sender ID, or the
   * account's approved masking name), which the regulator wants in Bangla.
   */
  maskedSender: (accountId: string) => Promise<boolean>;
}

/** What the automatic reminder of one account did in one month. */
export type MonthlyOutcome = 'sent' | 'nobody-due' | 'no-quota' | 'already' | 'off';

/**
 * Dues reminders by SMS: a send to the defaulters of the dues list with a
 * confirmation of count and cost first, and the automatic monthly reminder. Sends go through the
 * SMS module's queue like any bulk send: quota debited at once, in the SMS history, held through
 * the quiet hours (a reminder is not urgent).
 */
export class DuesRemindersService {
  constructor(private readonly deps: DuesRemindersDeps) {}

  async preview(
    principal: Principal,
    accountId: string,
    input: DuesReminderSend,
  ): Promise<DuesReminderPreview> {
    const built = await this.build(principal, accountId, input);
    const now = this.deps.clock.now();
    const runAt = sendRunAt(now, false);
    return {
      students: built.students,
      recipients: built.messages.length,
      parts: built.parts,
      sumDuePaisa: built.sumDuePaisa,
      noPhone: built.noPhone,
      sample: built.messages
        .slice(0, PREVIEW_SAMPLE_SIZE)
        .map(({ name, phone, text, parts }) => ({ name, phone, text, parts })),
      problems: built.problems.map(({ code, message }) => ({ code, message })),
      ...(await quotaCheck(this.deps.db.kysely, accountId, built.parts)),
      warnings: contentWarnings(
        built.messages.map((m) => m.text),
        await this.deps.maskedSender(accountId),
      ),
      runAt,
      heldForQuietHours: runAt > now,
    };
  }

  async send(principal: Principal, accountId: string, input: DuesReminderSend): Promise<SmsQueued> {
    const built = await this.build(principal, accountId, input);
    const queued = await this.queue(principal.user.id, accountId, built, input.classroomId);
    return {
      sendId: queued.sendId,
      recipients: built.messages.length,
      parts: queued.parts,
      quotaAfter: queued.quotaAfter,
      runAt: queued.runAt,
    };
  }

  async settings(principal: Principal, accountId: string): Promise<DuesReminderSettings> {
    requireReminderSettings(await this.deps.access.requireAccount(principal, accountId));
    return this.readSettings(accountId);
  }

  async saveSettings(
    principal: Principal,
    accountId: string,
    input: DuesReminderSettingsInput,
  ): Promise<DuesReminderSettings> {
    requireReminderSettings(await this.deps.access.requireAccount(principal, accountId));
    const saved = duesReminderSettingsInputSchema.parse(input);
    // A month of reminders is not a time to find out that {Nmae} is no column.
    const [problem] = reminderTemplateProblems(stripHashtags(saved.template));
    if (problem) throw new AppError(400, problem.code, problem.message, problem.params);
    await new DuesRemindersRepository(this.deps.db.kysely).saveSettings({
      account_id: accountId,
      enabled: saved.enabled ? 1 : 0,
      day_of_month: saved.dayOfMonth,
      template: saved.template,
      language: saved.language,
      to_student: saved.to.student ? 1 : 0,
      to_parent1: saved.to.parent1 ? 1 : 0,
      to_parent2: saved.to.parent2 ? 1 : 0,
      updated_at: this.deps.clock.now(),
      updated_by_user_id: principal.user.id,
    });
    await this.deps.events.publish({
      channel: `account:${accountId}`,
      type: 'dues-reminders.settings',
      stale: [{ resource: 'dues-reminders', params: { accountId } }],
    });
    return this.readSettings(accountId);
  }

  /**
   * The automatic reminder of one account for one month (the jobs worker; dues-reminders-schedule.ts).
   * It goes out once: the month's run row is written in the same transaction as the send, so a
   * second worker, a retried job or a restart finds it and stops. It is sent as the account's
   * owner, who sees every student, to every defaulter of the account.
   */
  async runMonthly(accountId: string, month: string): Promise<MonthlyOutcome> {
    const repo = new DuesRemindersRepository(this.deps.db.kysely);
    const settings = await repo.settings(accountId);
    if (settings?.enabled !== 1) return 'off';
    // Cheap first look; the claim below is what decides.
    if ((await repo.lastRun(accountId))?.month === month) return 'already';
    const account = await repo.account(accountId);
    const owner = account && (await new UsersRepository(this.deps.db.kysely).findById(account.owner_user_id));
    if (!owner) return 'off';
    // The services read only the user from a principal; there is no session behind a job.
    const principal: Principal = { user: owner, roles: rolesOf(owner), session: {} as SessionRow };
    const built = await this.build(principal, accountId, {
      template: settings.template,
      language: settings.language,
      to: {
        student: settings.to_student === 1,
        parent1: settings.to_parent1 === 1,
        parent2: settings.to_parent2 === 1,
      },
    });
    const now = this.deps.clock.now();
    const run = { account_id: accountId, month, at: now, send_id: null };
    // Saving refuses such a template (saveSettings), so this is a bug to see in the jobs table.
    if (built.problems.length > 0) throw new Error(`the dues reminder of ${accountId} has template problems`);
    if (built.messages.length === 0) {
      const claimed = await repo.claimRun({ ...run, outcome: 'nobody-due', recipients: 0 });
      return claimed ? 'nobody-due' : 'already';
    }
    try {
      const sent = await this.deps.db.kysely.transaction().execute(async (trx) => {
        const runs = new DuesRemindersRepository(trx);
        if (!(await runs.claimRun({ ...run, outcome: 'sent', recipients: built.messages.length })))
          return false;
        const queued = await this.deps.sends.queue(this.sendOf(owner.id, accountId, built), trx);
        await runs.setRunSend(accountId, month, queued.sendId);
        return queued;
      });
      if (!sent) return 'already';
      await this.published(accountId, sent.payerAccountId);
      return 'sent';
    } catch (err) {
      if (!(err instanceof AppError) || err.code !== 'SMS_QUOTA_NOT_ENOUGH') throw err;
      // Recorded so the settings card says why; the next month tries again.
      const claimed = await repo.claimRun({ ...run, outcome: 'no-quota', recipients: 0 });
      return claimed ? 'no-quota' : 'already';
    }
  }

  private async build(principal: Principal, accountId: string, input: DuesReminderSend) {
    requireReminderSender(await this.deps.access.requireAccount(principal, accountId), input.classroomId);
    const repo = new DuesRemindersRepository(this.deps.db.kysely);
    return buildReminder(
      { fees: this.deps.fees, repo, payLinks: this.deps.payLinks },
      principal,
      accountId,
      input,
      this.deps.clock.now(),
    );
  }

  private async queue(userId: string, accountId: string, built: BuiltReminder, classroomId?: string) {
    const [problem] = built.problems;
    if (problem) throw new AppError(400, problem.code, problem.message, problem.params);
    if (built.messages.length === 0) throw failure(400, 'DUES_REMINDER_NO_RECIPIENTS');
    const queued = await this.deps.sends.queue(this.sendOf(userId, accountId, built, classroomId));
    await this.published(accountId, queued.payerAccountId);
    return queued;
  }

  private sendOf(userId: string, accountId: string, built: BuiltReminder, classroomId?: string) {
    return {
      accountId,
      userId,
      text: built.template,
      recipients: built.messages.map((m) => ({
        phone: m.phone,
        source: m.source,
        studentId: m.studentId,
        own: { text: m.text, parts: m.parts },
      })),
      urgent: false,
      classroomIds: classroomId ? [classroomId] : [],
    };
  }

  private async published(accountId: string, payerAccountId: string) {
    await publishQuota(this.deps.events, payerAccountId, [{ resource: 'sms-sends', params: { accountId } }]);
  }

  private async readSettings(accountId: string): Promise<DuesReminderSettings> {
    const repo = new DuesRemindersRepository(this.deps.db.kysely);
    const row = await repo.settings(accountId);
    const last = await repo.lastRun(accountId);
    if (!(await repo.account(accountId))) throw notFound();
    return {
      enabled: row?.enabled === 1,
      dayOfMonth: row?.day_of_month ?? 5,
      template: row?.template ?? DUES_REMINDER_TEMPLATES.en,
      language: row?.language ?? 'en',
      to: {
        student: row ? row.to_student === 1 : false,
        parent1: row ? row.to_parent1 === 1 : true,
        parent2: row ? row.to_parent2 === 1 : true,
      },
      lastRun: last
        ? {
            month: last.month,
            at: Number(last.at),
            outcome: last.outcome,
            recipients: Number(last.recipients),
            sendId: last.send_id,
          }
        : null,
    };
  }
}
