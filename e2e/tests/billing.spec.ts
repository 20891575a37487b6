import path from 'node:path';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import Database from 'better-sqlite3';
import { CSRF, noSidewaysScroll, signUpTeacher, unique } from './page-helpers';

/**
 * Paying the platform in the browser, through the loopback SSLCommerz stand-in: a Lite teacher
 * refused a third assistant follows the upgrade link, pays for Pro, gets the receipt at
 * `/lms-sub-paid-receipt` and invites the third; once Pro and its grace have passed, Lite's limit
 * applies again with everyone kept; an owner on a phone buys 1,000 SMS, whose IPN replayed ten
 * times credits them once.
 */

const STAFF = { email: 'staff@demo.batchwise.bd', password: 'Batchwise demo 2026' };
const IPN = '/api/public/platform-pay/sslcommerz/ipn';
/** 20 ৳ per student per month; a new account is billed for the minimum of 10 students. */
const PRO_PRICE = 2_000;

/** Staff publish Pro's price (the plan table starts with it unset: not on sale). */
async function publishProPrice(request: APIRequestContext) {
  const signIn = await request.post('/api/auth/sign-in', { data: STAFF, headers: CSRF });
  expect(signIn.status(), await signIn.text()).toBe(200);
  const { plans } = (await (await request.get('/api/plans')).json()) as {
    plans: { id: string; updatedAt: number | null }[];
  };
  const { id: _id, updatedAt: _at, ...pro } = plans.find((p) => p.id === 'pro')!;
  const saved = await request.put('/api/staff/plans/pro', {
    data: { ...pro, pricePerStudentPaisa: PRO_PRICE },
    headers: CSRF,
  });
  expect(saved.status(), await saved.text()).toBe(200);
}

/**
 * Moves the account's paid period to have ended 91 days ago, past any grace period staff may set
 * (at most 90 days), in the e2e server's database: a browser cannot move the server's clock.
 */
function endPlanLongAgo(accountId: string) {
  const db = new Database(path.join(process.env.E2E_DATA_DIR!, 'batchwise.db'));
  try {
    db.pragma('busy_timeout = 5000');
    db.prepare('UPDATE accounts SET plan_ends_at = ? WHERE id = ?').run(
      Date.now() - 91 * 86_400_000,
      accountId,
    );
  } finally {
    db.close();
  }
}

const invite = (page: Page, accountId: string, n: number) =>
  page.request.post(`/api/accounts/${accountId}/assistants/invitations`, {
    data: { email: `billing-helper-${n}-${unique()}@school.test` },
    headers: CSRF,
  });

test('a Lite teacher refused a third assistant pays for Pro, gets the receipt and invites the third', async ({
  page,
  browser,
}) => {
  test.slow(); // a gateway round trip
  const staff = await browser.newContext();
  await publishProPrice(staff.request);
  await staff.close();

  const accountId = await signUpTeacher(page, 'Billing');
  for (const n of [1, 2]) expect((await invite(page, accountId, n)).status()).toBe(200);
  await page.goto('/teacher/team');
  await page.getByRole('textbox', { name: 'E-mail' }).fill(`billing-helper-3-${unique()}@school.test`);
  await page.getByRole('button', { name: 'Send invitation' }).click();
  await expect(
    page.getByText('Your plan allows 2 assistants (moderators). Upgrade your plan to add more.'),
  ).toBeVisible();
  const upgrade = page.getByRole('link', { name: 'See plans and upgrade' });
  await expect(upgrade).toHaveAttribute('href', '/teacher/billing');
  await upgrade.click();

  await expect(page.getByRole('heading', { name: 'Billing', exact: true })).toBeVisible();
  await expect(page.getByTestId('billing-plan')).toHaveText('Lite');
  await expect(page.getByTestId('plan-amount')).toHaveText('To pay: ৳200');
  await page.getByRole('button', { name: 'Pay and upgrade' }).click();
  await page.getByTestId('ssl-pay').click();

  await expect(page).toHaveURL(/\/lms-sub-paid-receipt\?tran=BWP/);
  await expect(page.getByRole('heading', { name: 'Payment receipt' })).toBeVisible();
  const receipt = page.getByTestId('billing-receipt');
  await expect(receipt).toContainText('Pro plan, 1 month');
  await expect(receipt).toContainText('৳200');

  expect((await invite(page, accountId, 3)).status()).toBe(200);
  await page.getByRole('link', { name: 'Back to billing' }).click();
  await expect(page.getByTestId('billing-plan')).toHaveText('Pro');
  await expect(page.getByRole('cell', { name: 'Paid' })).toBeVisible();

  // Pro ends and its grace passes: Lite's limit applies again, and nothing is deleted — the three
  // invitations stay, a fourth is refused with the upgrade link.
  endPlanLongAgo(accountId);
  await page.reload();
  await expect(page.getByTestId('billing-plan')).toHaveText('Lite');
  await expect(page.getByTestId('billing-ends')).toContainText('Your Pro plan ended on');
  await page.goto('/teacher/team');
  await expect(page.getByRole('button', { name: 'Revoke' })).toHaveCount(3);
  await page.getByRole('textbox', { name: 'E-mail' }).fill(`billing-helper-4-${unique()}@school.test`);
  await page.getByRole('button', { name: 'Send invitation' }).click();
  await expect(
    page.getByText('Your plan allows 2 assistants (moderators). Upgrade your plan to add more.'),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'See plans and upgrade' })).toHaveAttribute(
    'href',
    '/teacher/billing',
  );
  await expect(page.getByRole('button', { name: 'Revoke' })).toHaveCount(3);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('an owner buys 1,000 SMS online; the IPN replayed ten times credits them once', async ({ page }) => {
    test.slow(); // a gateway round trip
    const accountId = await signUpTeacher(page, 'SmsPack');
    const quota = async () =>
      ((await (await page.request.get(`/api/accounts/${accountId}/sms/quota`)).json()) as { balance: number })
        .balance;
    const before = await quota();

    await page.goto('/teacher/billing');
    await noSidewaysScroll(page, 'billing at 375 px');
    // The browser's return from the gateway carries the same signed report as the IPN.
    const returned = page.waitForRequest(
      (r) => r.method() === 'POST' && r.url().endsWith('/api/public/platform-pay/sslcommerz/success'),
    );
    await page.getByTestId('sms-pack-1000').click();
    await page.getByTestId('ssl-pay').click();
    const form = Object.fromEntries(new URLSearchParams((await returned).postData() ?? ''));
    await expect(page).toHaveURL(/\/lms-sub-paid-receipt\?tran=BWP/);
    await expect(page.getByTestId('billing-receipt')).toContainText('1,000 SMS');
    await noSidewaysScroll(page, 'receipt at 375 px');

    for (let i = 0; i < 10; i++) {
      const res = await page.request.post(IPN, { form });
      expect(await res.json()).toEqual({ ok: true });
    }
    expect(await quota()).toBe(before + 1000);
  });
});
