import { expect, type Locator, type Page, test } from '@playwright/test';
import { open, pickOption, signInDemo, signUpTeacher } from './page-helpers';

/**
 * A teacher's first day and the admin's scope in a real browser: a brand-new teacher follows the
 * dashboard's checklist to a first classroom, the Excel import and the admission link; with the
 * Student Data Verification notice showing, every button of Fees, roll call, the admission drawer
 * and the marks grid is the element at its own centre (nothing covers it) at 375 and 1280 px; an
 * admin who switches teacher sees Classrooms, Students and Fees change; an assistant at a page of
 * the app that is not theirs is told so.
 */

const step = (page: Page, key: string) => page.getByTestId('getting-started').locator(`[data-step="${key}"]`);

test('a brand-new teacher follows the checklist to a first classroom, Excel import and admission link', async ({
  page,
}) => {
  test.slow(); // sign-up, three pages and back to the dashboard each time
  await signUpTeacher(page, 'FirstRun');
  await open(page, '/teacher/dashboard');
  const checklist = page.getByTestId('getting-started');
  await expect(checklist.getByText('Get started')).toBeVisible();
  await expect(checklist.getByText('0 of 6 done').first()).toBeVisible();

  await step(page, 'classroom').getByRole('link', { name: 'Create a classroom' }).click();
  await expect(page).toHaveURL(/\/teacher\/classrooms$/);
  // The empty list offers its own action.
  await page.getByRole('main').getByRole('button', { name: 'New Classroom' }).last().click();
  await page.getByLabel('Grade').fill('Class 9');
  await page.getByLabel('Subject').fill('Physics');
  await page.getByLabel('Classroom name').fill('Morning Batch');
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(page.getByRole('main').getByText('Morning Batch').first()).toBeVisible();

  await page.getByRole('menuitem', { name: 'Dashboard' }).click();
  await expect(step(page, 'classroom')).toHaveAttribute('data-done', 'true');
  await expect(checklist.getByText('1 of 6 done').first()).toBeVisible();

  await step(page, 'students').getByRole('link', { name: 'Import from Excel' }).click();
  await expect(page).toHaveURL(/\/teacher\/students\/import$/);
  await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible();

  await page.getByRole('menuitem', { name: 'Dashboard' }).click();
  await step(page, 'admission').getByRole('link', { name: 'Open the admission link' }).click();
  await expect(page).toHaveURL(/\/teacher\/admissions\/settings$/);
  await page.getByRole('menuitem', { name: 'Dashboard' }).click();
  await expect(step(page, 'admission')).toHaveAttribute('data-done', 'true');

  // The kiosk step and the Attendance menu both reach devices and kiosks.
  await expect(step(page, 'kiosk').getByRole('link', { name: 'Devices and kiosks' })).toHaveAttribute(
    'href',
    '/Sentinel-Connected-Devices',
  );
  await page.getByRole('menuitem', { name: 'Attendance' }).click();
  await expect(page.getByRole('menuitem', { name: 'Devices and kiosks' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Kiosk (scan at the gate)' })).toBeVisible();

  // Hidden, it stays hidden for the account.
  await checklist.getByRole('button', { name: 'Hide checklist' }).click();
  await expect(checklist).toBeHidden();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Teacher dashboard' })).toBeVisible();
  await expect(page.getByTestId('getting-started')).toHaveCount(0);
});

/**
 * Every visible button (and radio) inside `root` is scrolled into view and must be the element at
 * its centre: nothing (the verification notice least of all) lies over it.
 */
async function expectNothingCovers(root: Locator, where: string) {
  // Polled: a drawer still sliding in has its buttons outside the screen for a moment; something
  // that stays over a button fails once the expectation's time runs out.
  const covered = () =>
    root.evaluate((element) => {
      const found: string[] = [];
      const controls = element.querySelectorAll<HTMLElement>(
        'button, a.ant-btn, .ant-radio-button-wrapper, .ant-radio-wrapper, [data-testid="marks-cell"]',
      );
      for (const control of controls) {
        // Controls not shown (a clear icon of an empty input, tab overflow with nothing to hold).
        if (control.closest('[aria-hidden="true"]')) continue;
        if (!control.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
        const first = control.getBoundingClientRect();
        if (first.width === 0 || first.height === 0) continue;
        control.scrollIntoView({ block: 'center', inline: 'center' });
        const box = control.getBoundingClientRect();
        const x = box.left + box.width / 2;
        const y = box.top + box.height / 2;
        const hit = document.elementFromPoint(x, y);
        if (!hit || !(control === hit || control.contains(hit))) {
          found.push(
            `${control.textContent?.trim().slice(0, 40) || control.outerHTML.slice(0, 80)} ← ${hit?.outerHTML.slice(0, 80)}`,
          );
        }
      }
      return found;
    });
  await expect.poll(covered, { message: where }).toEqual([]);
}

for (const width of [375, 1280]) {
  test(`with the verification notice showing, nothing covers the buttons of Fees, roll call, admissions and marks at ${width} px`, async ({
    page,
  }) => {
    test.slow(); // four pages, every button of each
    await page.setViewportSize({ width, height: width === 375 ? 740 : 900 });
    await signInDemo(page, 'teacher');

    await open(page, '/teacher/fees');
    await expect(page.getByTestId('verification-notice')).toBeVisible();
    await expect(page.getByTestId('dues-row').first()).toBeVisible();
    await expectNothingCovers(page.getByRole('main'), `fees at ${width}`);

    await open(page, '/teacher/attendance');
    await expect(page.getByTestId('verification-notice')).toBeVisible();
    // Today may have no class scheduled: the session's rows or its "open a class" form, loaded.
    await expect(page.getByTestId('attendance-classroom')).toBeVisible();
    await expect(page.getByTestId('roll-call-loading')).toHaveCount(0);
    await expectNothingCovers(page.getByRole('main'), `roll call at ${width}`);

    await open(page, '/teacher/admissions');
    await expect(page.getByTestId('verification-notice')).toBeVisible();
    await page.getByTestId('application-row').first().click();
    const drawer = page.getByTestId('application-drawer');
    await expect(drawer.getByRole('button').first()).toBeVisible();
    await expectNothingCovers(drawer, `admission drawer at ${width}`);
    await page.keyboard.press('Escape');

    // The demo's marks are in its Physics Morning Batch.
    const session = (await (await page.request.get('/api/session')).json()) as { activeAccountId: string };
    const { classrooms } = (await (
      await page.request.get(`/api/accounts/${session.activeAccountId}/classrooms`)
    ).json()) as { classrooms: { id: string; name: string }[] };
    const physics = classrooms.find((room) => room.name === 'Physics Morning Batch');
    await open(page, `/teacher/assessments?classroom=${physics?.id}`);
    await expect(page.getByTestId('verification-notice')).toBeVisible();
    await page.getByTestId('assessment-marks').first().click();
    await expect(page.getByTestId('marks-cell').first()).toBeVisible();
    await expectNothingCovers(page.getByRole('main'), `marks grid at ${width}`);
  });
}

test('an admin switches teacher and Classrooms, Students and Fees follow the choice', async ({ page }) => {
  test.slow(); // three pages on each of two teachers
  await signInDemo(page, 'admin');
  const main = page.getByRole('main');
  const switchTo = async (teacher: string) => {
    await page.getByRole('combobox', { name: 'Account you are working on' }).click();
    await pickOption(page, teacher);
    await expect(page.getByTestId('admin-scope-note')).toContainText(teacher);
  };

  // The first teacher is active by default (spec part 1 §4), and every page shows only theirs.
  await open(page, '/admin/classrooms');
  await expect(page.getByTestId('admin-scope-note')).toContainText('Karim Hossain');
  await expect(main.getByText('Chemistry Batch A').first()).toBeVisible();
  await expect(main.getByText('English Batch A')).toHaveCount(0);
  await page.getByRole('menuitem', { name: 'Students' }).click();
  await expect(main.getByText('Student of Karim').first()).toBeVisible();
  await expect(main.getByText('Student of Farzana')).toHaveCount(0);

  await switchTo('Farzana Rahman');
  await expect(main.getByText('Student of Farzana').first()).toBeVisible();
  await expect(main.getByText('Student of Karim')).toHaveCount(0);
  await page.getByRole('menuitem', { name: 'Classrooms' }).click();
  await expect(main.getByText('English Batch A').first()).toBeVisible();
  await expect(main.getByText('Chemistry Batch A')).toHaveCount(0);
  await page.getByRole('menuitem', { name: 'Fees' }).click();
  await page.getByRole('switch').first().click();
  await expect(page.getByTestId('dues-row').filter({ hasText: 'Student of Farzana' })).toBeVisible();
  await expect(page.getByTestId('dues-row').filter({ hasText: 'Student of Karim' })).toHaveCount(0);

  // Their own account stands for all their teachers, and says so.
  await page.getByRole('combobox', { name: 'Account you are working on' }).click();
  await pickOption(page, 'All teachers');
  await expect(page.getByTestId('admin-scope-note')).toContainText('all your teachers');
});

test('an assistant at a page of the app that is not theirs is told it is not for their role', async ({
  page,
}) => {
  await signInDemo(page, 'assistant');
  await open(page, '/teacherAssistant/money');
  await expect(page.getByRole('heading', { name: 'Not for your role' })).toBeVisible();
  await expect(page.getByText('Money manager is for teachers and admins.')).toBeVisible();
  await page.getByTestId('not-for-role-home').click();
  await expect(page).toHaveURL(/\/teacherAssistant\/dashboard$/);
});
