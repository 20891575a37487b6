import { expect, test } from '@playwright/test';
import { CSRF, finishSignUpByLink, signUpTeacher, unique, uniquePhone } from './page-helpers';

/**
 * Referrals and the SMS sender name in the browser: a teacher's referral link brings a new
 * institution whose sign-up counts on the teacher's card; a masking name asked for in Settings
 * waits for the platform staff, who approve it from their dashboard.
 */

const STAFF = { email: 'staff@demo.batchwise.bd', password: 'Batchwise demo 2026' };

test('a sign-up through the referral link counts on the referrer’s card', async ({ page, browser }) => {
  await signUpTeacher(page, 'Referrer');
  await page.goto('/teacher/settings?tab=institution');
  const card = page.getByTestId('referral-card');
  await expect(card.getByText('No one has signed up with your link yet.')).toBeVisible();
  const link = (await card.getByTestId('referral-link').innerText()).trim();
  expect(link).toMatch(/\/signup\?ref=\w+$/);

  const newcomer = await browser.newContext();
  const other = await newcomer.newPage();
  await other.goto(new URL(link).pathname + new URL(link).search);
  const code = new URL(link).searchParams.get('ref')!;
  await expect(other.getByLabel('Referral ID')).toHaveValue(code);
  const id = unique();
  await other.getByLabel('Your name').fill(`Referred Teacher ${id}`);
  await other.getByLabel('Institution name').fill(`Referred Coaching ${id}`);
  const email = `e2e-referred-${id}@school.test`;
  await other.getByLabel('E-mail').fill(email);
  await other.getByLabel('Mobile number').fill(uniquePhone());
  await other.getByLabel('Password', { exact: true }).fill(`correct horse ${id}`);
  await other.getByRole('button', { name: 'Create account' }).click();
  await expect(other.getByRole('heading', { name: 'Check your e-mail' })).toBeVisible();
  await finishSignUpByLink(other, email);
  await expect(other).toHaveURL(/\/teacher\/dashboard$/);
  await newcomer.close();

  await page.reload();
  await expect(card.getByText('Signed up with your link')).toBeVisible();
  await expect(card.locator('.ant-statistic').first()).toContainText('1');
});

test('a masking name asked for in Settings is approved by staff', async ({ page, browser }) => {
  const accountId = await signUpTeacher(page, 'Sender');
  await page.goto('/teacher/settings?tab=institution');
  const card = page.getByTestId('sender-name-card');
  await expect(card.getByText('You have not asked for a sender name yet.')).toBeVisible();
  await card.getByLabel('Sender name').fill('Gov. Info');
  await card.getByRole('button', { name: 'Send for approval' }).click();
  await expect(card.getByText(/belongs to the government/)).toBeVisible();
  await card.getByLabel('Sender name').fill('ABC School');
  await card.getByRole('button', { name: 'Send for approval' }).click();
  await expect(card.getByTestId('sender-status')).toContainText('ABC School');
  await expect(card.getByTestId('sender-status')).toContainText('Waiting for approval');

  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();
  const signedIn = await staff.request.post('/api/auth/sign-in', { data: STAFF, headers: CSRF });
  expect(signedIn.ok()).toBe(true);
  await staff.goto('/staff/dashboard');
  const request = staff.getByTestId(`sender-request-${accountId}`);
  await expect(request).toContainText('ABC School');
  await request.getByRole('button', { name: 'Approve' }).click();
  await expect(request).toContainText('Approved');
  await staffContext.close();

  await page.reload();
  await expect(card.getByTestId('sender-status')).toContainText('Approved');
});
