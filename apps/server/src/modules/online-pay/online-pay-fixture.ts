import { addMonths, monthOf } from '@batchwise/domain';
import type { FastifyInstance } from 'fastify';
import type { PaymentStandIns } from '../../drivers/payments/gateways';
import { signUp } from '../../test/factories';
import { TestClient } from '../../test/http';
import { addStudent, createClassroom } from '../../test/school';
import type { TestAppContext } from '../../test/test-deps';

// Test fixture of online payment: an account with both gateways set up against
// the stand-ins, a student owing three months of 1,500 ৳, the student's pay link, and helpers
// that play the gateway's and the browser's parts through the real routes.

export const STORE = { storeId: 'batchwisetest01', storePassword: 'store-pass-1@sandbox' };
export const BKASH = {
  appKey: 'bw-app-key-0001',
  appSecret: 'bw-app-secret',
  username: 'sandboxTokenizedUser02',
  password: 'pass#word',
};
export const FEE = 150_000;

export async function payWorld(ctx: TestAppContext) {
  const t = await signUp(ctx.app, ctx.deps);
  const classroomId = await createClassroom(t.client, t.accountId, {
    name: 'Physics A',
    tuitionFeePaisa: FEE,
  });
  const student = await addStudent(t.client, t.accountId, {
    name: 'Rafi Islam',
    enrolments: [{ classroomId, tuitionFeePaisa: null }],
  });
  const thisMonth = monthOf(ctx.deps.clock.now());
  const months = [addMonths(thisMonth, -2), addMonths(thisMonth, -1), thisMonth];
  // Enrolled two months ago, so three months are owed whatever day the test runs.
  const since = Date.parse(`${months[0]}-10T00:00:00Z`);
  await ctx.deps.db.kysely
    .updateTable('enrolments')
    .set({ accepted_at: since, applied_at: since })
    .where('student_id', '=', student.id)
    .execute();
  const base = `/api/accounts/${t.accountId}`;
  const settings = await t.client.put(`${base}/merchant-settings`, {
    onlinePayment: true,
    sslcommerz: { enabled: true, mode: 'sandbox', ...STORE },
    bkash: { enabled: true, mode: 'sandbox', ...BKASH },
  });
  if (settings.statusCode !== 200) throw new Error(`settings not saved: ${settings.body}`);
  const link = (await t.client.post(`${base}/students/${student.id}/pay-link`)).json();
  const parent = new TestClient(ctx.app);
  const standIns = (await ctx.deps.paymentGateways.standIns()) as PaymentStandIns;
  const month = (m: string) => ({ kind: 'month' as const, classroomId, month: m });
  const start = (gateway: 'sslcommerz' | 'bkash', items: object[] = [month(months[0]!)]) =>
    parent.post('/api/public/pay/start', { key: link.key, suid: student.id, gateway, items });
  const attempt = async (tranId: string) => (await parent.get(`/api/public/pay/attempts/${tranId}`)).json();
  const payments = async () =>
    ctx.deps.db.kysely.selectFrom('payments').selectAll().where('student_id', '=', student.id).execute();
  const alerts = async () =>
    ctx.deps.db.kysely
      .selectFrom('activity_log')
      .selectAll()
      .where('event_name', '=', 'Online Payment Alert')
      .where('account_id', '=', t.accountId)
      .execute();
  return {
    t,
    base,
    classroomId,
    student,
    months,
    link,
    parent,
    standIns,
    month,
    start,
    attempt,
    payments,
    alerts,
  };
}

export type PayWorld = Awaited<ReturnType<typeof payWorld>>;

/** POSTs a form as SSLCommerz does (the IPN, or the browser's return). */
export function postForm(app: FastifyInstance, url: string, form: Readonly<Record<string, string>>) {
  return app.inject({
    method: 'POST',
    url,
    payload: new URLSearchParams(form).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
}

/** Starts an SSLCommerz attempt; answers its tran id and the stand-in's session key. */
export async function startSsl(w: PayWorld, items?: object[]) {
  const res = await w.start('sslcommerz', items);
  if (res.statusCode !== 200) throw new Error(`start failed: ${res.body}`);
  const { tranId, redirectUrl } = res.json() as { tranId: string; redirectUrl: string };
  const sessionkey = new URL(redirectUrl).pathname.split('/').pop()!;
  return { tranId, sessionkey, redirectUrl };
}

/** Starts a bKash attempt; answers its tran id and the stand-in's paymentID. */
export async function startBkash(w: PayWorld, items?: object[]) {
  const res = await w.start('bkash', items);
  if (res.statusCode !== 200) throw new Error(`start failed: ${res.body}`);
  const { tranId, redirectUrl } = res.json() as { tranId: string; redirectUrl: string };
  const paymentID = new URL(redirectUrl).pathname.split('/').pop()!;
  return { tranId, paymentID, redirectUrl };
}

/** The browser following bKash's redirect to our callback: where we send it next. */
export async function followCallback(app: FastifyInstance, callbackUrl: string) {
  const url = new URL(callbackUrl);
  const res = await app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
  return res.headers.location as string;
}

/** Where a redirect lands, as path + query params. */
export function landing(location: string | undefined) {
  const url = new URL(location ?? '/', 'http://x');
  return { path: url.pathname, tran: url.searchParams.get('tran'), reason: url.searchParams.get('reason') };
}
