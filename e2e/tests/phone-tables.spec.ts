import { addMonths, monthOf } from '@batchwise/domain';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { demoPhysicsBatch, noSidewaysScroll, open, signInDemo } from './page-helpers';
import { PHONE } from './portal-helpers';

/**
 * The demo teacher's tables on a 375 px phone: the students list and the report cards turn into a
 * card per row with whole phone numbers; the marks grid and the month register scroll sideways
 * only inside their own box, say so, and keep the name column in view while they do.
 */

test.use({ viewport: PHONE, isMobile: true, hasTouch: true });

/** The text sits on one line and inside the screen: nothing cut or wrapped mid-number. */
async function wholeOnScreen(locator: Locator) {
  const box = await locator.evaluate((element) => {
    const range = document.createRange();
    range.selectNodeContents(element);
    const rects = [...range.getClientRects()].filter((rect) => rect.width > 0);
    return {
      lines: new Set(rects.map((rect) => Math.round(rect.top))).size,
      right: Math.max(...rects.map((r) => r.right)),
    };
  });
  expect(box.lines).toBe(1);
  expect(box.right).toBeLessThanOrEqual(PHONE.width);
}

/**
 * A grid wider than the screen scrolls inside its box (not the page), shows the scroll cue, and
 * its first column stays in view scrolled to the far end.
 */
async function scrollsInItsBox(page: Page, scroller: Locator, firstCell: Locator, where: string) {
  await expect(page.getByTestId('scroll-cue')).toBeVisible();
  await noSidewaysScroll(page, where);
  const widths = await scroller.evaluate((el) => ({ content: el.scrollWidth, box: el.clientWidth }));
  expect(widths.content, where).toBeGreaterThan(widths.box);
  await scroller.evaluate((el) => {
    el.scrollLeft = el.scrollWidth;
  });
  await expect.poll(() => scroller.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
  const cell = await firstCell.boundingBox();
  const box = await scroller.boundingBox();
  expect(cell && box, where).toBeTruthy();
  expect(cell!.x, where).toBeGreaterThanOrEqual(box!.x - 1);
  expect(cell!.x + cell!.width, where).toBeLessThanOrEqual(PHONE.width);
  await noSidewaysScroll(page, `${where}, scrolled`);
}

test('on a phone the students list and the report cards are cards, with whole phone numbers', async ({
  page,
}) => {
  test.slow(); // two pages on a busy machine
  await signInDemo(page, 'teacher');
  const { classroomId } = await demoPhysicsBatch(page);

  await open(page, '/teacher/students');
  const cards = page.getByTestId('student-cards').getByTestId('student-row');
  await expect(cards.first()).toBeVisible();
  await expect(page.locator('.ant-table')).toHaveCount(0);
  await noSidewaysScroll(page, 'students at 375 px');
  const phone = cards.first().locator('[data-column="phone"] bdi');
  await expect(phone).toContainText(/\d{5}/);
  await wholeOnScreen(phone);

  await open(page, `/teacher/reports?classroom=${classroomId}`);
  const reportCards = page.getByTestId('report-student-card');
  await expect(reportCards.first()).toBeVisible();
  await noSidewaysScroll(page, 'report cards at 375 px');
  const right = await reportCards.first().evaluate((el) => el.getBoundingClientRect().right);
  expect(right).toBeLessThanOrEqual(PHONE.width);
});

test('on a phone the marks grid and the register scroll inside their box with the names in view', async ({
  page,
}) => {
  test.slow(); // two grids on a busy machine
  await signInDemo(page, 'teacher');
  const { accountId, classroomId, assessmentId } = await demoPhysicsBatch(page);

  await open(page, `/teacher/assessments/${accountId}/${assessmentId}`);
  const grid = page.getByTestId('marks-grid');
  await expect(grid.locator('tbody tr').first()).toBeVisible();
  await scrollsInItsBox(
    page,
    page.getByTestId('marks-grid-scroller'),
    grid.locator('tbody tr').first().locator('th, td').first(),
    'marks grid at 375 px',
  );

  // Last month: the demo's sixty days of sessions fill it whole, where this month has none yet
  // on its first day (in Bangladesh).
  const lastMonth = addMonths(monthOf(Date.now()), -1);
  await open(page, `/teacher/attendance?classroom=${classroomId}&tab=register&month=${lastMonth}`);
  const register = page.getByTestId('register');
  await expect(register.getByTestId('register-row').first()).toBeVisible();
  await scrollsInItsBox(
    page,
    page.getByTestId('register-scroll'),
    register.getByTestId('register-row').first().locator('th'),
    'register at 375 px',
  );
});
