import { expect, test } from '@playwright/test';
import { CSRF, noSidewaysScroll, publishTerm } from './page-helpers';
import { familyOfTwo, phoneBrowser, signInByPhone } from './portal-helpers';
import { filledText, text } from './texts';

/**
 * The family portal for a student (their own fees, attendance and results, nothing of another
 * student's) and the teacher's say over it: "show dues" off hides the dues in the portal, and
 * the server refuses them too.
 */

test('a student sees their own fees, attendance and results, and nothing of another student', async ({
  page,
  browser,
}) => {
  test.slow();
  const family = await familyOfTwo(page, 'PortalStudent');
  const [rafi, nila] = family.children;
  await publishTerm(page, family.accountId, family.classroomId, [rafi.id, nila.id]);

  const student = await phoneBrowser(browser);
  await signInByPhone(student, rafi.phone);
  await expect(student).toHaveURL(/\/student\/dashboard$/);
  await expect(student.getByTestId('child-card')).toHaveCount(1);
  await expect(student.getByTestId('child-card')).toContainText(rafi.name);
  await expect(student.getByTestId('name-prompt')).toBeHidden();

  await student.getByTestId('portal-menu-fees').click();
  await expect(student).toHaveURL(/\/student\/fees/);
  await expect(student.getByTestId('fees-total-due')).toContainText('৳1,000');
  await expect(student.getByTestId('fees-line')).toHaveCount(1);
  await noSidewaysScroll(student, 'student fees at 375 px');

  await student.getByTestId('portal-menu-attendance').click();
  await expect(
    student.getByRole('heading', { name: filledText('en', 'portal:attendance.title', { name: rafi.name }) }),
  ).toBeVisible();
  await expect(student.getByTestId('attendance-classroom')).toHaveCount(1);

  await student.getByTestId('portal-menu-reports').click();
  await expect(student.getByTestId('results-assessment')).toContainText('175 / 200');
  await expect(student.getByTestId('results-card')).toHaveCount(1);

  // Another student's pages are refused, whatever the address says.
  for (const part of ['fees', 'attendance', 'results']) {
    const res = await student.request.get(`/api/portal/students/${nila.id}/${part}`);
    expect(res.status(), part).toBeGreaterThanOrEqual(403);
  }
  await student.goto(`/student/fees?student=${nila.id}`);
  await expect(student.getByRole('heading', { level: 1 })).not.toContainText(nila.name);
  await student.context().close();
});

test('a teacher turning "show dues" off hides the dues in the portal, and the API refuses them', async ({
  page,
  browser,
}) => {
  test.slow();
  const family = await familyOfTwo(page, 'PortalSwitch');
  const [rafi] = family.children;

  const parent = await phoneBrowser(browser);
  await signInByPhone(parent, family.parentPhone);
  await expect(parent).toHaveURL(/\/parent\/dashboard$/);
  const card = parent.getByTestId('child-card').filter({ hasText: rafi.name });
  await expect(card.getByTestId('child-due')).toHaveText('৳1,000');

  // The teacher switches dues off on the classroom's Family portal tab.
  await page.goto(`/teacher/classrooms/${family.accountId}/${family.classroomId}`);
  await page.getByRole('tab', { name: text('en', 'portal:teacher.tab') }).click();
  const showDues = page.getByTestId('portal-switch-showDues');
  await expect(showDues).toBeChecked();
  await showDues.click();
  await expect(showDues).not.toBeChecked();
  await expect(page.getByText(text('en', 'portal:teacher.saved'))).toBeVisible();
  await page.reload();
  await page.getByRole('tab', { name: text('en', 'portal:teacher.tab') }).click();
  await expect(page.getByTestId('portal-switch-showDues')).not.toBeChecked();

  // The portal no longer shows dues, and the server refuses them.
  await parent.reload();
  await expect(card).toBeVisible();
  await expect(card.getByTestId('child-due')).toHaveCount(0);
  const res = await parent.request.get(`/api/portal/students/${rafi.id}/fees`);
  expect(res.status()).toBe(403);
  expect(((await res.json()) as { error: { code: string } }).error.code).toBe('PORTAL_DUES_HIDDEN');
  await parent.goto(`/parent/fees?student=${rafi.id}`);
  await expect(parent.getByTestId('portal-error')).toContainText(text('en', 'domain:PORTAL_DUES_HIDDEN'));

  // Switched on again, the dues are back.
  const on = await page.request.put(
    `/api/accounts/${family.accountId}/classrooms/${family.classroomId}/portal-settings`,
    {
      data: {
        showDues: true,
        onlinePayment: true,
        showAttendance: true,
        showResults: true,
        attendanceLinkInSms: false,
      },
      headers: CSRF,
    },
  );
  expect(on.ok(), await on.text()).toBe(true);
  await parent.goto('/parent/dashboard');
  await expect(card.getByTestId('child-due')).toHaveText('৳1,000');
  await parent.context().close();
});
