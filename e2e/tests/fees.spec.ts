import { expect, type Page, test } from '@playwright/test';
import {
  addEnrolledStudent,
  CSRF,
  noSidewaysScroll,
  pickOption,
  signUpTeacher,
  unique,
} from './page-helpers';
import { en, filledText, text } from './texts';

/**
 * The fees counter in a real browser: a student owing this month's
 * fee is on the dues list, their counter takes a cash payment (receipt no. 1, the month paid),
 * the list of who owes no longer shows them, the receipt prints with the amount in taka, and a
 * void with a reason makes the month owed again; and the pages at 375 px without sideways scroll.
 */

interface Setup {
  accountId: string;
  studentId: string;
  classroom: string;
  name: string;
}

/** A teacher with a 1,500 ৳ classroom and one student in it, all through the API. */
async function setUp(page: Page, label: string): Promise<Setup> {
  const accountId = await signUpTeacher(page, label);
  const id = unique().slice(-6);
  const classroom = `Physics Fees ${id}`;
  const made = await page.request.post(`/api/accounts/${accountId}/classrooms`, {
    data: { grade: 'Class 9', subject: 'Physics', name: classroom, tuitionFeePaisa: 150_000 },
    headers: CSRF,
  });
  expect(made.status(), await made.text()).toBe(200);
  const classroomId = ((await made.json()) as { id: string }).id;
  const name = `Nusrat Jahan ${id}`;
  const studentId = await addEnrolledStudent(page.request, accountId, classroomId, name);
  return { accountId, studentId, classroom, name };
}

const dueRow = (page: Page, name: string) => page.getByTestId('dues-row').filter({ hasText: name });
const line = (page: Page, classroom: string) => page.getByTestId('due-line').filter({ hasText: classroom });

test('dues list → counter → cash payment with receipt no. 1 → printed → voided and owed again', async ({
  page,
}) => {
  test.slow(); // sign-up, the list, the counter, a payment, the receipt and a void
  const { classroom, name } = await setUp(page, 'Fees');

  // The menu leads to Fees; the student owes this month's 1,500 ৳.
  await page.goto('/teacher/dashboard');
  await page
    .getByRole('navigation')
    .getByRole('menuitem', { name: en('app:nav.fees') })
    .click();
  await expect(page.getByRole('heading', { name: en('fees:title'), level: 2 })).toBeVisible();
  await expect(dueRow(page, name)).toContainText('৳1,500');
  await expect(page.getByTestId('dues-sum')).toContainText('৳1,500');

  // The counter: this month's line due; tick it, pay cash.
  await dueRow(page, name).click();
  await expect(page.getByRole('heading', { name, level: 2 })).toBeVisible();
  await expect(line(page, classroom)).toContainText(en('fees:status.due'));
  await line(page, classroom).getByRole('checkbox').check();
  await expect(page.getByTestId('pick-amount')).toHaveValue('1500');
  await expect(page.getByTestId('collect-total')).toHaveText('৳1,500');
  await page.getByRole('button', { name: en('fees:collect.button') }).click();
  const done = page.getByTestId('collect-done');
  await expect(done.getByTestId('receipt-number')).toHaveText(
    filledText('en', 'fees:receipt.number', { number: '1' }),
  );
  await done.getByRole('button', { name: en('fees:collect.ok') }).click();
  await expect(line(page, classroom)).toContainText(en('fees:status.paid'));
  await expect(page.getByTestId('payment-row')).toHaveCount(1);

  // The receipt texted to the family, after a confirmation of what it costs.
  await page.getByTestId('payment-row').getByTestId('receipt-sms').click();
  await page.getByRole('button', { name: en('fees:receiptSms.ok'), exact: true }).click();
  await expect(page.getByText(/The receipt is on its way to \+?\d+/)).toBeVisible();

  // The receipt, ready to print, opens in a tab of its own at its public link (the one a family
  // gets): its number and the amount in taka.
  const opened = page.context().waitForEvent('page');
  await page
    .getByTestId('payment-row')
    .getByRole('link', { name: en('fees:receipt.open') })
    .click();
  const receipt = await opened;
  await expect(receipt).toHaveURL(/\/student-payment-receipt\?key=/);
  await expect(receipt.getByTestId('receipt-number')).toHaveText('1');
  await expect(receipt.getByTestId('receipt-total')).toHaveText('৳1,500');
  await expect(receipt.getByText(name)).toBeVisible();
  await expect(receipt.getByRole('button', { name: text('en', 'links:receipt.print') })).toBeVisible();
  await receipt.close();

  // Only who owes: the student is gone from the list.
  await page.goto('/teacher/fees');
  await expect(page.getByTestId('dues-empty')).toBeVisible();
  await expect(dueRow(page, name)).toHaveCount(0);

  // Voided with a reason: struck through with why, the month owed again, back on the list.
  await page.getByRole('switch', { name: en('fees:onlyDue') }).click();
  await dueRow(page, name).click();
  await page
    .getByTestId('payment-row')
    .getByRole('button', { name: en('fees:history.void') })
    .click();
  const voidModal = page.getByTestId('void-modal');
  await voidModal.getByRole('button', { name: en('fees:void.ok') }).click();
  await expect(voidModal.getByText(en('domain:FEE_REASON_REQUIRED'))).toBeVisible();
  await voidModal.getByRole('textbox', { name: en('fees:reason') }).fill('Entered twice by mistake');
  await voidModal.getByRole('button', { name: en('fees:void.ok') }).click();
  await expect(page.getByTestId('void-note')).toContainText('Entered twice by mistake');
  await expect(line(page, classroom)).toContainText(en('fees:status.due'));
  await page.getByRole('button', { name: en('fees:counter.back') }).click();
  await page.getByRole('switch', { name: en('fees:onlyDue') }).click();
  await expect(dueRow(page, name)).toContainText('৳1,500');
});

test('at 375 px: the list, an amount spread oldest-first and the receipt, without sideways scrolling', async ({
  page,
}) => {
  test.slow();
  await page.setViewportSize({ width: 375, height: 740 });
  const { accountId, studentId, classroom, name } = await setUp(page, 'FeesPhone');

  await page.goto('/teacher/fees');
  await expect(dueRow(page, name)).toContainText('৳1,500');
  await noSidewaysScroll(page, 'dues list');

  await dueRow(page, name).click();
  await expect(line(page, classroom)).toBeVisible();
  await noSidewaysScroll(page, 'counter');

  // 600 ৳ typed and spread: a part payment of this month.
  await page.getByRole('textbox', { name: en('fees:collect.spread') }).fill('600');
  await page.getByRole('button', { name: en('fees:collect.spreadButton') }).click();
  await expect(page.getByTestId('pick-amount')).toHaveValue('600');
  await page.getByRole('button', { name: en('fees:collect.button') }).click();
  await expect(page.getByTestId('receipt-number')).toHaveText(
    filledText('en', 'fees:receipt.number', { number: '1' }),
  );
  await page.getByRole('button', { name: en('fees:collect.ok') }).click();
  await expect(line(page, classroom)).toContainText(en('fees:status.partial'));
  await noSidewaysScroll(page, 'counter after a payment');

  const payments = (await (
    await page.request.get(`/api/accounts/${accountId}/students/${studentId}/payments`)
  ).json()) as {
    payments: { receiptLink: string }[];
  };
  await page.goto(payments.payments[0]!.receiptLink);
  await expect(page.getByTestId('receipt-total')).toHaveText('৳600');
  await noSidewaysScroll(page, 'receipt');
});

test('a special payment added for the classroom and a month waived with a reason, then withdrawn', async ({
  page,
}) => {
  test.slow();
  const { studentId, classroom, name } = await setUp(page, 'FeesAdjust');

  // Special payments: an exam fee of 500 ৳ for the classroom, this month.
  await page.goto('/teacher/fees?tab=charges');
  const form = page.getByTestId('charge-form');
  await form.getByRole('combobox', { name: 'Classroom' }).click();
  await pickOption(page, classroom);
  await form.getByRole('textbox', { name: en('fees:charges.label') }).fill('Exam fee');
  await form.getByRole('textbox', { name: en('fees:charges.amount') }).fill('500');
  await form.getByRole('button', { name: en('fees:charges.add') }).click();
  await expect(page.getByTestId('charge-list')).toContainText('Exam fee · ৳500');

  // The counter shows it; this month's fee is waived with a reason, then the waiver withdrawn.
  await page.goto(`/teacher/fees/students/${studentId}`);
  await expect(page.getByRole('heading', { name, level: 2 })).toBeVisible();
  await expect(line(page, 'Exam fee')).toContainText('৳500');
  await expect(page.getByTestId('student-due')).toContainText('৳2,000');
  await line(page, classroom)
    .getByRole('button', { name: en('fees:lines.adjust') })
    .click();
  const adjust = page.getByTestId('adjust-modal');
  await adjust.getByRole('textbox', { name: en('fees:reason') }).fill('Sibling scholarship');
  await adjust.getByRole('button', { name: en('fees:adjust.ok') }).click();
  await expect(line(page, classroom)).toContainText(en('fees:status.waived'));
  await expect(page.getByTestId('student-due')).toContainText('৳500');
  await expect(page.getByText('Sibling scholarship')).toBeVisible();
  await page.getByRole('button', { name: en('fees:adjust.withdraw') }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: en('fees:adjust.withdraw') })
    .click();
  await expect(line(page, classroom)).toContainText(en('fees:status.due'));
  await expect(page.getByTestId('student-due')).toContainText('৳2,000');
});
