import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import Database from 'better-sqlite3';
import { CSRF, signUpByApi, unique, uniquePhone } from './page-helpers';

/**
 * The tools catalogue in the browser: an add-on installed on an admin's account serves the
 * admin's teachers until its Expires. (Lite's moderator limit and the way to upgrade are in
 * billing.spec.ts, which goes on to pay for Pro.)
 */

async function signUpAdmin(page: Page) {
  const id = unique();
  await signUpByApi(page.request, {
    accountType: 'Admin',
    name: `Tools Admin ${id}`,
    email: `e2e-tools-admin-${id}@school.test`,
    password: `correct horse ${id}`,
    phone: uniquePhone(),
    institution: `Tools School ${id}`,
  });
  const session = (await (await page.request.get('/api/session')).json()) as { accounts: { id: string }[] };
  return session.accounts[0]!.id;
}

test("a tool installed on an admin's account serves their teacher until it expires", async ({
  page,
  browser,
}) => {
  const adminAccountId = await signUpAdmin(page);
  const id = unique();
  const teacher = { email: `e2e-tools-teacher-${id}@school.test`, password: `teaches well ${id}` };
  const created = await page.request.post(`/api/accounts/${adminAccountId}/teachers`, {
    data: { mode: 'create', name: `Tools Teacher ${id}`, phone: uniquePhone(), ...teacher },
    headers: CSRF,
  });
  expect(created.status(), await created.text()).toBe(200);

  // An admin's first teacher is active by default (spec part 1 §4): the admin switches back to
  // their own account, whose tools serve every teacher they manage.
  const own = await page.request.put('/api/session/active-account', {
    data: { accountId: adminAccountId },
    headers: CSRF,
  });
  expect(own.status(), await own.text()).toBe(200);
  // Lite does not include Sentinel: the admin starts its trial on the Tools page.
  await page.goto('/admin/tools');
  const sentinel = page.getByTestId('tool-sentinel-attendance');
  await expect(sentinel).toContainText('Not installed');
  await sentinel.getByRole('button', { name: 'Start 14-day free trial' }).click();
  await expect(sentinel).toContainText('Usable until');

  // The teacher has no install of their own, and uses the admin's.
  const context = await browser.newContext();
  const teacherPage = await context.newPage();
  const signIn = await teacherPage.request.post('/api/auth/sign-in', { data: teacher, headers: CSRF });
  expect(signIn.status(), await signIn.text()).toBe(200);
  await teacherPage.goto('/teacher/tools');
  const mine = teacherPage.getByTestId('tool-sentinel-attendance');
  await expect(mine).toContainText("From your admin's account");
  await teacherPage.goto('/Sentinel-Connected-Devices');
  await expect(teacherPage.getByRole('heading', { name: 'Connected devices' })).toBeVisible();
  await expect(teacherPage.getByRole('alert')).toHaveCount(0);

  // Its Expires passes (the stored trial end moved to a moment ago): the teacher is refused.
  const db = new Database(path.join(process.env.E2E_DATA_DIR!, 'batchwise.db'));
  try {
    db.pragma('busy_timeout = 5000');
    db.prepare(
      "UPDATE account_tools SET expires_at = ? WHERE account_id = ? AND tool_key = 'sentinel-attendance'",
    ).run(Date.now() - 1000, adminAccountId);
  } finally {
    db.close();
  }
  await teacherPage.reload();
  await expect(teacherPage.getByRole('alert')).toContainText(
    'This tool is not installed on your account, or its time has run out. Open Tools to install it.',
  );
  await teacherPage.getByRole('link', { name: 'Open Tools' }).click();
  await expect(teacherPage.getByTestId('tool-sentinel-attendance')).toContainText('Ended on');
  await context.close();
});
