import { type Browser, expect, type Page, test } from '@playwright/test';
import { collectUserData, drawn, type Leak, latinLeaks } from './bangla-check';
import { demoPhysicsBatch, publishTerm, signInDemo } from './page-helpers';
import { familyOfTwo, signInByPhone } from './portal-helpers';

/**
 * Bangla everywhere: the main pages of every role rendered in Bangla show no Latin letter or ASCII
 * digit outside what users typed (bangla-check.ts says how that is told apart). Every leak found
 * is printed with where it is, and the test fails on any.
 */

const say = (line: string) => process.stdout.write(`${line}\n`);

/** A browser context whose app starts in Bangla (the stored language, lib/language.ts). */
async function banglaPage(browser: Browser, viewport = { width: 1280, height: 900 }) {
  const context = await browser.newContext({ viewport });
  await context.addInitScript(() => localStorage.setItem('lng', 'bn'));
  return context.newPage();
}

/** Checks pages in turn; an optional step after drawing opens a drawer or view to check too. */
async function check(
  page: Page,
  visits: { url: string; open?: (page: Page) => Promise<string> }[],
): Promise<(Leak & { page: string })[]> {
  const data = collectUserData(page);
  const found: (Leak & { page: string })[] = [];
  const record = async (label: string) => {
    await data.settled();
    const leaks = await latinLeaks(page, data.values);
    say(`bangla ${label}: ${leaks.length} leak(s)`);
    for (const leak of leaks) say(`  "${leak.text}" at ${leak.where}`);
    found.push(...leaks.map((leak) => ({ ...leak, page: label })));
  };
  for (const visit of visits) {
    await page.goto(visit.url);
    await drawn(page);
    await expect(page.locator('html')).toHaveAttribute('lang', 'bn');
    await record(visit.url);
    if (visit.open) {
      const label = await visit.open(page);
      await expect(page.locator('.ant-spin-spinning, .ant-skeleton-active')).toHaveCount(0);
      await record(`${visit.url} → ${label}`);
    }
  }
  return found;
}

test('the teacher’s main pages are all in Bangla', async ({ browser }) => {
  test.slow(); // eleven pages and two drawers
  const page = await banglaPage(browser);
  await signInDemo(page, 'teacher');
  const { accountId, classroomId, assessmentId } = await demoPhysicsBatch(page);
  const found = await check(page, [
    { url: '/teacher/dashboard' },
    { url: '/teacher/classrooms' },
    { url: `/teacher/classrooms/${accountId}/${classroomId}` },
    {
      url: '/teacher/students',
      open: async (p) => {
        await p.locator('.ant-table-tbody tr.ant-table-row').first().getByRole('button').first().click();
        await expect(p.getByTestId('student-drawer')).toBeVisible();
        return 'student drawer';
      },
    },
    {
      url: '/teacher/fees',
      open: async (p) => {
        await p.getByTestId('dues-row').first().click();
        await expect(p.getByTestId('due-line').first()).toBeVisible();
        return 'counter';
      },
    },
    { url: '/teacher/sms' },
    {
      url: `/teacher/attendance?classroom=${classroomId}`,
      open: async (p) => {
        // The picker shows Bangla digits (cells, header and box), and the day picked still
        // reaches the URL (and the server) as YYYY-MM-DD in ASCII digits.
        await p.getByTestId('attendance-date').click();
        // Last month's first day: a change from the open day on any day of the month (this
        // month's first may be today, and days to come cannot be picked).
        await p.locator('.ant-picker-header-prev-btn').first().click();
        // The cell's title (its tooltip) names the day in Bangla digits as well.
        const first = p.locator('td.ant-picker-cell-in-view[title$="-০১"]');
        await expect(first).toHaveText('১');
        // The open calendar's header names the year in Bangla digits too.
        await expect(p.locator('.ant-picker-year-btn').first()).toHaveText(/^[০-৯]{4}$/);
        await first.click();
        await expect(p).toHaveURL(/date=\d{4}-\d{2}-01(&|$)/);
        await expect(p.getByTestId('attendance-date')).toHaveValue(/^০১-[০-৯]{2}-[০-৯]{4}$/);
        return 'picked the first of the month';
      },
    },
    { url: `/teacher/assessments/${accountId}/${assessmentId}` },
    { url: `/teacher/reports?classroom=${classroomId}` },
    { url: '/settings' },
  ]);
  expect(found).toEqual([]);
});

test('the admin’s and the assistant’s main pages are all in Bangla', async ({ browser }) => {
  test.slow();
  const admin = await banglaPage(browser);
  await signInDemo(admin, 'admin');
  const adminFound = await check(admin, [
    { url: '/admin/dashboard' },
    { url: '/admin/classrooms' },
    { url: '/admin/students' },
    { url: '/admin/fees' },
    { url: '/admin/team' },
  ]);
  const assistant = await banglaPage(browser);
  await signInDemo(assistant, 'assistant');
  const assistantFound = await check(assistant, [
    { url: '/teacherAssistant/dashboard' },
    { url: '/teacherAssistant/classrooms' },
    { url: '/teacherAssistant/students' },
    { url: '/teacherAssistant/attendance' },
  ]);
  expect([...adminFound, ...assistantFound]).toEqual([]);
});

test('the parent’s and the student’s portal home pages are all in Bangla', async ({ page, browser }) => {
  test.slow(); // two sign-ins by code
  const family = await familyOfTwo(page, 'Bangla');
  const [rafi, nila] = family.children;
  await publishTerm(page, family.accountId, family.classroomId, [rafi.id, nila.id]);

  const parent = await banglaPage(browser, { width: 375, height: 740 });
  await signInByPhone(parent, family.parentPhone);
  await expect(parent).toHaveURL(/\/parent\/dashboard$/);
  const parentFound = await check(parent, [{ url: '/parent/dashboard' }, { url: '/parent/reports' }]);

  const student = await banglaPage(browser, { width: 375, height: 740 });
  await signInByPhone(student, rafi.phone);
  await expect(student).toHaveURL(/\/student\/dashboard$/);
  const studentFound = await check(student, [{ url: '/student/dashboard' }, { url: '/student/fees' }]);
  expect([...parentFound, ...studentFound]).toEqual([]);
});
