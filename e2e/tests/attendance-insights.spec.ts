import { addDays, dayOf } from '@batchwise/domain';
import { expect, test } from '@playwright/test';
import {
  addEnrolledStudent,
  CSRF,
  installTool,
  noSidewaysScroll,
  signUpTeacher,
  unique,
  uniquePhone,
} from './page-helpers';
import { en, filledText } from './texts';

/**
 * Attendance insights in a real browser, on a 375 px phone: six weeks of roll calls and an exam
 * next week, set up through the API, flag the student who stopped coming; the teacher opens the
 * Insights tab of the attendance page, reads the evidence, and drafts a parent SMS from the
 * absence streak, which opens SMS compose prefilled for the normal review (nothing is sent).
 */

test('a teacher reads attendance insights and drafts a parent SMS from one', async ({ page }) => {
  test.slow(); // sign-up, fourteen roll calls, an exam, the insights and SMS compose
  const accountId = await signUpTeacher(page, 'Insights');
  await installTool(page, accountId, 'sentinel-attendance');
  const id = unique().slice(-6);
  const today = dayOf(Date.now());
  const created = await page.request.post(`/api/accounts/${accountId}/classrooms`, {
    data: { grade: 'Class 9', subject: 'Physics', name: `Physics ${id}`, tuitionFeePaisa: 100_000 },
    headers: CSRF,
  });
  expect(created.status(), await created.text()).toBe(200);
  const classroomId = ((await created.json()) as { id: string }).id;
  const anikaName = `Anika Rahman ${id}`;
  const bashirName = `Bashir Ahmed ${id}`;
  const anika = await addEnrolledStudent(page.request, accountId, classroomId, anikaName);
  const bashir = await addEnrolledStudent(page.request, accountId, classroomId, bashirName, {
    parent1Phone: uniquePhone('019'),
  });
  // A session every third day for six weeks; Bashir missed the last four.
  const dates = Array.from({ length: 14 }, (_, i) => addDays(today, -3 * (13 - i)));
  for (const [i, date] of dates.entries()) {
    const res = await page.request.put(
      `/api/accounts/${accountId}/classrooms/${classroomId}/attendance/roll-call`,
      {
        data: {
          date,
          start: '16:00',
          marks: [
            { studentId: anika, status: 'present' },
            { studentId: bashir, status: i >= 10 ? 'absent' : 'present' },
          ],
        },
        headers: CSRF,
      },
    );
    expect(res.status(), await res.text()).toBe(200);
  }
  const exam = await page.request.post(`/api/accounts/${accountId}/classrooms/${classroomId}/assessments`, {
    data: {
      name: 'Half-yearly',
      term: 'Half-yearly 2026',
      heldOn: addDays(today, 7),
      subjects: [
        { name: 'Physics', kind: 'compulsory', parts: [{ key: 'total', fullMarks: 100, passMarks: 33 }] },
      ],
    },
    headers: CSRF,
  });
  expect(exam.status(), await exam.text()).toBe(201);

  // On a phone, from the attendance page: the Insights tab of the classroom.
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto(`/teacher/attendance?classroom=${classroomId}`);
  await expect(page.getByRole('heading', { name: en('attendance:title'), level: 2 })).toBeVisible();
  await page.getByRole('tab', { name: en('attendance:tabs.insights') }).click();
  const card = page.getByTestId('insight-student');
  // Only Bashir is flagged; Anika came every time.
  await expect(card).toHaveCount(1);
  await expect(card).toContainText(bashirName);
  await expect(card).not.toContainText(anikaName);
  const streak = card.getByTestId('insight-flag').filter({ hasText: en('attendance-insights:kinds.streak') });
  await expect(streak).toContainText(
    filledText('en', 'attendance-insights:streak.headline_other', { days: '4' }),
  );
  await expect(streak).toContainText(en('attendance-insights:streak.ongoing'));
  await expect(
    card.getByTestId('insight-flag').filter({ hasText: en('attendance-insights:kinds.falling') }),
  ).toContainText(
    filledText('en', 'attendance-insights:falling.headline', { earlier: '100%', recent: '20%' }),
  );
  await expect(
    card.getByTestId('insight-flag').filter({ hasText: en('attendance-insights:kinds.exam') }),
  ).toContainText('Half-yearly');
  await noSidewaysScroll(page, 'attendance insights at 375 px');

  // One click drafts the parent SMS into compose: Bashir picked, to parent 1, the text to edit.
  await streak.getByRole('button', { name: en('attendance-insights:draftSms') }).click();
  await expect(page).toHaveURL(/\/teacher\/sms$/);
  const text = page.getByRole('textbox', { name: en('sms:compose.text') });
  await expect(text).toHaveValue(
    new RegExp(`^Dear guardian, ${bashirName} has missed 4 Physics ${id} classes in a row`),
  );
  await expect(page.getByRole('checkbox', { name: en('sms:compose.toParent1') })).toBeChecked();
  await expect(
    page.getByRole('checkbox', { name: en('sms:compose.toStudent', { student: 'Student' }) }),
  ).not.toBeChecked();
  // The normal review follows; nothing goes out until it is confirmed.
  await page.getByRole('button', { name: en('sms:compose.review') }).click();
  const review = page.getByRole('dialog', { name: en('sms:review.title') });
  await expect(review).toContainText(bashirName);
  await expect(review.getByRole('button', { name: en('sms:review.send'), exact: true })).toBeVisible();
});
