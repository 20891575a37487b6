import crypto from 'node:crypto';
import { ONLINE_PAY, publicVideoCoursePath, type VideoBuy, videoBuySchema } from '@batchwise/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { PaymentGateways } from '../../drivers/payments/gateways';
import { verifyNotification } from '../../drivers/payments/sslcommerz';
import { failure } from '../../lib/errors';
import { newId } from '../../lib/ids';
import type { JobQueue } from '../jobs/jobs.service';
import { checkSslReport, expectedOf, sslQueryVerdict } from '../online-pay/gateway-checks';
import { openGatewaySession, requirePayableAmount } from '../online-pay/gateway-session';
import { sslCredentials } from '../online-pay/merchant-settings';
import { OnlinePayRepository } from '../online-pay/online-pay.repository';
import { alertOnPayment, type Verdict } from '../online-pay/settle';
import { PublicVideoRepository, type Purchase } from './public-video.repository';
import { newSecret, type PublicVideoDeps, type PublicVideoService } from './public-video.service';

// Buying a paid public course: the institution is the merchant, with its own SSLCommerz
// credentials and the IPN rules every payment here follows (online-pay/gateway-checks.ts). Access
// is granted by the gateway's own word alone, the IPN (or, when it is lost, the transaction query
// after the payment window): the browser's return only leads the buyer back to the page.
//
// How the buyer keeps access (no account, no sign-in): each purchase carries a random access
// token, and the return sends the buyer to their access link, `/public-video-course?key=…&access=…`,
// which the page keeps in the browser and shows for bookmarking. Like the fee pay link and the
// receipt link, the link is the permission: it works on any device, for that course only, while
// the course stays published. The return hands it over only for a report that carries the
// store's valid signature, so knowing a transaction id alone is not enough.

export interface PublicVideoPayDeps extends PublicVideoDeps {
  gateways: PaymentGateways;
  log: FastifyBaseLogger;
  /** PUBLIC_URL: the gateway's IPN and return addresses are built on it. */
  appUrl: string;
  courses: PublicVideoService;
  jobs: JobQueue;
}

/** The job that asks the gateway about a purchase left open past its window (a lost IPN). */
export const VIDEO_PAY_RECONCILE_JOB = 'public-video.reconcile';
/** A minute after the window: the gateway's own last report usually lands in it. */
const RECONCILE_DELAY_MS = 60_000;

const OPEN = ['created', 'redirected'] as const;
/** The gateway's confirmation counts even after we gave up on an attempt: the money was taken. */
const PAYABLE = ['created', 'redirected', 'failed', 'cancelled', 'expired'] as const;

const newTranId = () => `BWV${crypto.randomBytes(12).toString('hex').toUpperCase()}`;
const PAGE = '/public-video-course';

export class PublicVideoPayService {
  constructor(private readonly deps: PublicVideoPayDeps) {}

  private get repo() {
    return new PublicVideoRepository(this.deps.db.kysely);
  }

  /** The amount is the course's price on the server, never the browser's. */
  async buy(key: string, input: VideoBuy): Promise<{ tranId: string; redirectUrl: string }> {
    const buyer = videoBuySchema.parse(input);
    const course = await this.deps.courses.published(key);
    const amount = Number(course.price);
    if (amount === 0) throw failure(409, 'VIDEO_COURSE_FREE');
    requirePayableAmount(amount);
    const settings = await new OnlinePayRepository(this.deps.db.kysely).merchantSettings(course.account_id);
    const creds = sslCredentials(this.deps.box, settings);
    if (course.online_payment !== 'On' || !creds) throw failure(409, 'PAY_ONLINE_OFF');
    const now = this.deps.clock.now();
    const purchase: Purchase = {
      id: newId(now),
      account_id: course.account_id,
      course_id: course.course_id,
      buyer_name: buyer.name,
      buyer_phone: buyer.phone,
      amount,
      currency: 'BDT',
      gateway: 'sslcommerz',
      mode: creds.live ? 'live' : 'sandbox',
      tran_id: newTranId(),
      gateway_payment_id: null,
      gateway_trx_id: null,
      status: 'created',
      note: '',
      access_token: newSecret(),
      created_at: now,
      updated_at: now,
      paid_at: null,
    };
    await this.repo.insertPurchase(purchase);
    // A buyer whose IPN never comes: the gateway is asked once the window has passed. Queued
    // before the gateway call, so no open purchase goes unasked.
    await this.deps.jobs.enqueue(
      VIDEO_PAY_RECONCILE_JOB,
      { tranId: purchase.tran_id },
      {
        runAt: now + ONLINE_PAY.windowMs + RECONCILE_DELAY_MS,
        idempotencyKey: `${VIDEO_PAY_RECONCILE_JOB}:${purchase.tran_id}`,
      },
    );
    const { redirectUrl, gatewayPaymentId, problem } = await openGatewaySession(
      this.deps.gateways,
      { gateway: 'sslcommerz', credentials: creds },
      {
        api: `${this.deps.appUrl}/api/public/video-pay`,
        tranId: purchase.tran_id,
        amountPaisa: amount,
        customerName: buyer.name,
        customerPhone: buyer.phone,
        productName: course.title,
        reference: purchase.id,
        payerReference: buyer.phone,
      },
    );
    if (!redirectUrl || !gatewayPaymentId) {
      await this.settle(purchase, {
        kind: 'failed',
        reason: 'UNATTEMPTED',
        note: `Gateway refused: ${problem}`.slice(0, 500),
      });
      this.deps.log.warn({ tranId: purchase.tran_id, problem }, 'payment gateway refused a course session');
      throw failure(502, 'PAY_GATEWAY_FAILED');
    }
    await this.repo.transition(purchase.id, ['created'], {
      status: 'redirected',
      gateway_payment_id: gatewayPaymentId,
      updated_at: this.deps.clock.now(),
    });
    return { tranId: purchase.tran_id, redirectUrl };
  }

  /** The IPN: checked (signature, amount, the validation API), then settled once. */
  async sslcommerzIpn(form: Record<string, string>): Promise<{ ok: boolean }> {
    const tranId = String(form.tran_id ?? '').slice(0, 64);
    const purchase = tranId ? await this.repo.purchaseByTran(tranId) : undefined;
    if (!purchase) {
      await this.alert(null, tranId || '(none)', 'SSLCommerz IPN for a course purchase that is not ours');
      return { ok: false };
    }
    // Already settled: a replay changes nothing and the gateway is not asked again.
    if (purchase.status === 'paid' || purchase.status === 'needs_review') return { ok: true };
    const creds = await this.credentialsOf(purchase.account_id);
    if (!creds) {
      await this.alert(
        purchase,
        tranId,
        'SSLCommerz IPN arrived but the account has no SSLCommerz credentials',
      );
      return { ok: false };
    }
    const { verdict, alert } = await checkSslReport(this.deps, creds, form, expectedOf(purchase), 'ipn');
    if (alert) await this.alert(purchase, tranId, alert);
    if (verdict) await this.settle(purchase, verdict);
    return { ok: verdict !== undefined };
  }

  /**
   * The buyer's browser back from SSLCommerz: never settles anything. A signed success goes to the
   * buyer's access link (the page waits there for the IPN); anything else back to the course.
   */
  async sslcommerzReturn(
    outcome: 'success' | 'fail' | 'cancel',
    form: Record<string, string>,
  ): Promise<string> {
    const tranId = String(form.tran_id ?? '').slice(0, 64);
    const purchase = tranId ? await this.repo.purchaseByTran(tranId) : undefined;
    const publication = purchase && (await this.repo.publication(purchase.account_id, purchase.course_id));
    if (!purchase || !publication) return PAGE;
    const course = publicVideoCoursePath(publication.link_key);
    const creds = await this.credentialsOf(purchase.account_id);
    if (outcome !== 'success' || !creds || !verifyNotification(form, creds.storePassword))
      return `${course}&payment=${outcome === 'cancel' ? 'cancelled' : 'failed'}`;
    return `${course}&access=${encodeURIComponent(purchase.access_token)}`;
  }

  /**
   * A purchase still open after its window: what the gateway's transaction query confirms grants
   * access (once, as the IPN would); anything else expires. A later IPN still counts.
   */
  async reconcile(tranId: string): Promise<void> {
    const purchase = await this.repo.purchaseByTran(tranId);
    if (!purchase || (purchase.status !== 'created' && purchase.status !== 'redirected')) return;
    const creds = await this.credentialsOf(purchase.account_id);
    const verdict = creds ? await sslQueryVerdict(this.deps, creds, expectedOf(purchase)) : undefined;
    if (verdict) await this.settle(purchase, verdict);
    await this.settle(purchase, {
      kind: 'expired',
      note: 'No answer from the gateway within the payment window',
    });
  }

  /** Each ending is one guarded transition, so it happens once however often it is reported. */
  private async settle(purchase: Purchase, verdict: Verdict): Promise<void> {
    const now = this.deps.clock.now();
    switch (verdict.kind) {
      case 'paid':
        await this.repo.transition(purchase.id, PAYABLE, {
          status: 'paid',
          gateway_trx_id: verdict.gatewayTrxId || null,
          paid_at: now,
          updated_at: now,
        });
        return;
      case 'review':
        if (
          await this.repo.transition(purchase.id, PAYABLE, {
            status: 'needs_review',
            gateway_trx_id: verdict.gatewayTrxId || null,
            note: verdict.note,
            updated_at: now,
          })
        )
          await this.alert(purchase, purchase.tran_id, verdict.note);
        return;
      default:
        await this.repo.transition(purchase.id, OPEN, {
          status: verdict.kind,
          note: verdict.note,
          updated_at: now,
        });
    }
  }

  private async credentialsOf(accountId: string) {
    return sslCredentials(
      this.deps.box,
      await new OnlinePayRepository(this.deps.db.kysely).merchantSettings(accountId),
    );
  }

  private async alert(purchase: Purchase | null, tranId: string, problem: string) {
    const { db, log, clock } = this.deps;
    await alertOnPayment(
      { db: db.kysely, log, now: clock.now() },
      'course payment alert',
      purchase,
      tranId,
      problem,
    );
  }
}
