import fs from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { createClassroom, signUpTeacher, unique, uniquePhone } from './page-helpers';
import { en, filledText } from './texts';

/**
 * Bulk onboarding in a real browser: the template downloaded from the page, filled the
 * way a teacher would (three students, y under their classrooms), checked (counts and rows, nothing
 * written), imported, and found in the students list under their classrooms; the same file again
 * shows the clashes. A file with bad rows lists each problem with its row and keeps Import off
 * until a fixed file is uploaded.
 */

const SHEET = 'Batchwise-OnBoarding-Template';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
type Row = { id: string; name: string; phone: string; classrooms: string[] };

/** Fills a downloaded template in place: one row per student from row 2, y under their classrooms. */
async function fill(template: Buffer, rows: Row[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(template as unknown as ArrayBuffer);
  const sheet = workbook.getWorksheet(SHEET);
  if (!sheet) throw new Error(`no ${SHEET} sheet`);
  // `values` is sparse (index 0 is empty): Array.from fills the holes so findIndex sees every cell.
  const headers = Array.from(sheet.getRow(1).values as unknown[], (value) => String(value ?? ''));
  // Classroom headers read "name (grade, subject)"; the column index is 1-based like ExcelJS's.
  const columnOf = (classroom: string) => headers.findIndex((header) => header.startsWith(`${classroom} (`));
  rows.forEach((student, index) => {
    const row = sheet.getRow(index + 2);
    row.getCell(1).value = student.id;
    row.getCell(2).value = student.name;
    row.getCell(3).value = student.phone;
    for (const classroom of student.classrooms) {
      const column = columnOf(classroom);
      expect(column, `${classroom} column`).toBeGreaterThan(7);
      row.getCell(column).value = 'y';
    }
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

async function upload(page: Page, scope: 'onboarding-upload-step' | 'onboarding-preview', buffer: Buffer) {
  await page
    .getByTestId(scope)
    .locator('input[type=file]')
    .setInputFiles({ name: 'students.xlsx', mimeType: XLSX, buffer });
}

test('template from the page → filled → checked → imported → in the students list; again → clashes', async ({
  page,
}) => {
  test.slow(); // a download, two checks, an import and the students list
  const accountId = await signUpTeacher(page, 'Onboard');
  await createClassroom(page.request, accountId, 'Physics Morning');
  await createClassroom(page.request, accountId, 'Physics Evening');

  // The empty students page offers the import twice (the page header and the empty list);
  // the empty list's button opens the import page.
  await page.goto('/teacher/students');
  const addFromExcel = page.getByRole('button', { name: filledText('en', 'students:students.addFromExcel') });
  await expect(addFromExcel).toHaveCount(2);
  await page
    .getByRole('cell')
    .getByRole('button', { name: filledText('en', 'students:students.addFromExcel') })
    .click();
  await expect(page).toHaveURL(/\/teacher\/students\/import$/);
  await expect(page.getByRole('heading', { name: en('onboarding:title'), level: 2 })).toBeVisible();

  // Step 1: the template, downloaded through the page.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: en('onboarding:template.downloadIn', { language: 'English' }) }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`${SHEET}.xlsx`);
  const template = fs.readFileSync(await download.path());

  const id = unique().slice(-6);
  const students: Row[] = [
    { id: `A-${id}-1`, name: `Rahim ${id}`, phone: uniquePhone('017'), classrooms: ['Physics Morning'] },
    {
      id: `A-${id}-2`,
      name: `Karim ${id}`,
      phone: uniquePhone('018'),
      classrooms: ['Physics Morning', 'Physics Evening'],
    },
    { id: `A-${id}-3`, name: `Nafisa ${id}`, phone: uniquePhone('019'), classrooms: ['Physics Evening'] },
  ];
  const filled = await fill(template, students);

  // Step 2 → preview: counts and rows; nothing written yet.
  await upload(page, 'onboarding-upload-step', filled);
  const preview = page.getByTestId('onboarding-preview');
  const counts = preview.getByTestId('onboarding-counts');
  await expect(counts).toContainText(en('onboarding:preview.toCreate_other', { formatted: '3' }));
  const perClassroom = preview.getByTestId('onboarding-classroom-counts');
  await expect(perClassroom).toContainText('Physics Morning: 2');
  await expect(perClassroom).toContainText('Physics Evening: 2');
  await expect(preview.getByText(en('onboarding:preview.ready'))).toBeVisible();
  const rows = preview.getByTestId('onboarding-rows');
  for (const student of students)
    await expect(rows.getByRole('row').filter({ hasText: student.name })).toBeVisible();
  const before = (await (await page.request.get(`/api/accounts/${accountId}/students`)).json()) as {
    total: number;
  };
  expect(before.total).toBe(0);

  // Import → result.
  const importButton = preview.getByRole('button', {
    name: en('onboarding:preview.import_other', { formatted: '3' }),
  });
  await expect(importButton).toBeEnabled();
  await importButton.click();
  const result = page.getByTestId('onboarding-result');
  await expect(result.getByText(en('onboarding:result.title_other', { formatted: '3' }))).toBeVisible();
  await expect(result.getByRole('row').filter({ hasText: en('onboarding:result.enrolments') })).toContainText(
    '4',
  );

  // The same file again: every row now matches a student the account has.
  await result.getByRole('button', { name: en('onboarding:result.another') }).click();
  await upload(page, 'onboarding-upload-step', filled);
  const errors = preview.getByTestId('onboarding-errors');
  await expect(errors.locator('[data-code=ONBOARDING_CLASHES]')).toContainText(
    en('onboarding:preview.rows_other', { rows: '2, 3, 4' }),
  );
  await expect(
    preview.getByRole('button', { name: en('onboarding:preview.import_other', { formatted: '3' }) }),
  ).toBeDisabled();

  // The students list: each one in their classrooms.
  await page.getByRole('link', { name: en('onboarding:back', { Students: 'Students' }) }).click();
  await expect(page).toHaveURL(/\/teacher\/students$/);
  for (const student of students) {
    const row = page.getByRole('row').filter({ hasText: student.name });
    await expect(row).toContainText(student.id);
    for (const classroom of student.classrooms) await expect(row).toContainText(classroom);
  }
  await expect(page.getByRole('row').filter({ hasText: `Rahim ${id}` })).not.toContainText('Physics Evening');
});

test('bad rows: each problem with its row, Import off; a fixed file imports', async ({ page }) => {
  const accountId = await signUpTeacher(page, 'OnboardBad');
  await createClassroom(page.request, accountId, 'Chemistry Batch');
  const res = await page.request.get(`/api/accounts/${accountId}/onboarding/template?lang=en`);
  expect(res.status()).toBe(200);
  const template = await res.body();
  const id = unique().slice(-6);
  const good: Row = {
    id: `B-${id}-1`,
    name: `Sumon ${id}`,
    phone: uniquePhone(),
    classrooms: ['Chemistry Batch'],
  };
  const noName: Row = { id: `B-${id}-2`, name: '', phone: uniquePhone(), classrooms: ['Chemistry Batch'] };
  const badPhone: Row = { id: `B-${id}-3`, name: `Rakib ${id}`, phone: '12345', classrooms: [] };

  await page.goto('/teacher/students/import');
  // Not a spreadsheet: refused in the browser before anything is sent.
  await page
    .getByTestId('onboarding-upload-step')
    .locator('input[type=file]')
    .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await expect(
    page.getByRole('alert').filter({ hasText: filledText('en', 'domain:SHEET_FILE_TYPE') }),
  ).toBeVisible();

  await upload(page, 'onboarding-upload-step', await fill(template, [good, noName, badPhone]));
  const preview = page.getByTestId('onboarding-preview');
  await expect(preview.getByTestId('onboarding-counts')).toContainText(
    en('onboarding:preview.problemRows_other', { formatted: '2' }),
  );
  const errors = preview.getByTestId('onboarding-errors');
  const emptyNames = errors.locator('[data-code=ONBOARDING_EMPTY_NAMES]');
  await expect(emptyNames).toContainText(en('onboarding:preview.rows_one', { rows: '3' }));
  await expect(emptyNames).toContainText(filledText('en', 'domain:ONBOARDING_EMPTY_NAMES'));
  await expect(errors.locator('[data-code=ONBOARDING_INVALID_PHONES]')).toContainText(
    en('onboarding:preview.rows_one', { rows: '4' }),
  );
  // The rows themselves carry their problem.
  const rows = preview.getByTestId('onboarding-rows');
  await expect(rows.getByRole('row').filter({ hasText: `Rakib ${id}` })).toContainText(
    en('onboarding:problems.ONBOARDING_INVALID_PHONES'),
  );
  await expect(
    preview.getByRole('button', { name: en('onboarding:preview.import_other', { formatted: '3' }) }),
  ).toBeDisabled();

  // A fixed file from the preview's own upload button.
  const fixed = await fill(template, [good, { ...noName, name: `Nadia ${id}` }]);
  await upload(page, 'onboarding-preview', fixed);
  await expect(preview.getByText(en('onboarding:preview.ready'))).toBeVisible();
  await expect(preview.getByTestId('onboarding-errors')).toHaveCount(0);
  // A new teacher has not set up the welcome SMS: the box says so and stays off.
  await expect(preview.getByText(en('onboarding:preview.welcomeOff'))).toBeVisible();
  await expect(preview.getByRole('checkbox')).toBeDisabled();
  await preview
    .getByRole('button', { name: en('onboarding:preview.import_other', { formatted: '2' }) })
    .click();
  const result = page.getByTestId('onboarding-result');
  await expect(result.getByText(en('onboarding:result.title_other', { formatted: '2' }))).toBeVisible();
  await result
    .getByRole('button', { name: en('onboarding:result.goToStudents', { students: 'Students' }) })
    .click();
  await expect(page).toHaveURL(/\/teacher\/students$/);
  await expect(page.getByRole('row').filter({ hasText: `Nadia ${id}` })).toContainText('Chemistry Batch');
  await expect(page.getByRole('row').filter({ hasText: `Sumon ${id}` })).toContainText('Chemistry Batch');
});
