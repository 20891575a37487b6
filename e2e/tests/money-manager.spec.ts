import { addDays, dayOf } from '@batchwise/domain';
import { expect, type Page, test } from '@playwright/test';
import {
  addEnrolledStudent,
  createClassroom,
  dialogSettled,
  noSidewaysScroll,
  signUpTeacher,
  unique,
} from './page-helpers';
import { en } from './texts';

/**
 * The money manager in a real browser (the fees and payments capability and its acceptance): a cash payment taken
 * at the counter shows under Today, not under Yesterday, and in a custom range that includes
 * today; the charts draw it; an expense added from the page takes its amount off the net profit;
 * and the page fits a 375 px phone without sideways scrolling.
 */

/** "2026-11-25" as the range picker types it (DD-MM-YYYY). */
const typed = (day: string) => day.split('-').reverse().join('-');

const figure = (page: Page, key: string) => page.getByTestId(`money-${key}`);

test('a counter payment in Today, not Yesterday, in a custom range and the charts; an expense lowers net profit', async ({
  page,
}) => {
  test.slow(); // sign-up, a payment at the counter, the money manager's charts and an entry
  const accountId = await signUpTeacher(page, 'Money');
  const id = unique().slice(-6);
  const classroom = `Physics Money ${id}`;
  const classroomId = await createClassroom(page.request, accountId, classroom);
  const name = `Farhan Kabir ${id}`;
  const studentId = await addEnrolledStudent(page.request, accountId, classroomId, name);

  // Cash at the counter for this month's 1,000 ৳ (the dues list leads here; fees.spec.ts walks it).
  await page.goto(`/teacher/fees/students/${studentId}`);
  await expect(page.getByRole('heading', { name, level: 2 })).toBeVisible();
  await page.getByTestId('due-line').filter({ hasText: classroom }).getByRole('checkbox').check();
  await page.getByRole('button', { name: en('fees:collect.button') }).click();
  const done = page.getByTestId('collect-done');
  await expect(done.getByTestId('receipt-number')).toBeVisible();
  await dialogSettled(page);
  await done.getByRole('button', { name: en('fees:collect.ok') }).click();

  // The menu leads to the money manager; Today shows the payment.
  await page
    .getByRole('navigation')
    .getByRole('menuitem', { name: en('app:nav.money') })
    .click();
  await expect(page.getByRole('heading', { name: en('money:title'), level: 2 })).toBeVisible();
  await expect(page.getByText(en('money:tagline'), { exact: false })).toBeVisible();
  await expect(figure(page, 'totalCollectedPaisa')).toContainText('৳1,000');
  await expect(figure(page, 'netProfitPaisa')).toContainText('৳1,000');
  await expect(figure(page, 'tuitionPaisa')).toContainText('৳1,000');
  const rows = page.getByTestId('transaction-row');
  await expect(rows.filter({ hasText: name })).toContainText('৳1,000');

  // The chart draws bars (SVG rectangles) for the income; the collection rate draws its classroom.
  const chart = page.getByTestId('money-chart');
  await expect(chart.locator('svg').first()).toBeVisible();
  await expect(chart.locator('path.recharts-rectangle').first()).toBeAttached();
  const collection = page.getByTestId('collection-chart');
  await expect(collection.locator('svg').first()).toBeVisible();
  await expect(page.getByTestId('money-collection')).toContainText(classroom);
  await expect(page.getByTestId('money-collection')).toContainText('100%');

  // Yesterday: nothing.
  const range = page.getByTestId('money-range');
  await range.getByText(en('money:range.yesterday'), { exact: true }).click();
  await expect(figure(page, 'totalCollectedPaisa')).toContainText('৳0');
  await expect(page.getByTestId('transactions-empty')).toBeVisible();

  // Custom: from three days ago to today includes it.
  const today = dayOf(Date.now());
  await range.getByText(en('money:range.custom'), { exact: true }).click();
  const picker = page.getByTestId('money-range-picker');
  await picker.locator('input').nth(0).click();
  await picker
    .locator('input')
    .nth(0)
    .fill(typed(addDays(today, -3)));
  await picker.locator('input').nth(0).press('Enter');
  await picker.locator('input').nth(1).fill(typed(today));
  await picker.locator('input').nth(1).press('Enter');
  await expect(page.getByTestId('money-range-text')).toContainText('–');
  await expect(figure(page, 'totalCollectedPaisa')).toContainText('৳1,000');
  await expect(rows.filter({ hasText: name })).toBeVisible();
  await expect(page.getByTestId('money-daily').getByRole('row')).toHaveCount(1 + 4);

  // An expense of 250 ৳ today: net profit goes down by it, and it is in the history.
  await range.getByText(en('money:range.today'), { exact: true }).click();
  await page.getByTestId('add-expense').click();
  const dialog = page.getByRole('dialog');
  // Pick Rent from the open list (other selects keep hidden lists of their own). The list fills
  // when the categories arrive; a click that lands before is tried again, never twice on Rent
  // (a second click on a chosen tag would take it off).
  const category = dialog.getByTestId('entry-category');
  const chosen = category.locator('.ant-select-selection-item');
  const rent = en('money:categories.rent');
  await expect(async () => {
    if ((await chosen.count()) === 0) {
      await category.click();
      await page
        .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')
        .filter({ hasText: rent })
        .click({ timeout: 5_000 });
    }
    await expect(chosen).toContainText(rent, { timeout: 2_000 });
  }).toPass();
  await dialog.getByTestId('entry-amount').fill('250');
  await dialog.getByTestId('entry-note').fill('Generator repair');
  await dialog.getByTestId('entry-save').click();
  await expect(dialog).toBeHidden();
  await expect(figure(page, 'totalExpensePaisa')).toContainText('৳250');
  await expect(figure(page, 'netProfitPaisa')).toContainText('৳750');
  await expect(rows.filter({ hasText: en('money:categories.rent') })).toContainText('৳250');

  // On a phone: the same figures, cards instead of tables, no sideways scrolling.
  await page.setViewportSize({ width: 375, height: 800 });
  await page.reload();
  await expect(figure(page, 'netProfitPaisa')).toContainText('৳750');
  await expect(page.getByTestId('money-chart').locator('svg').first()).toBeVisible();
  await expect(rows).toHaveCount(2);
  await noSidewaysScroll(page, 'money manager at 375 px');
});
