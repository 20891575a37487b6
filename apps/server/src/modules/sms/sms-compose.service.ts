import {
  buildRecipients,
  DEFAULT_PHONE,
  type RecipientCandidate,
  type SmsCompose,
  type SmsPreview,
  type SmsQueued,
  smsCount,
  stripHashtags,
} from '@batchwise/domain';
import type { Db } from '../../db/database';
import type { Principal } from '../../lib/access';
import type { Clock } from '../../lib/clock';
import { failure, notFound } from '../../lib/errors';
import { type AccessPolicy, seesClassroom } from '../access/access.policy';
import type { EventBus } from '../events/event-bus';
import { requireSendTo, sendableClassrooms } from './sms.policy';
import { askedSendTime, contentWarnings, PREVIEW_SAMPLE_SIZE, quotaCheck } from './sms-preview';
import { publishQuota } from './sms-quota';
import { SmsRecipientsRepository } from './sms-recipients.repository';
import { type SmsSendService, sendRunAt } from './sms-send.service';

export interface SmsComposeDeps {
  db: Db;
  clock: Clock;
  access: AccessPolicy;
  events: EventBus;
  sends: SmsSendService;
  /**
   * Whether the account's sends go out under a brand name (the platform's sender ID, or the
   * account's approved masking name), which the regulator wants in Bangla.
   */
  maskedSender: (accountId: string) => Promise<boolean>;
}

/**
 * The compose screen (the SMS capability's "Compose"): who a message reaches — classrooms, picked students,
 * their parents, typed numbers — and what it costs, then the send itself. The preview and the
 * send build the same list from the same rules, so the confirmation shows what is paid for.
 */
export class SmsComposeService {
  constructor(private readonly deps: SmsComposeDeps) {}

  async preview(principal: Principal, accountId: string, input: SmsCompose): Promise<SmsPreview> {
    const built = await this.build(principal, accountId, input);
    return {
      text: built.text,
      partsEach: built.partsEach,
      recipients: built.list.recipients.length,
      sample: built.list.recipients.slice(0, PREVIEW_SAMPLE_SIZE).map((r) => ({
        phone: r.phone,
        name: r.name ?? '',
        source: r.source,
      })),
      invalid: built.list.invalid.map((i) => ({
        name: i.name,
        id: String(i.id),
        phone: i.phone,
        message: i.warning.message,
      })),
      invalidTyped: built.list.invalidTyped,
      parts: built.parts,
      ...(await quotaCheck(this.deps.db.kysely, accountId, built.parts)),
      warnings: contentWarnings([built.text], await this.deps.maskedSender(accountId)),
      runAt: built.runAt,
      heldForQuietHours: built.runAt > built.asked,
    };
  }

  async send(principal: Principal, accountId: string, input: SmsCompose): Promise<SmsQueued> {
    const built = await this.build(principal, accountId, input);
    const queued = await this.deps.sends.queue({
      accountId,
      userId: principal.user.id,
      text: built.text,
      recipients: built.list.recipients.map((r) => ({
        phone: r.phone,
        source: r.source,
        studentId: r.studentId ?? null,
      })),
      urgent: input.urgent,
      sendAt: built.asked,
      classroomIds: built.classroomIds,
    });
    await publishQuota(this.deps.events, queued.payerAccountId);
    await this.deps.events.publish({
      channel: `account:${accountId}`,
      type: 'sms.sends',
      stale: [{ resource: 'sms-sends', params: { accountId } }],
    });
    return {
      sendId: queued.sendId,
      recipients: built.list.recipients.length,
      parts: queued.parts,
      quotaAfter: queued.quotaAfter,
      runAt: queued.runAt,
    };
  }

  private async build(principal: Principal, accountId: string, input: SmsCompose) {
    // An admin's send may reach every teacher of the admin's team; others', their account's.
    const team = await this.deps.access.teamScopes(principal, accountId);
    const scope = team.find((s) => s.accountId === accountId)!;
    const text = stripHashtags(input.text).trim();
    if (!text) throw failure(400, 'SMS_TEXT_EMPTY');
    const now = this.deps.clock.now();
    const asked = askedSendTime(now, input.sendAt);

    const repo = new SmsRecipientsRepository(this.deps.db.kysely);
    const wanted = [...new Set(input.classroomIds)];
    const rooms = await repo.classrooms(
      team.map((s) => s.accountId),
      wanted,
    );
    const scopeOf = (room: { account_id: string }) => team.find((s) => s.accountId === room.account_id)!;
    // A classroom out of the team, closed, or out of the caller's sight is not found.
    if (rooms.length !== wanted.length || rooms.some((r) => !seesClassroom(scopeOf(r), r.id)))
      throw notFound();
    for (const member of team) {
      const own = rooms.filter((r) => r.account_id === member.accountId);
      const typed = member === scope && input.numbers.trim() !== '';
      if (own.length > 0 || typed) requireSendTo(member, own, typed);
    }
    const students = (
      await Promise.all(
        team.map((member) =>
          repo.students(
            [member.accountId],
            wanted,
            [...new Set(input.studentIds)],
            sendableClassrooms(member),
          ),
        ),
      )
    ).flat();

    const candidates: RecipientCandidate[] = students.flatMap((s) => {
      const who = { name: s.name, id: s.custom_id ?? s.name, studentId: s.id };
      // A student saved without a phone holds the placeholder, which is no number to show.
      const phone = s.phone === DEFAULT_PHONE ? null : s.phone;
      return [
        ...(input.to.student ? [{ ...who, phone, source: 'student' as const }] : []),
        ...(input.to.parent1 ? [{ ...who, phone: s.parent1_phone, source: 'parent1' as const }] : []),
        ...(input.to.parent2 ? [{ ...who, phone: s.parent2_phone, source: 'parent2' as const }] : []),
      ];
    });
    const list = buildRecipients(candidates, input.numbers);
    if (list.recipients.length === 0) throw failure(400, 'SMS_NO_RECIPIENTS');
    const counted = smsCount(text, 'typed');
    return {
      text,
      list,
      classroomIds: wanted,
      partsEach: counted.sms,
      parts: counted.sms * list.recipients.length,
      asked,
      runAt: sendRunAt(asked, input.urgent),
    };
  }
}
