import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import {
  addEnrolledStudent,
  chooseLanguage,
  createClassroom,
  noSidewaysScroll,
  open,
  publishTerm,
  signUpTeacher,
  unique,
} from './page-helpers';
import { en, text } from './texts';

/**
 * Report cards in a real browser (the report cards capability and the acceptance's "open the parent link on a
 * 375 px phone in Bangla, acknowledge and leave feedback, and see both on the teacher's side; print
 * the PDF and look at it as PNG"). The term is set up through the API (an assessment with marks,
 * published); the teacher makes the families' links on the report cards page; a parent opens one on
 * a phone, switches the card to Bangla, acknowledges it, leaves a suggestion and downloads the PDF,
 * which is rasterised with pdftoppm and must have ink on its page; the teacher then sees the
 * acknowledgement and the unread feedback.
 */

test('a family opens its card on a phone in Bangla, acknowledges it and leaves feedback; the teacher sees both', async ({
  page,
  browser,
}) => {
  const accountId = await signUpTeacher(page, 'Report');
  const id = unique().slice(-6);
  const classroomId = await createClassroom(page.request, accountId, `Class 9 Report ${id}`);
  const asha = `Asha Akter ${id}`;
  const students = [
    await addEnrolledStudent(page.request, accountId, classroomId, asha),
    await addEnrolledStudent(page.request, accountId, classroomId, `Bilal Hossain ${id}`),
  ];
  await publishTerm(page, accountId, classroomId, students);

  // The teacher makes the families' links on the report cards page.
  await page.goto(`/teacher/reports?classroom=${classroomId}`);
  await expect(page.getByRole('heading', { name: en('report-cards:manage.title'), level: 2 })).toBeVisible();
  await expect(page.getByRole('link', { name: asha })).toBeVisible();
  await page.getByTestId('links-make').click();
  const issued = page.getByTestId('issued-link');
  await expect(issued).toHaveCount(2);
  const link = (await issued.filter({ hasText: asha }).getByTestId('issued-url').innerText()).trim();
  expect(link).toMatch(/\/rc\/[\w-]{22}$/);
  await page.getByRole('button', { name: en('report-cards:links.done') }).click();

  // A parent opens the SMS link on a 375 px phone and reads the card in Bangla.
  const family = await browser.newContext({ viewport: { width: 375, height: 740 }, acceptDownloads: true });
  const phone = await family.newPage();
  await open(phone, link);
  await expect(phone).toHaveURL(/\/viewreport\?key=/);
  await expect(phone.getByTestId('report-student')).toHaveText(asha);
  await chooseLanguage(phone, 'bn');
  await expect(phone.getByRole('heading', { name: text('bn', 'report-cards:card.title') })).toBeVisible();
  // 175 of 200 (87.5 %): GPA 5.00 in Bangla digits, first of two.
  await expect(phone.getByTestId('overview-total')).toContainText('১৭৫ / ২০০');
  await expect(phone.getByTestId('overview-gpa')).toContainText('৫.০০ (A+)');
  await expect(phone.getByTestId('overview-position')).toContainText('২ জনের মধ্যে ১');
  await noSidewaysScroll(phone, 'the card on a phone');

  // Acknowledge receipt: recorded with its time, and still there after a reload.
  await phone.getByTestId('report-acknowledge').click();
  await expect(phone.getByTestId('report-acknowledged')).toBeVisible();
  await phone.reload();
  await expect(phone.getByTestId('report-acknowledged')).toBeVisible();

  // Feedback for the teacher.
  const suggestion = `অঙ্কে আরও অনুশীলন দরকার ${id}`;
  await phone.getByTestId('report-feedback-text').fill(suggestion);
  await phone.getByTestId('report-feedback-send').click();
  await expect(phone.getByTestId('report-feedback-sent')).toBeVisible();
  await expect(phone.getByText(suggestion)).toBeVisible();
  await noSidewaysScroll(phone, 'the card with the forms');

  // On paper the card stands alone: no buttons, no forms.
  await phone.emulateMedia({ media: 'print' });
  await expect(phone.getByTestId('report-acknowledged')).toBeHidden();
  await expect(phone.getByTestId('report-pdf')).toBeHidden();
  await phone.emulateMedia({ media: 'screen' });

  // The PDF (Bangla, rendered by the server's Chromium) has a page with real content on it.
  const download = phone.waitForEvent('download');
  await phone.getByTestId('report-pdf').click();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'report-card-'));
  const file = path.join(dir, 'card.pdf');
  await (await download).saveAs(file);
  expect(fs.readFileSync(file).subarray(0, 5).toString()).toBe('%PDF-');
  execFileSync('pdftoppm', ['-png', '-r', '60', file, path.join(dir, 'page')]);
  const pngs = fs.readdirSync(dir).filter((name) => name.endsWith('.png'));
  expect(pngs.length).toBe(1);
  const stats = await sharp(path.join(dir, pngs[0]!)).stats();
  // A blank page is all white (mean 255); the card's text, tables and rules darken it.
  expect(stats.channels[0]!.mean).toBeLessThan(250);
  expect(stats.channels[0]!.min).toBeLessThan(80);
  if (process.env.REPORT_PNG_DIR)
    fs.copyFileSync(path.join(dir, pngs[0]!), path.join(process.env.REPORT_PNG_DIR, pngs[0]!));
  await family.close();

  // The teacher sees the acknowledgement on the list and the feedback, unread, on its tab.
  await page.reload();
  await expect(page.getByTestId('family-status').first()).toContainText(
    en('report-cards:table.acknowledged'),
  );
  await page.getByRole('tab', { name: new RegExp(en('report-cards:manage.feedback')) }).click();
  const item = page.getByTestId('feedback-item').filter({ hasText: suggestion });
  await expect(item).toBeVisible();
  await expect(item).toHaveAttribute('data-unread', 'true');
  await expect(page.getByTestId('acknowledgement-item').filter({ hasText: asha })).toBeVisible();
  await page.getByTestId('feedback-read-all').click();
  await expect(item).toHaveAttribute('data-unread', 'false');

  // The staff's table view lists both students in merit order.
  await open(
    page,
    `/atableviewreport?accountId=${accountId}&classroomId=${classroomId}&term=Half-yearly%202026`,
  );
  await expect(page.getByTestId('report-table-row').first()).toContainText(asha);
});
