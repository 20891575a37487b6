import { type Browser, expect, type Page, test } from '@playwright/test';
import {
  addEnrolledStudent,
  CSRF,
  createClassroom,
  noSidewaysScroll,
  signUpTeacher,
  unique,
} from './page-helpers';
import { en, filledText } from './texts';

/**
 * Online payment in real browsers: the teacher switches online payment on with
 * SSLCommerz and bKash merchant credentials and hands out a student's pay link; a parent opens
 * it on a 375 px phone with no account, pays through the loopback gateway stand-in (its own
 * hosted page, IPN and validation API), lands on the success page and opens the receipt; the
 * teacher's counter then shows the month paid. Cancelling at the gateway lands on the failure
 * page with the spec's reason and a way back to the dues.
 */

const PHONE = { width: 375, height: 740 };

interface PayLink {
  accountId: string;
  institution: string;
  studentId: string;
  name: string;
  url: string;
}

/** A teacher with online payment on, a 1,000 ৳ classroom, a student in it, and the student's pay link. */
async function setUp(page: Page, label: string): Promise<PayLink> {
  const accountId = await signUpTeacher(page, label);
  const id = unique().slice(-6);
  const classroomId = await createClassroom(page.request, accountId, `Physics Online ${id}`);
  const name = `Tanvir Hasan ${id}`;
  const studentId = await addEnrolledStudent(page.request, accountId, classroomId, name);
  const settings = await page.request.put(`/api/accounts/${accountId}/merchant-settings`, {
    data: {
      onlinePayment: true,
      sslcommerz: { enabled: true, mode: 'sandbox', storeId: `store${id}`, storePassword: `pass-${id}` },
      bkash: {
        enabled: true,
        mode: 'sandbox',
        appKey: `key-${id}`,
        appSecret: `secret-${id}`,
        username: `merchant${id}`,
        password: `pw-${id}`,
      },
    },
    headers: CSRF,
  });
  expect(settings.ok(), await settings.text()).toBe(true);
  const link = await page.request.post(`/api/accounts/${accountId}/students/${studentId}/pay-link`, {
    headers: CSRF,
  });
  expect(link.ok(), await link.text()).toBe(true);
  const { url } = (await link.json()) as { url: string };
  const session = (await (await page.request.get('/api/session')).json()) as {
    accounts: { id: string; institution: string }[];
  };
  const institution = session.accounts.find((a) => a.id === accountId)!.institution;
  return { accountId, institution, studentId, name, url };
}

/** The parent: a phone-sized browser with no session of its own. */
async function parentPhone(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
  return context.newPage();
}

test('a parent pays through the SSLCommerz stand-in on a phone, sees the success page and the receipt', async ({
  page,
  browser,
}) => {
  test.slow(); // two browsers, a gateway round trip and the teacher's counter
  const { accountId, institution, studentId, name, url } = await setUp(page, 'OnlinePay');

  const parent = await parentPhone(browser);
  await parent.goto(url);
  await expect(parent.getByRole('heading', { name: en('links:pay.title'), level: 1 })).toBeVisible();
  await expect(parent.getByText(filledText('en', 'links:pay.student', { name }))).toBeVisible();
  await expect(parent.getByTestId('pay-total')).toHaveText('৳1,000');
  await noSidewaysScroll(parent, 'portal at 375 px');

  // Card / mobile banking (SSLCommerz) is chosen first; pay now goes to the gateway's own page.
  await parent
    .getByRole('button', { name: filledText('en', 'links:pay.payNow', { amount: '৳1,000' }) })
    .click();
  await parent.getByTestId('ssl-pay').click();

  // Back from the gateway: the attempt is paid (the IPN and the redirect's validation agree).
  await expect(parent).toHaveURL(/\/paymentsuccess\?tran=/);
  await expect(parent.getByTestId('pay-outcome-paid')).toBeVisible();
  await expect(parent.getByRole('heading', { name: en('links:pay.result.successTitle') })).toBeVisible();
  await expect(parent.getByTestId('pay-payment-id')).not.toBeEmpty();
  await noSidewaysScroll(parent, 'success page at 375 px');
  await parent.getByTestId('pay-open-receipt').click();
  await expect(parent).toHaveURL(/\/student-payment-receipt\?key=/);
  await expect(parent.getByTestId('receipt-total')).toHaveText('৳1,000');
  await expect(parent.getByText(en('links:receipt.methods.sslcommerz'))).toBeVisible();

  // The pay link now has nothing left to pay.
  await parent.goto(url);
  await expect(parent.getByTestId('pay-nothing-due')).toBeVisible();
  await parent.context().close();

  // The teacher's counter shows the month paid and the online payment in the history.
  await page.goto(`/teacher/fees/students/${studentId}`);
  await expect(page.getByTestId('student-due')).toContainText('৳0');
  const attempts = await page.request.get(`/api/accounts/${accountId}/online-payments`);
  const { items } = (await attempts.json()) as { items: { status: string }[] };
  expect(items.map((a) => a.status)).toEqual(['paid']);

  // The money manager counts it today, with the chart drawn, and not yesterday.
  await page.goto('/teacher/money');
  await expect(page.getByTestId('money-totalCollectedPaisa')).toContainText('৳1,000');
  await expect(page.getByTestId('money-chart').locator('path.recharts-rectangle').first()).toBeAttached();
  await page.getByTestId('money-range').getByText(en('money:range.yesterday'), { exact: true }).click();
  await expect(page.getByTestId('money-totalCollectedPaisa')).toContainText('৳0');

  // Staff see the account's online takings, the fee SSLCommerz reported (2.5 % at the stand-in)
  // and what it owes the account; the teacher is refused the page.
  await page.goto('/Online-Pay-Balances-Of-Account');
  await expect(page.getByText(en('staff:balances.staffOnly'))).toBeVisible();
  const staff = await browser.newContext();
  const signIn = await staff.request.post('/api/auth/sign-in', {
    data: { email: 'staff@demo.batchwise.bd', password: 'Batchwise demo 2026' },
    headers: CSRF,
  });
  expect(signIn.ok(), await signIn.text()).toBe(true);
  const staffPage = await staff.newPage();
  await staffPage.goto('/Online-Pay-Balances-Of-Account');
  const row = staffPage.getByTestId('balances-table').getByRole('row').filter({ hasText: institution });
  await expect(row).toContainText('৳1,000');
  await expect(row).toContainText('৳25');
  await expect(row).toContainText('৳975');
  await staff.close();
});

test('cancelling at the gateway shows the reason, and "try again" leads back to the dues; bKash pays', async ({
  page,
  browser,
}) => {
  test.slow();
  const { url } = await setUp(page, 'OnlineCancel');
  const parent = await parentPhone(browser);
  await parent.goto(url);
  await parent
    .getByRole('button', { name: filledText('en', 'links:pay.payNow', { amount: '৳1,000' }) })
    .click();
  await parent.getByTestId('ssl-cancel').click();
  await expect(parent).toHaveURL(/\/paymentfail\?/);
  await expect(parent.getByTestId('pay-outcome-failed')).toBeVisible();
  await expect(parent.getByText(en('domain:PAY_FAIL_CANCELLED'))).toBeVisible();

  // Try again, this time with bKash.
  await parent.getByRole('link', { name: en('links:pay.result.tryAgain') }).click();
  await expect(parent.getByTestId('pay-total')).toHaveText('৳1,000');
  await parent.getByText(en('links:pay.gateways.bkash.name'), { exact: true }).click();
  await parent
    .getByRole('button', { name: filledText('en', 'links:pay.payNow', { amount: '৳1,000' }) })
    .click();
  await parent.getByTestId('bkash-pay').click();
  await expect(parent).toHaveURL(/\/paymentsuccess\?tran=/);
  await expect(parent.getByTestId('pay-outcome-paid')).toBeVisible();
  await expect(parent.getByTestId('pay-open-receipt')).toBeVisible();
});

test('a pay link that does not exist shows the invalid-link page', async ({ page }) => {
  await page.goto(`/s-pay?key=not-a-real-key-${unique()}&suid=nobody`);
  await expect(page.getByTestId('link-invalid')).toHaveText(en('domain:PAY_LINK_INVALID'));
  await page.goto('/paymentsuccess');
  await expect(page.getByTestId('link-invalid')).toBeVisible();
});
