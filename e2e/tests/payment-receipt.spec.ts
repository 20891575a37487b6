import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import {
  CSRF,
  chooseLanguage,
  createClassroom,
  noSidewaysScroll,
  open,
  signUpTeacher,
  unique,
  uniquePhone,
} from './page-helpers';
import { text } from './texts';

/**
 * The receipt link a family gets by SMS: opened with no sign-in on a 375 px
 * phone in Bangla, it shows that receipt with Bangla digits and taka grouped the Bangladeshi way,
 * prints as a PDF without the site's bar, and a voided receipt says so. A made-up key says the
 * link is not valid.
 */

test('a receipt link opens on a phone in Bangla, prints, and shows when it was voided', async ({
  page,
  browser,
}) => {
  const accountId = await signUpTeacher(page, 'Receipt');
  const classroomId = await createClassroom(page.request, accountId, `Physics ${unique().slice(-5)}`);
  const added = await page.request.post(`/api/accounts/${accountId}/students`, {
    data: {
      name: 'রাফি ইসলাম',
      institution: 'Udoy School',
      phone: uniquePhone(),
      enrolments: [{ classroomId, tuitionFeePaisa: 1_250_000 }],
    },
    headers: CSRF,
  });
  expect(added.status(), await added.text()).toBe(200);
  const studentId = ((await added.json()) as { student: { id: string } }).student.id;
  const dues = (await (
    await page.request.get(`/api/accounts/${accountId}/students/${studentId}/dues`)
  ).json()) as {
    lines: { month: string }[];
  };
  const month = dues.lines[0]!.month;
  const paid = await page.request.post(`/api/accounts/${accountId}/students/${studentId}/payments`, {
    data: {
      method: 'bkash',
      reference: '01712345678',
      allocations: [{ kind: 'month', classroomId, month, amountPaisa: 1_250_000 }],
    },
    headers: CSRF,
  });
  expect(paid.status(), await paid.text()).toBe(201);
  const payment = (await paid.json()) as { id: string; receiptLink: string };

  const family = await browser.newContext({ viewport: { width: 375, height: 740 } });
  const phone = await family.newPage();
  await open(phone, payment.receiptLink);
  await chooseLanguage(phone, 'bn');
  await expect(phone.getByRole('heading', { name: text('bn', 'links:receipt.title') })).toBeVisible();
  await expect(phone.getByTestId('receipt-number')).toHaveText('১');
  // 12,500 taka: Bangladeshi grouping in Bangla digits.
  await expect(phone.getByTestId('receipt-total')).toHaveText('৳১২,৫০০');
  await expect(phone.getByText('রাফি ইসলাম')).toBeVisible();
  await noSidewaysScroll(phone, 'receipt in Bangla');

  // Printed: a PDF of the receipt alone (look at it with pdftoppm when changing the page).
  await phone.emulateMedia({ media: 'print' });
  await expect(phone.getByRole('button', { name: text('bn', 'links:receipt.print') })).toBeHidden();
  const pdf = await phone.pdf({ format: 'A5' });
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  if (process.env.RECEIPT_PDF) fs.writeFileSync(process.env.RECEIPT_PDF, pdf);
  await phone.emulateMedia({ media: 'screen' });

  const voided = await page.request.post(`/api/accounts/${accountId}/payments/${payment.id}/void`, {
    data: { reason: 'Entered twice' },
    headers: CSRF,
  });
  expect(voided.status()).toBe(200);
  await phone.reload();
  await expect(phone.getByTestId('receipt-voided')).toHaveText(text('bn', 'links:receipt.voided'));

  await open(phone, '/student-payment-receipt?key=not-a-real-key');
  await expect(phone.getByRole('alert')).toHaveText(text('bn', 'links:receipt.invalid'));
  await family.close();
});
