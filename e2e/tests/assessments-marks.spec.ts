import fs from 'node:fs';
import { dayOf } from '@batchwise/domain';
import { expect, type Locator, type Page, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { liveUpdatesOpen } from './live-updates';
import {
  addEnrolledStudent,
  CSRF,
  createClassroom,
  noSidewaysScroll,
  signUpTeacher,
  unique,
} from './page-helpers';
import { en } from './texts';

/**
 * Assessments and the marks grid in a real browser (the report cards capability and the acceptance's
 * "enter marks with the keyboard and by pasting from a spreadsheet, publish"): an assessment of
 * three subjects (one in CQ and MCQ parts) is created from the page; marks go in by typing with
 * Enter, arrows and Tab, "ab" for absent, a refused value shown red, and a block pasted as Excel
 * copies it; the server's totals, grades, GPA and positions follow the autosave and survive a
 * reload; publishing shows on the list; on a 375 px phone the grid scrolls inside its box. A
 * second test has two pages edit one cell: the later save comes back as a conflict to resolve. A
 * third fills the downloaded marks sheet: a bad value is listed by row and nothing is written;
 * the fixed file imports into the grid.
 */

interface Setup {
  accountId: string;
  classroomId: string;
  names: [string, string, string];
}

/** A teacher, a classroom and three students whose names sort in this order in the grid. */
async function setUp(page: Page, label: string): Promise<Setup> {
  const accountId = await signUpTeacher(page, label);
  const id = unique().slice(-6);
  const classroomId = await createClassroom(page.request, accountId, `Class 9 Marks ${id}`);
  const names: [string, string, string] = [`Anika Rahman ${id}`, `Babul Hossain ${id}`, `Chandni Das ${id}`];
  for (const name of names) await addEnrolledStudent(page.request, accountId, classroomId, name);
  return { accountId, classroomId, names };
}

/** The assessment form: name, term, and Bangla, Mathematics and Physics (CQ 70 + MCQ 30). */
async function createAssessment(page: Page, classroomId: string, name: string) {
  await page.goto(`/teacher/assessments?classroom=${classroomId}`);
  await expect(page.getByRole('heading', { name: en('assessments:title'), level: 2 })).toBeVisible();
  await expect(page.getByTestId('assessments-empty')).toBeVisible();
  await page.getByTestId('assessment-new').first().click();
  const form = page.getByTestId('assessment-form');
  await form.getByLabel(en('assessments:form.name'), { exact: true }).fill(name);
  await form.getByLabel(en('assessments:form.term'), { exact: true }).fill('Half-yearly 2026');
  const subjects = form.getByTestId('subject-fields');
  await subjects
    .nth(0)
    .getByLabel(en('assessments:form.subjectName', { number: '1' }))
    .fill('Bangla');
  await form.getByTestId('add-subject').click();
  await subjects
    .nth(1)
    .getByLabel(en('assessments:form.subjectName', { number: '2' }))
    .fill('Mathematics');
  await form.getByTestId('add-subject').click();
  const physics = subjects.nth(2);
  await physics.getByLabel(en('assessments:form.subjectName', { number: '3' })).fill('Physics');
  await physics.getByRole('button', { name: en('assessments:form.addPart') }).click();
  const parts = physics.getByTestId('part-fields');
  await parts.nth(0).getByLabel(en('assessments:form.partName'), { exact: true }).fill('CQ');
  await parts.nth(0).getByLabel(en('assessments:form.fullMarks'), { exact: true }).fill('70');
  await parts.nth(0).getByLabel(en('assessments:form.passMarks'), { exact: true }).fill('23');
  await parts.nth(1).getByLabel(en('assessments:form.partName'), { exact: true }).fill('MCQ');
  await parts.nth(1).getByLabel(en('assessments:form.fullMarks'), { exact: true }).fill('30');
  await parts.nth(1).getByLabel(en('assessments:form.passMarks'), { exact: true }).fill('10');
  await form.getByTestId('assessment-save').click();
  await expect(form).toBeHidden();
  const item = page.getByTestId('assessment-item').filter({ hasText: name });
  await expect(item).toContainText('Half-yearly 2026');
  await expect(item).toContainText('Physics (CQ + MCQ)');
  await item.getByTestId('assessment-marks').click();
  await expect(page.getByRole('heading', { name, level: 2 })).toBeVisible();
  await expect(page.getByTestId('marks-grid')).toBeVisible();
}

const rowOf = (page: Page, name: string) => page.getByTestId('marks-row').filter({ hasText: name });
const cellOf = (row: Locator, col: number) => row.getByTestId('marks-cell').nth(col);

/** The autosave has nothing left to send and the last save went through. */
async function allSaved(page: Page) {
  await expect(page.getByTestId('save-state')).toHaveAttribute('data-state', 'saved');
  await expect(page.locator('[data-testid="marks-cell"]:not([data-state="saved"])')).toHaveCount(0);
}

/** Pastes text into the focused cell as a spreadsheet's copy arrives: a paste event with its data. */
async function pasteText(page: Page, text: string) {
  await page.evaluate((data) => {
    const transfer = new DataTransfer();
    transfer.setData('text/plain', data);
    document.activeElement?.dispatchEvent(
      new ClipboardEvent('paste', { clipboardData: transfer, bubbles: true, cancelable: true }),
    );
  }, text);
}

async function expectResults(
  page: Page,
  name: string,
  result: { total: string; percent: string; grade: string; gpa: string; position: string },
) {
  const row = rowOf(page, name);
  await expect(row.getByTestId('result-total')).toHaveText(result.total);
  await expect(row.getByTestId('result-percent')).toHaveText(result.percent);
  await expect(row.getByTestId('result-grade')).toHaveText(result.grade);
  await expect(row.getByTestId('result-gpa')).toHaveText(result.gpa);
  await expect(row.getByTestId('result-position')).toHaveText(result.position);
}

test('marks by keyboard and paste, autosaved with server totals, grades and positions; publish', async ({
  page,
}) => {
  test.slow(); // sign-up, three students, the form, a grid of twelve cells, a reload and a phone
  const { classroomId, names } = await setUp(page, 'Marks');
  const [anika, babul, chandni] = names;
  await createAssessment(page, classroomId, 'Half-yearly exam');

  // Keyboard: type into Anika's Bangla, Enter moves down the column; "ab" marks Chandni absent.
  await cellOf(rowOf(page, anika), 0).click();
  await page.keyboard.type('85');
  await page.keyboard.press('Enter');
  await expect(cellOf(rowOf(page, babul), 0)).toBeFocused();
  await page.keyboard.type('72');
  await page.keyboard.press('Enter');
  await page.keyboard.type('ab');
  await page.keyboard.press('Enter');
  // Arrows: up twice and right, to Anika's Mathematics. 150 is above the full marks: red, not sent.
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowRight');
  await expect(cellOf(rowOf(page, anika), 1)).toBeFocused();
  await page.keyboard.type('150');
  await expect(cellOf(rowOf(page, anika), 1)).toHaveAttribute('data-state', 'invalid');
  await expect(page.getByTestId('cell-problem')).toHaveText(
    en('assessments:grid.problems.aboveFull', { full: '100' }),
  );
  await expect(page.getByTestId('save-invalid')).toBeVisible();
  // Escape puts the cell back; typing replaces it; Tab walks across the row.
  await page.keyboard.press('Escape');
  await page.keyboard.type('90');
  await page.keyboard.press('Tab');
  await expect(cellOf(rowOf(page, anika), 2)).toBeFocused();
  await page.keyboard.type('60');
  await page.keyboard.press('Tab');
  await page.keyboard.type('25');
  await page.keyboard.press('Enter');

  // A block copied from Excel (tabs between cells, CRLF between rows) pasted at Babul's Mathematics.
  await cellOf(rowOf(page, babul), 1).click();
  await pasteText(page, '65\t50\t20\r\n40\t30\t8\r\n');
  await expect(cellOf(rowOf(page, chandni), 3)).toHaveValue('8');
  await expect(cellOf(rowOf(page, chandni), 0)).toHaveValue(en('assessments:grid.absentMark'));

  // The server's results after the autosave: Chandni failed (absent in Bangla, MCQ below its pass).
  await allSaved(page);
  const anikaResult = { total: '260', percent: '86.67%', grade: 'A+', gpa: '5.00', position: '1' };
  const babulResult = { total: '207', percent: '69%', grade: 'A-', gpa: '3.83', position: '2' };
  const chandniResult = { total: '78', percent: '26%', grade: 'F', gpa: '0.00', position: '3' };
  await expectResults(page, anika, anikaResult);
  await expectResults(page, babul, babulResult);
  await expectResults(page, chandni, chandniResult);

  // A reload reads it all back from the server.
  await page.reload();
  await expect(cellOf(rowOf(page, anika), 1)).toHaveValue('90');
  await expect(cellOf(rowOf(page, babul), 2)).toHaveValue('50');
  await expectResults(page, anika, anikaResult);
  await expectResults(page, chandni, chandniResult);

  // Publish: the page and the list say so.
  await page.getByTestId('marks-publish').click();
  await expect(page.getByTestId('published-tag')).toBeVisible();
  await expect(page.getByTestId('marks-publish')).toHaveText(en('assessments:list.unpublish'));
  await page.getByRole('link', { name: en('assessments:marks.back') }).click();
  await expect(
    page.getByTestId('assessment-item').filter({ hasText: 'Half-yearly exam' }).getByTestId('published-tag'),
  ).toBeVisible();

  // On a phone the grid scrolls inside its box; the page never scrolls sideways.
  await page.setViewportSize({ width: 375, height: 800 });
  await page.getByTestId('assessment-item').getByTestId('assessment-marks').click();
  await expectResults(page, babul, babulResult);
  await noSidewaysScroll(page, 'marks grid at 375 px');
  const scroller = page.getByTestId('marks-grid-scroller');
  const widths = await scroller.evaluate((box) => ({ scroll: box.scrollWidth, client: box.clientWidth }));
  expect(widths.scroll).toBeGreaterThan(widths.client);
});

test('two pages change one cell: the later save is a conflict, kept mine, and the other page follows live', async ({
  page,
  context,
}) => {
  test.slow(); // two pages of the grid, a held save and a live update
  const { classroomId, names } = await setUp(page, 'Conflict');
  const [anika] = names;
  await createAssessment(page, classroomId, 'Class test 1');
  const url = page.url();

  // The second page's saves are held until the first page has saved over the same cell.
  const other = await context.newPage();
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await other.route('**/marks', async (route) => {
    if (route.request().method() === 'PATCH') await held;
    await route.continue();
  });
  await other.goto(url);
  await expect(other.getByTestId('marks-grid')).toBeVisible();
  await cellOf(rowOf(other, anika), 0).click();
  await other.keyboard.type('55');
  await expect(other.getByTestId('save-state')).toHaveAttribute('data-state', 'saving');

  const live = liveUpdatesOpen(page);
  await page.reload();
  await live;
  await cellOf(rowOf(page, anika), 0).click();
  await page.keyboard.type('48');
  await page.keyboard.press('Enter');
  await allSaved(page);

  // The held save reaches the server over a version that is gone: a conflict, on the cell.
  release();
  await expect(cellOf(rowOf(other, anika), 0)).toHaveAttribute('data-state', 'conflict');
  await expect(other.getByTestId('save-conflicts')).toBeVisible();
  await cellOf(rowOf(other, anika), 0).focus();
  const conflict = other.getByTestId('cell-conflict');
  await expect(conflict).toContainText('48');
  await expect(conflict).toContainText('55');
  await conflict.getByRole('button', { name: en('assessments:grid.conflict.keepMine') }).click();
  await allSaved(other);
  await expect(cellOf(rowOf(other, anika), 0)).toHaveValue('55');

  // The first page follows the live update without a reload.
  await expect(cellOf(rowOf(page, anika), 0)).toHaveValue('55');
});

test('marks from Excel: the downloaded sheet filled, a bad row listed, the fixed file imported', async ({
  page,
}) => {
  test.slow(); // sign-up, three students, two uploads and an import
  const { accountId, classroomId, names } = await setUp(page, 'MarksImport');
  const [anika, babul, chandni] = names;
  const created = await page.request.post(
    `/api/accounts/${accountId}/classrooms/${classroomId}/assessments`,
    {
      data: {
        name: 'Class test 2',
        term: 'Annual 2026',
        // Held today: an assessment is for the students enrolled on its date (these joined today).
        heldOn: dayOf(Date.now()),
        subjects: [
          { name: 'Bangla', parts: [{ key: 'total', fullMarks: 50, passMarks: 17 }] },
          { name: 'English', parts: [{ key: 'total', fullMarks: 50, passMarks: 17 }] },
        ],
      },
      headers: CSRF,
    },
  );
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  await page.goto(`/teacher/assessments/${accountId}/${id}`);
  await expect(page.getByTestId('marks-grid')).toBeVisible();

  await page.getByRole('button', { name: en('assessments:import.open') }).click();
  const drawer = page.getByTestId('marks-import');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    drawer.getByRole('button', { name: en('assessments:import.template') }).click(),
  ]);
  const template = fs.readFileSync((await download.path()) ?? '');

  // Rows by student name; columns by their headers ("Bangla (50)"), as a teacher fills them.
  const fill = async (marks: Record<string, [string | number, string | number]>) => {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(template as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const headers = Array.from(sheet.getRow(1).values as unknown[], (v) => String(v ?? ''));
    const bangla = headers.findIndex((h) => h.startsWith('Bangla'));
    const english = headers.findIndex((h) => h.startsWith('English'));
    sheet.eachRow((row, number) => {
      if (number === 1) return;
      const name = (row.values as unknown[]).map(String).find((v) => v in marks);
      if (!name) return;
      row.getCell(bangla).value = marks[name]![0];
      row.getCell(english).value = marks[name]![1];
    });
    return Buffer.from(await workbook.xlsx.writeBuffer());
  };
  const upload = (buffer: Buffer) =>
    drawer.locator('input[type=file]').setInputFiles({
      name: 'marks.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer,
    });

  await upload(await fill({ [anika]: [45, 60], [babul]: [30, 25], [chandni]: ['A', 12] }));
  const problems = drawer.getByTestId('marks-import-problems');
  await expect(problems).toContainText(en('assessments:import.fixAndUpload'));
  await expect(problems.locator('li')).toHaveCount(1);
  await expect(cellOf(rowOf(page, anika), 0)).toHaveValue('');

  await upload(await fill({ [anika]: [45, 40], [babul]: [30, 25], [chandni]: ['A', 12] }));
  await drawer.getByTestId('marks-import-go').click();
  await expect(drawer).toBeHidden();
  await expect(cellOf(rowOf(page, anika), 1)).toHaveValue('40');
  await expect(cellOf(rowOf(page, chandni), 0)).toHaveValue(en('assessments:grid.absentMark'));
  await expect(rowOf(page, anika).getByTestId('result-total')).toHaveText('85');
  await expect(rowOf(page, anika).getByTestId('result-position')).toHaveText('1');
  await expect(rowOf(page, chandni).getByTestId('result-grade')).toHaveText('F');
});
