import {
  planTemplateMessages,
  SMS_TEMPLATES_MAX,
  type SmsQueued,
  type SmsTemplate,
  type SmsTemplateInput,
  type SmsTemplatePreview,
  type SmsTemplateSend,
  stripHashtags,
  TEMPLATE_SHEET_LIMITS,
  type TemplateSheet,
  templateProblems,
} from '@batchwise/domain';
import type { Db } from '../../db/database';
import type { Principal } from '../../lib/access';
import type { Clock } from '../../lib/clock';
import { AppError, failure, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import type { AccessPolicy } from '../access/access.policy';
import type { EventBus } from '../events/event-bus';
import { readSpreadsheet, type UploadedSpreadsheet } from '../media/spreadsheets';
import { requireSendTo } from './sms.policy';
import { askedSendTime, contentWarnings, PREVIEW_SAMPLE_SIZE, quotaCheck } from './sms-preview';
import { publishQuota } from './sms-quota';
import { type SmsSendService, sendRunAt } from './sms-send.service';
import { SmsTemplatesRepository } from './sms-templates.repository';

export interface SmsTemplatesDeps {
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

const nameKey = (name: string) => name.trim().replace(/\s+/g, ' ').toLowerCase();

/**
 * Messages built from a spreadsheet (the SMS capability's "Templates from a spreadsheet"; spec part 2 §5
 * "Message template builder") and the account's saved templates. The numbers come from the
 * sheet, so only those who may text any number of the account use them (sms.policy.ts). The
 * preview and the send build the messages from the same rows with the same domain rules, so the
 * confirmation shows what is paid for; each message is counted by the spec's template rule
 * (100 characters per SMS).
 */
export class SmsTemplatesService {
  constructor(private readonly deps: SmsTemplatesDeps) {}

  /** The first worksheet of an uploaded .xlsx or .csv as rows; nothing is stored. */
  async readSheet(
    principal: Principal,
    accountId: string,
    upload: () => Promise<UploadedSpreadsheet>,
  ): Promise<TemplateSheet> {
    await this.requireSender(principal, accountId);
    const file = await upload();
    const limits = { rows: TEMPLATE_SHEET_LIMITS.rows, columns: TEMPLATE_SHEET_LIMITS.columns + 1 };
    const [sheet] = await readSpreadsheet(file, limits);
    // Blank rows at the end (formatting Excel kept) are no rows.
    const rows = (sheet?.rows ?? []).map((row) =>
      row.map((cell) =>
        typeof cell === 'string' ? cell.trim().slice(0, TEMPLATE_SHEET_LIMITS.cellChars) : (cell ?? null),
      ),
    );
    while (rows.length > 0 && rows.at(-1)!.every((cell) => cell === null || cell === '')) rows.pop();
    if (!sheet || rows.length < 2) throw failure(400, 'SHEET_EMPTY');
    const tooBig =
      rows.length > TEMPLATE_SHEET_LIMITS.rows + 1 ||
      rows.some((row) => row.length > TEMPLATE_SHEET_LIMITS.columns) ||
      // The rows must fit the preview and send requests they travel back in.
      Buffer.byteLength(JSON.stringify(rows)) > TEMPLATE_SHEET_LIMITS.rowsJsonBytes;
    if (tooBig)
      throw failure(400, 'SHEET_TOO_BIG', {
        rows: TEMPLATE_SHEET_LIMITS.rows,
        columns: TEMPLATE_SHEET_LIMITS.columns,
      });
    return { fileName: file.fileName, sheetName: sheet.name, rows };
  }

  async preview(
    principal: Principal,
    accountId: string,
    input: SmsTemplateSend,
  ): Promise<SmsTemplatePreview> {
    await this.requireSender(principal, accountId);
    const built = this.build(input);
    return {
      recipients: built.messages.length,
      parts: built.parts,
      sample: built.messages
        .slice(0, PREVIEW_SAMPLE_SIZE)
        .map((m) => ({ row: m.row, phone: m.phone, text: m.text, parts: m.totalSMSNeeded })),
      dropped: [...built.dropped],
      problems: built.problems.map((p) => ({ code: p.code, message: p.message })),
      ...(await quotaCheck(this.deps.db.kysely, accountId, built.parts)),
      warnings: contentWarnings(
        built.messages.map((m) => m.text),
        await this.deps.maskedSender(accountId),
      ),
      runAt: built.runAt,
      heldForQuietHours: built.runAt > built.asked,
    };
  }

  async send(principal: Principal, accountId: string, input: SmsTemplateSend): Promise<SmsQueued> {
    await this.requireSender(principal, accountId);
    const built = this.build(input);
    // A template that names a column the sheet lacks would print "." to every family.
    const [problem] = built.problems;
    if (problem) throw new AppError(400, problem.code, problem.message, problem.params);
    if (built.messages.length === 0) throw failure(400, 'SMS_TEMPLATE_NO_MESSAGES');
    const queued = await this.deps.sends.queue({
      accountId,
      userId: principal.user.id,
      text: built.template,
      recipients: built.messages.map((m) => ({
        phone: m.phone,
        source: 'typed' as const,
        studentId: null,
        own: { text: m.text, parts: m.totalSMSNeeded },
      })),
      urgent: input.urgent,
      sendAt: built.asked,
    });
    await publishQuota(this.deps.events, queued.payerAccountId, [
      { resource: 'sms-sends', params: { accountId } },
    ]);
    return {
      sendId: queued.sendId,
      recipients: built.messages.length,
      parts: queued.parts,
      quotaAfter: queued.quotaAfter,
      runAt: queued.runAt,
    };
  }

  async list(principal: Principal, accountId: string): Promise<{ items: SmsTemplate[] }> {
    await this.requireSender(principal, accountId);
    const rows = await new SmsTemplatesRepository(this.deps.db.kysely).list(accountId);
    return {
      items: rows.map((r) => ({ id: r.id, name: r.name, body: r.body, updatedAt: Number(r.updated_at) })),
    };
  }

  async create(principal: Principal, accountId: string, input: SmsTemplateInput): Promise<SmsTemplate> {
    await this.requireSender(principal, accountId);
    const now = this.deps.clock.now();
    const id = newId(now);
    await this.deps.db.kysely.transaction().execute(async (trx) => {
      const repo = new SmsTemplatesRepository(trx);
      if ((await repo.count(accountId)) >= SMS_TEMPLATES_MAX)
        throw failure(409, 'SMS_TEMPLATES_FULL', { max: SMS_TEMPLATES_MAX });
      if (await repo.findByName(accountId, nameKey(input.name)))
        throw failure(409, 'SMS_TEMPLATE_NAME_TAKEN', { name: input.name });
      await repo.insert({
        id,
        account_id: accountId,
        name: input.name,
        name_key: nameKey(input.name),
        body: input.body,
        created_by: principal.user.id,
        created_at: now,
        updated_at: now,
      });
    });
    await this.publish(accountId);
    return { id, name: input.name, body: input.body, updatedAt: now };
  }

  async update(
    principal: Principal,
    accountId: string,
    templateId: string,
    input: SmsTemplateInput,
  ): Promise<SmsTemplate> {
    await this.requireSender(principal, accountId);
    const now = this.deps.clock.now();
    await this.deps.db.kysely.transaction().execute(async (trx) => {
      const repo = new SmsTemplatesRepository(trx);
      const same = await repo.findByName(accountId, nameKey(input.name));
      if (same && same.id !== templateId) throw failure(409, 'SMS_TEMPLATE_NAME_TAKEN', { name: input.name });
      const changes = { name: input.name, name_key: nameKey(input.name), body: input.body, updated_at: now };
      if (!(await repo.update(accountId, templateId, changes))) throw notFound();
    });
    await this.publish(accountId);
    return { id: templateId, name: input.name, body: input.body, updatedAt: now };
  }

  async remove(principal: Principal, accountId: string, templateId: string): Promise<void> {
    await this.requireSender(principal, accountId);
    if (!(await new SmsTemplatesRepository(this.deps.db.kysely).delete(accountId, templateId)))
      throw notFound();
    await this.publish(accountId);
  }

  private build(input: SmsTemplateSend) {
    const template = stripHashtags(input.template).trim();
    if (!template) throw failure(400, 'SMS_TEXT_EMPTY');
    const now = this.deps.clock.now();
    const asked = askedSendTime(now, input.sendAt);
    const plan = planTemplateMessages(template, input.rows, { phoneColumn: input.phoneColumn, now });
    const messages = plan.messages;
    return {
      template,
      messages,
      dropped: plan.dropped,
      problems: templateProblems(template, input.rows[0] ?? [], input.phoneColumn),
      parts: messages.reduce((sum, m) => sum + m.totalSMSNeeded, 0),
      asked,
      runAt: sendRunAt(asked, input.urgent),
    };
  }

  /** Whoever may text any number of the account: the sheet's numbers are typed numbers. */
  private async requireSender(principal: Principal, accountId: string): Promise<void> {
    requireSendTo(await this.deps.access.requireAccount(principal, accountId), [], true);
  }

  private publish(accountId: string) {
    return this.deps.events.publish({
      channel: `account:${accountId}`,
      type: 'sms.templates',
      stale: [{ resource: 'sms-templates', params: { accountId } }],
    });
  }
}
