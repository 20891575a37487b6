import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import Database from 'better-sqlite3';
import {
  addEnrolledStudent,
  CSRF,
  createClassroom,
  noSidewaysScroll,
  publishTerm,
  signUpTeacher,
  unique,
} from './page-helpers';
import { en, filledText } from './texts';

/**
 * The Recycle bin in a real browser (plan feature data-recovery): on Pro, an assessment deleted
 * from its page — the confirmation says it can be restored for 30 days — is listed in the bin with
 * who deleted it and the days left, and Restore puts it back with every mark as it was. On a phone
 * the bin fits 375 px. An archived student deleted permanently from the Archive page comes back
 * from the bin with their archived classroom and their payment (same receipt number). Classrooms
 * and payments are closed and voided, never deleted, so they never reach the bin.
 */

/** Moves an account to Pro the way platform staff would, by its plan row (no billing yet). */
function onPro(accountId: string) {
  const db = new Database(path.join(process.env.E2E_DATA_DIR!, 'batchwise.db'));
  try {
    db.pragma('busy_timeout = 5000');
    db.prepare("UPDATE accounts SET plan_id = 'pro' WHERE id = ?").run(accountId);
  } finally {
    db.close();
  }
}

/**
 * Clicks what sends a request and waits for its answer, failing with what happened: never sent,
 * sent and unanswered, or answered with an error (its body). A missing toast alone says none of it.
 */
async function answerTo(page: Page, method: string, pathEnd: string, click: () => Promise<void>) {
  const matches = (r: { method(): string; url(): string }) =>
    r.method() === method && new URL(r.url()).pathname.endsWith(pathEnd);
  const sent = page.waitForRequest(matches, { timeout: 45_000 });
  const answered = page.waitForResponse((r) => matches(r.request()), { timeout: 45_000 });
  await click();
  await sent.catch(() => {
    throw new Error(`the browser never sent ${method} …${pathEnd}`);
  });
  const response = await answered.catch(() => {
    throw new Error(`${method} …${pathEnd} was sent but not answered`);
  });
  expect(response.status(), await response.text()).toBe(200);
}

async function marksOf(page: Page, accountId: string, assessmentId: string) {
  const res = await page.request.get(`/api/accounts/${accountId}/assessments/${assessmentId}/marks`);
  expect(res.status(), await res.text()).toBe(200);
  const grid = (await res.json()) as {
    cells: { studentId: string; subjectId: string; partKey: string; marks: number | null }[];
  };
  return grid.cells.map((c) => `${c.studentId}/${c.subjectId}/${c.partKey}=${c.marks}`).sort();
}

test('on Pro a deleted assessment is restored from the Recycle bin with its marks', async ({ page }) => {
  const accountId = await signUpTeacher(page, 'Recycle');
  onPro(accountId);
  const id = unique().slice(-6);
  const classroomId = await createClassroom(page.request, accountId, `Class 10 Bin ${id}`);
  const students = [
    await addEnrolledStudent(page.request, accountId, classroomId, `Anika Rahman ${id}`),
    await addEnrolledStudent(page.request, accountId, classroomId, `Babul Hossain ${id}`),
  ];
  await publishTerm(page, accountId, classroomId, students);
  const list = await page.request.get(`/api/accounts/${accountId}/classrooms/${classroomId}/assessments`);
  const [assessment] = ((await list.json()) as { assessments: { id: string }[] }).assessments;
  const before = await marksOf(page, accountId, assessment!.id);
  expect(before).toHaveLength(6);

  // The bin starts empty.
  await page.goto('/teacher/recycle-bin');
  await expect(page.getByRole('heading', { name: en('recycle-bin:title'), level: 2 })).toBeVisible();
  await expect(page.getByText(en('recycle-bin:empty'))).toBeVisible();

  // Delete from the assessments page: the confirmation promises 30 days.
  await page.goto(`/teacher/assessments?classroom=${classroomId}`);
  const item = page.getByTestId('assessment-item').filter({ hasText: 'Half-yearly exam' });
  await item.getByTestId('assessment-delete').click();
  const confirm = page.getByRole('dialog');
  await expect(confirm).toContainText(filledText('en', 'assessments:list.deleteRecoverable', { days: '30' }));
  await confirm.getByRole('button', { name: en('assessments:list.delete') }).click();
  await expect(page.getByTestId('assessment-item')).toHaveCount(0);

  // The bin lists it; Restore asks first, then puts it back.
  await page.getByRole('menuitem', { name: en('app:nav.recycle-bin') }).click();
  const entry = page.getByTestId('recycle-bin-entry');
  await expect(entry).toHaveCount(1);
  await expect(entry).toContainText('Half-yearly exam (Half-yearly 2026)');
  await expect(entry).toContainText(`Class 10 Bin ${id}`);
  await expect(entry).toContainText(filledText('en', 'recycle-bin:daysLeft_other', { n: '30' }));
  await entry.getByRole('button', { name: en('recycle-bin:restore') }).click();
  await page
    .getByRole('tooltip')
    .getByRole('button', { name: en('recycle-bin:restore') })
    .click();
  await expect(
    page.getByText(
      filledText('en', 'recycle-bin:restored', { label: 'Half-yearly exam (Half-yearly 2026)' }),
    ),
  ).toBeVisible();
  await expect(page.getByText(en('recycle-bin:empty'))).toBeVisible();

  // Back with the same id and every mark.
  expect(await marksOf(page, accountId, assessment!.id)).toEqual(before);
  await page.goto(`/teacher/assessments?classroom=${classroomId}`);
  await expect(page.getByTestId('assessment-item').filter({ hasText: 'Half-yearly exam' })).toBeVisible();

  // On a phone the bin fits the screen.
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/teacher/recycle-bin');
  await expect(page.getByTestId('recycle-bin-intro')).toBeVisible();
  await noSidewaysScroll(page, 'recycle bin at 375 px');
});

test('on Pro a student deleted from the archive is restored with their enrolment and payment', async ({
  page,
}) => {
  test.slow(); // sign-up, a payment, the archive, the bin, unarchive and the fees page
  const accountId = await signUpTeacher(page, 'BinStudent');
  onPro(accountId);
  const id = unique().slice(-6);
  const classroom = `Physics Bin ${id}`;
  const name = `Tahmina Akter ${id}`;
  const classroomId = await createClassroom(page.request, accountId, classroom);
  const studentId = await addEnrolledStudent(page.request, accountId, classroomId, name);
  const base = `/api/accounts/${accountId}`;
  const dues = (await (await page.request.get(`${base}/students/${studentId}/dues`)).json()) as {
    lines: { month: string }[];
  };
  const paid = await page.request.post(`${base}/students/${studentId}/payments`, {
    data: {
      method: 'cash',
      allocations: [{ kind: 'month', classroomId, month: dues.lines[0]!.month, amountPaisa: 100_000 }],
    },
    headers: CSRF,
  });
  expect(paid.status(), await paid.text()).toBe(201);
  const archived = await page.request.post(`${base}/students/archive`, {
    data: { studentIds: [studentId] },
    headers: CSRF,
  });
  expect(archived.status(), await archived.text()).toBe(200);

  // Delete permanently from the Archive: the confirmation names the student and promises 30 days.
  await page.goto('/teacher/archive');
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText(classroom);
  await row.getByTestId('archive-delete').click();
  const confirm = page.getByRole('dialog');
  await expect(confirm).toContainText(filledText('en', 'students:archive.deleteConfirm', { name }));
  await expect(confirm).toContainText(filledText('en', 'students:archive.deleteRecoverable', { days: '30' }));
  await answerTo(page, 'DELETE', `/archive/${studentId}`, () =>
    confirm.getByRole('button', { name: en('students:archive.delete') }).click(),
  );
  await expect(page.getByText(filledText('en', 'domain:STUDENT_DELETED', { name }))).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: name })).toHaveCount(0);

  // The bin lists the student with their classroom; Restore puts them back.
  await page.goto('/teacher/recycle-bin');
  const entry = page.getByTestId('recycle-bin-entry').filter({ hasText: name });
  await expect(entry).toContainText(en('recycle-bin:kinds.student'));
  await expect(entry).toContainText(classroom);
  await entry.getByRole('button', { name: en('recycle-bin:restore') }).click();
  await answerTo(page, 'POST', '/restore', () =>
    page
      .getByRole('tooltip')
      .getByRole('button', { name: en('recycle-bin:restore') })
      .click(),
  );
  await expect(page.getByText(filledText('en', 'recycle-bin:restored', { label: name }))).toBeVisible();

  // Back in the archive with their classroom; unarchived, they are in it again and their payment
  // is there as receipt 1.
  await page.goto('/teacher/archive');
  const back = page.getByRole('row').filter({ hasText: name });
  await expect(back).toContainText(classroom);
  await back.getByRole('button', { name: en('students:archive.unarchive') }).click();
  const unarchive = page.getByRole('dialog');
  await unarchive
    .getByRole('checkbox', { name: new RegExp(classroom) })
    .first()
    .check();
  await unarchive.getByRole('button', { name: en('students:archive.unarchive') }).click();
  await expect(page.getByText(en('domain:STUDENT_UNARCHIVED'))).toBeVisible();
  await page.goto('/teacher/students');
  await expect(page.getByRole('row').filter({ hasText: name })).toContainText(classroom);
  await page.goto(`/teacher/fees/students/${studentId}`);
  await expect(page.getByRole('heading', { name, level: 2 })).toBeVisible();
  const payment = page.getByTestId('payment-row');
  await expect(payment).toHaveCount(1);
  await expect(payment).toContainText(filledText('en', 'fees:receipt.number', { number: '1' }));
});
