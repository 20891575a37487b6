import crypto from 'node:crypto';
import {
  type MerchantSettingsInput,
  type MerchantSettingsView,
  monthOf,
  ONLINE_PAY,
  type OnlinePaymentStatus,
  type OnlinePaymentView,
  type PayAttemptPublic,
  type PayLinkView,
  type PaymentGateway,
  type PublicPayPortal,
} from '@batchwise/domain';
import type { Selectable } from 'kysely';
import type { Db } from '../../db/database';
import type { MerchantSettingsTable } from '../../db/schema-online-pay';
import type { PaymentGateways } from '../../drivers/payments/gateways';
import type { Principal } from '../../lib/access';
import type { Clock } from '../../lib/clock';
import { failure, notFound } from '../../lib/errors';
import type { AccessPolicy } from '../access/access.policy';
import { logActivity } from '../activity/activity';
import type { EventBus } from '../events/event-bus';
import { requireFeesManager } from '../fees/fees.policy';
import { FeesRepository } from '../fees/fees.repository';
import { accountStudent, duesOf } from '../fees/fees-dues';
import { pictureUrl } from '../media/images';
import { applySettings, readyGateways, settingsView } from './merchant-settings';
import { OnlinePayRepository } from './online-pay.repository';
import { seedDemoOnlinePay } from './online-pay-demo';
import { attemptPublicView, attemptView, payLinkPath, portalDues } from './online-pay-views';
import type { SecretBox } from './secret-box';
import { settle } from './settle';

export interface OnlinePayDeps {
  db: Db;
  clock: Clock;
  access: AccessPolicy;
  events: EventBus;
  gateways: PaymentGateways;
  box: SecretBox;
  /** PUBLIC_URL (or this machine): pay links and the gateways' return addresses are built on it. */
  appUrl: string;
}

type MerchantSettingsRow = Selectable<MerchantSettingsTable>;

const newKey = () => crypto.randomBytes(24).toString('base64url');

/**
 * Pay links, the parent portal, merchant settings and the staff's view of attempts (the fees and payments capability
 * item 3). Starting and finishing payments at the gateways is in online-pay-gateway.service.ts.
 */
export class OnlinePayService {
  constructor(private readonly deps: OnlinePayDeps) {}

  /** Demo data: see online-pay-demo.ts. */
  seedDemo(accountId: string, ownerUserId: string): Promise<void> {
    return seedDemoOnlinePay(this.deps, accountId, ownerUserId);
  }

  // ── staff: pay links ──

  /**
   * Short pay links of students of the account, made for those who have none (a dues SMS that
   * names {Pay Link}); the caller has already checked who may send to them.
   */
  async shortPayLinks(accountId: string, studentIds: readonly string[], byUserId: string | null) {
    const links = await this.ensurePayLinks(accountId, studentIds, byUserId);
    return new Map(links.map((l) => [l.student_id, this.shortUrl(l.pay_key)]));
  }

  /** The students' pay links, made (random key) for those who have none yet. */
  private async ensurePayLinks(accountId: string, studentIds: readonly string[], byUserId: string | null) {
    const repo = new OnlinePayRepository(this.deps.db.kysely);
    const existing = await repo.payLinksOf(accountId, studentIds);
    const have = new Set(existing.map((l) => l.student_id));
    const missing = studentIds.filter((id) => !have.has(id));
    if (missing.length === 0) return existing;
    const now = this.deps.clock.now();
    for (const studentId of missing) {
      await repo.insertPayLink({
        student_id: studentId,
        account_id: accountId,
        pay_key: newKey(),
        created_at: now,
        created_by_user_id: byUserId,
      });
    }
    // Read again: a link made at the same moment by someone else keeps its own key.
    return repo.payLinksOf(accountId, studentIds);
  }

  /** Where `/p/{key}` leads: the pay link's portal, or nothing for a key that is not (or no longer) one. */
  async shortLinkTarget(key: string): Promise<string | undefined> {
    const link = await new OnlinePayRepository(this.deps.db.kysely).payLinkByKey(key);
    return link ? payLinkPath(link.pay_key, link.student_id) : undefined;
  }

  async payLink(principal: Principal, accountId: string, studentId: string): Promise<PayLinkView> {
    await this.requireManager(principal, accountId);
    const repo = new OnlinePayRepository(this.deps.db.kysely);
    await accountStudent(this.deps.db.kysely, accountId, studentId);
    await this.ensurePayLinks(accountId, [studentId], principal.user.id);
    return this.linkView((await repo.payLinkOf(studentId))!);
  }

  async regeneratePayLink(principal: Principal, accountId: string, studentId: string): Promise<PayLinkView> {
    await this.requireManager(principal, accountId);
    const now = this.deps.clock.now();
    await this.deps.db.kysely.transaction().execute(async (trx) => {
      const repo = new OnlinePayRepository(trx);
      const student = await accountStudent(trx, accountId, studentId);
      if (await repo.payLinkOf(studentId))
        await repo.replacePayLinkKey(studentId, newKey(), now, principal.user.id);
      else
        await repo.insertPayLink({
          student_id: studentId,
          account_id: accountId,
          pay_key: newKey(),
          created_at: now,
          created_by_user_id: principal.user.id,
        });
      await logActivity(
        trx,
        principal,
        {
          accountId,
          eventName: 'Regenerate Pay Link',
          message: { key: 'payLinkMade', params: { student: student.name } },
          subjectType: 'student',
          subjectId: studentId,
        },
        now,
      );
    });
    return this.linkView((await new OnlinePayRepository(this.deps.db.kysely).payLinkOf(studentId))!);
  }

  async revokePayLink(principal: Principal, accountId: string, studentId: string): Promise<{ ok: true }> {
    await this.requireManager(principal, accountId);
    const now = this.deps.clock.now();
    await this.deps.db.kysely.transaction().execute(async (trx) => {
      const student = await accountStudent(trx, accountId, studentId);
      await new OnlinePayRepository(trx).deletePayLink(studentId);
      await logActivity(
        trx,
        principal,
        {
          accountId,
          eventName: 'Revoke Pay Link',
          message: { key: 'payLinkStopped', params: { student: student.name } },
          subjectType: 'student',
          subjectId: studentId,
        },
        now,
      );
    });
    return { ok: true };
  }

  // ── owner/admin: merchant settings ──

  async merchantSettings(principal: Principal, accountId: string): Promise<MerchantSettingsView> {
    await this.requireManager(principal, accountId);
    return this.settingsOf(accountId);
  }

  async updateMerchantSettings(
    principal: Principal,
    accountId: string,
    input: MerchantSettingsInput,
  ): Promise<MerchantSettingsView> {
    await this.requireManager(principal, accountId);
    const now = this.deps.clock.now();
    await this.deps.db.kysely.transaction().execute(async (trx) => {
      const repo = new OnlinePayRepository(trx);
      const row = await repo.merchantSettings(accountId);
      await repo.saveMerchantSettings(
        applySettings(this.deps.box, accountId, row, input, now, principal.user.id),
      );
      if (input.onlinePayment !== undefined) await repo.setOnlinePayment(accountId, input.onlinePayment, now);
      // Which parts changed, never their values: the log is read by every manager.
      const changed = [
        input.onlinePayment !== undefined && `online payment ${input.onlinePayment ? 'on' : 'off'}`,
        ...Object.entries(input.sslcommerz ?? {}).map(([k, v]) => v !== undefined && `sslcommerz ${k}`),
        ...Object.entries(input.bkash ?? {}).map(([k, v]) => v !== undefined && `bkash ${k}`),
      ].filter(Boolean);
      await logActivity(
        trx,
        principal,
        {
          accountId,
          eventName: 'Merchant Settings',
          message: { key: 'merchantSettingsChanged', params: { changes: changed.join(', ') || 'nothing' } },
        },
        now,
      );
    });
    await this.deps.events.publish({
      channel: `account:${accountId}`,
      type: 'online-payments.changed',
      stale: [{ resource: 'online-payments', params: { accountId } }],
    });
    return this.settingsOf(accountId);
  }

  // ── staff: attempts ──

  async list(
    principal: Principal,
    accountId: string,
    query: { status?: OnlinePaymentStatus; limit: number },
  ): Promise<{ items: OnlinePaymentView[] }> {
    await this.requireManager(principal, accountId);
    const rows = await new OnlinePayRepository(this.deps.db.kysely).listAttempts(
      accountId,
      query.status,
      query.limit,
    );
    return { items: rows.map((r) => attemptView(r, r.student_name)) };
  }

  /** A payment held as risky: the manager records it (money kept) or turns it down (refund at the gateway). */
  async review(
    principal: Principal,
    accountId: string,
    id: string,
    input: { decision: 'record' | 'reject'; note: string },
  ): Promise<OnlinePaymentView> {
    await this.requireManager(principal, accountId);
    const repo = new OnlinePayRepository(this.deps.db.kysely);
    const attempt = await repo.attempt(accountId, id);
    if (!attempt) throw notFound();
    if (attempt.status !== 'needs_review') throw failure(409, 'PAY_REVIEW_NOT_PENDING');
    const now = this.deps.clock.now();
    if (input.decision === 'record') {
      // Back to an open state only to pass through the one guarded path to `paid`.
      if (
        await repo.transition(id, ['needs_review'], {
          status: 'redirected',
          note: input.note,
          updated_at: now,
        })
      )
        await settle(
          this.deps,
          { ...attempt, status: 'redirected' },
          { kind: 'paid', gatewayTrxId: attempt.gateway_trx_id ?? '' },
        );
    } else {
      await repo.transition(id, ['needs_review'], {
        status: 'failed',
        reason: 'DECLINED',
        note: input.note || 'Turned down on review',
        updated_at: now,
      });
    }
    await logActivity(
      this.deps.db.kysely,
      principal,
      {
        accountId,
        eventName: 'Review Online Payment',
        message: {
          key: input.decision === 'record' ? 'onlinePaymentRecorded' : 'onlinePaymentTurnedDown',
          params: { transaction: attempt.tran_id },
        },
        subjectType: 'student',
        subjectId: attempt.student_id,
      },
      now,
    );
    const row = (await repo.attempt(accountId, id))!;
    const student = await repo.studentContact(row.student_id);
    return attemptView(row, student?.name ?? '');
  }

  /**
   * Whether each account takes payments online and through which gateways, for the family
   * portal's "pay now" (the gateways are the ones the pay link would offer).
   */
  async onlinePayOptions(accountIds: readonly string[]): Promise<Map<string, PaymentGateway[]>> {
    const rows = await new OnlinePayRepository(this.deps.db.kysely).onlinePaySetup(accountIds);
    return new Map(
      rows.map((r) => [
        r.account,
        r.online_payment === 'On' && r.account_id
          ? readyGateways(this.deps.box, r as MerchantSettingsRow)
          : [],
      ]),
    );
  }

  // ── public: the parent portal and result pages ──

  async portal(key: string, suid: string): Promise<PublicPayPortal> {
    const repo = new OnlinePayRepository(this.deps.db.kysely);
    const target = await repo.payLinkTarget(key, suid);
    if (!target) throw failure(404, 'PAY_LINK_INVALID');
    const now = this.deps.clock.now();
    const dues = await duesOf(
      new FeesRepository(this.deps.db.kysely),
      target.account_id,
      target,
      monthOf(now),
    );
    const settings = await repo.merchantSettings(target.account_id);
    const on = target.online_payment === 'On';
    return {
      institution: target.institution,
      logoUrl: pictureUrl(target.logo_key),
      studentName: target.name,
      customId: target.custom_id,
      onlinePayment: on,
      gateways: on ? readyGateways(this.deps.box, settings) : [],
      ...portalDues(dues),
      totalDuePaisa: dues.totals.duePaisa,
      throughMonth: dues.throughMonth,
      windowMinutes: ONLINE_PAY.windowMs / 60_000,
      minimumPaisa: ONLINE_PAY.minimumPaisa,
      donationPaisa: ONLINE_PAY.donationPaisa,
    };
  }

  /** One attempt for its result page; an attempt past its window is expired first (the spec's EXPIRED). */
  async attemptPage(tranId: string): Promise<PayAttemptPublic> {
    const repo = new OnlinePayRepository(this.deps.db.kysely);
    let row = await repo.attemptForPage(tranId);
    if (!row) throw notFound();
    if (
      (row.status === 'created' || row.status === 'redirected') &&
      Number(row.expires_at) < this.deps.clock.now()
    ) {
      await settle(this.deps, row, {
        kind: 'expired',
        note: 'No answer from the gateway within the payment window',
      });
      row = (await repo.attemptForPage(tranId))!;
    }
    return attemptPublicView(row);
  }

  private async settingsOf(accountId: string): Promise<MerchantSettingsView> {
    const repo = new OnlinePayRepository(this.deps.db.kysely);
    const row = await repo.merchantSettings(accountId);
    const account = await repo.onlinePaymentSwitch(accountId);
    return settingsView(this.deps.box, row, account?.online_payment === 'On');
  }

  private linkView(row: { pay_key: string; student_id: string; created_at: number }): PayLinkView {
    return {
      url: `${this.deps.appUrl}${payLinkPath(row.pay_key, row.student_id)}`,
      shortUrl: this.shortUrl(row.pay_key),
      key: row.pay_key,
      studentId: row.student_id,
      createdAt: Number(row.created_at),
    };
  }

  private shortUrl(key: string): string {
    return `${this.deps.appUrl}/p/${key}`;
  }

  private async requireManager(principal: Principal, accountId: string) {
    requireFeesManager(await this.deps.access.requireAccount(principal, accountId));
  }
}
