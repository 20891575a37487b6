import {
  buildRecipients,
  type RecipientCandidate,
  renderWelcomeSms,
  type WelcomeSmsSettings,
  welcomeSmsCount,
  welcomeSmsSettingsSchema,
} from '@batchwise/domain';
import type { Db } from '../../db/database';
import type { Principal } from '../../lib/access';
import { AppError, notFound } from '../../lib/errors';
import type { AccessPolicy } from '../access/access.policy';
import { AccountsRepository } from '../accounts/accounts.repository';
import type { EventBus } from '../events/event-bus';
import { publishQuota } from './sms-quota';
import { SmsRecipientsRepository } from './sms-recipients.repository';
import type { SmsSendService } from './sms-send.service';

export interface SmsWelcomeDeps {
  db: Db;
  access: AccessPolicy;
  events: EventBus;
  sends: SmsSendService;
  log: { warn(o: object, m: string): void };
}

/** The account's settings JSON keeps the welcome SMS under this key (db/schema.ts AccountsTable). */
const KEY = 'welcomeSms';

/**
 * The welcome SMS (spec part 1 §3 WelcomeSMS): its settings, and the message
 * itself, queued for a student who has just joined. It is paid like any SMS; an account without
 * the quota for it still gets its student, and the skipped message is logged.
 */
export class SmsWelcomeService {
  constructor(private readonly deps: SmsWelcomeDeps) {}

  async settings(principal: Principal, accountId: string): Promise<WelcomeSmsSettings> {
    await this.deps.access.requireAccount(principal, accountId);
    return this.read(accountId);
  }

  async save(
    principal: Principal,
    accountId: string,
    input: WelcomeSmsSettings,
  ): Promise<WelcomeSmsSettings> {
    await this.deps.access.requireAccount(principal, accountId);
    await this.deps.db.kysely.transaction().execute(async (trx) => {
      if (!(await new AccountsRepository(trx).setSetting(accountId, KEY, input))) throw notFound();
    });
    await this.deps.events.publish({
      channel: `account:${accountId}`,
      type: 'sms.welcome',
      stale: [{ resource: 'sms-welcome', params: { accountId } }],
    });
    return input;
  }

  /**
   * Queues the welcome SMS for students who just joined (one added, or a whole onboarded file),
   * when the account sends one: a single send with each student's own text, paid at once.
   * Returns the messages queued; none when the quota cannot pay (logged, the students stay).
   */
  async sendFor(accountId: string, studentIds: readonly string[], actorUserId: string): Promise<number> {
    const account = await new AccountsRepository(this.deps.db.kysely).findById(accountId);
    if (!account || studentIds.length === 0) return 0;
    const settings = settingsOf(account);
    const wanted = settings.includeStudent || settings.includeParent1 || settings.includeParent2;
    if (!wanted || !settings.message) return 0;
    const repo = new SmsRecipientsRepository(this.deps.db.kysely);
    const students = await repo.students([accountId], [], [...studentIds], null);
    const classrooms = await repo.classroomNamesOf(students.map((s) => s.id));
    const seen = new Set<string>();
    const recipients = students.flatMap((student) => {
      const text = renderWelcomeSms(settings.message, {
        name: student.name,
        id: student.custom_id ?? '',
        institution: account.institution,
        classroom: (classrooms.get(student.id) ?? []).join(', '),
      });
      if (!text) return [];
      const who = { name: student.name, id: student.custom_id ?? student.name, studentId: student.id };
      const candidates: RecipientCandidate[] = [
        ...(settings.includeStudent ? [{ ...who, phone: student.phone, source: 'student' as const }] : []),
        // A parent slot left empty is no one to welcome, not an invalid number.
        ...(settings.includeParent1 && student.parent1_phone
          ? [{ ...who, phone: student.parent1_phone, source: 'parent1' as const }]
          : []),
        ...(settings.includeParent2 && student.parent2_phone
          ? [{ ...who, phone: student.parent2_phone, source: 'parent2' as const }]
          : []),
      ];
      const own = { text, parts: welcomeSmsCount(text) };
      return buildRecipients(candidates)
        .recipients.filter((r) => !seen.has(`${r.phone}\n${text}`) && seen.add(`${r.phone}\n${text}`))
        .map((r) => ({ phone: r.phone, source: r.source, studentId: student.id, own }));
    });
    if (recipients.length === 0) return 0;
    try {
      const queued = await this.deps.sends.queue({
        accountId,
        userId: actorUserId,
        text: settings.message,
        recipients,
        urgent: false,
      });
      await publishQuota(this.deps.events, queued.payerAccountId, [
        { resource: 'sms-sends', params: { accountId } },
      ]);
      return recipients.length;
    } catch (error) {
      if (!(error instanceof AppError) || error.code !== 'SMS_QUOTA_NOT_ENOUGH') throw error;
      this.deps.log.warn(
        { accountId, students: studentIds.length },
        'welcome SMS not sent: not enough SMS quota',
      );
      return 0;
    }
  }

  private async read(accountId: string): Promise<WelcomeSmsSettings> {
    const account = await new AccountsRepository(this.deps.db.kysely).findById(accountId);
    if (!account) throw notFound();
    return settingsOf(account);
  }
}

/** The welcome SMS of an account's settings JSON; the defaults (nothing sent) when unset. */
function settingsOf(account: { settings: string }): WelcomeSmsSettings {
  const stored = (JSON.parse(account.settings) as Record<string, unknown>)[KEY];
  const parsed = welcomeSmsSettingsSchema.safeParse(stored ?? {});
  return parsed.success ? parsed.data : welcomeSmsSettingsSchema.parse({});
}
