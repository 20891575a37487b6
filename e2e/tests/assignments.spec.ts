import { addDays, dayOf } from '@batchwise/domain';
import { expect, test } from '@playwright/test';
import { chooseLanguage, noSidewaysScroll } from './page-helpers';
import { familyOfTwo, phoneBrowser, signInByPhone } from './portal-helpers';
import { filledText, text } from './texts';

/**
 * Online assignments: a teacher posts one that was due yesterday, a student hands it in late
 * from the portal on a phone, the teacher sees it late and marks it with a comment, and the
 * student sees the marks (also in Bangla); the marks go into an assessment after a confirmation.
 */

const en = (key: string) => text('en', key);

test('a student hands in late from the portal; the teacher sees it late, marks and comments; the student sees them', async ({
  page,
  browser,
}) => {
  test.slow();
  const family = await familyOfTwo(page, 'Assignments');
  const [rafi] = family.children;
  const title = `Newton's laws ${Date.now()}`;

  // The teacher posts it, due yesterday at 11:59 PM (Bangladesh time).
  await page.goto('/teacher/assignments');
  await expect(page.getByTestId('assignments-empty')).toBeVisible();
  await page.getByTestId('assignment-new').click();
  const form = page.getByTestId('assignment-form');
  await form.getByTestId('assignment-title').fill(title);
  const classrooms = form.getByTestId('assignment-classrooms');
  await classrooms.click();
  const option = page
    .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')
    .first();
  await expect(option).toBeVisible();
  // The open list's first (active) option, picked by keyboard: a click can land while the list
  // is still sliding in on a busy machine and pick nothing.
  await page.keyboard.press('Enter');
  await expect(classrooms.locator('.ant-select-selection-item')).toHaveCount(1);
  await form.getByTestId('assignment-title').click();
  const day = form.getByTestId('assignment-due-day');
  await day.click();
  await day.fill(addDays(dayOf(Date.now()), -1).split('-').reverse().join('-'));
  await day.press('Enter');
  await page.locator('#assignment-save').click();
  const item = page.locator('.ant-list-item').filter({ hasText: title });
  await expect(item).toContainText(
    filledText('en', 'assignments:list.counts', { submitted: '0', late: '0', missing: '2' }),
  );

  // The student, on a phone, sees it missing and hands it in late.
  const student = await phoneBrowser(browser);
  await signInByPhone(student, rafi.phone);
  await student.getByTestId('portal-menu-assignments').click();
  await expect(student).toHaveURL(/\/student\/assignments/);
  const card = student.getByTestId('assignment-card').filter({ hasText: title });
  await expect(card.getByTestId('assignment-status')).toHaveText(en('portal:assignments.status.missing'));
  await card.getByTestId('assignment-answer').fill('F = ma, with three worked examples.');
  await card.getByTestId('assignment-submit').click();
  await expect(card.getByText(en('portal:assignments.submittedLate'))).toBeVisible();
  await expect(card.getByTestId('assignment-status')).toHaveText(en('portal:assignments.status.late'));
  await noSidewaysScroll(student, 'student assignments at 375 px');

  // The teacher sees it late, gives marks and a comment.
  await page.reload();
  await page.locator('.ant-list-item').filter({ hasText: title }).getByTestId('assignment-open').click();
  const row = page.getByTestId(`roster-${rafi.id}`);
  await expect(row.getByTestId('status-late')).toBeVisible();
  await expect(row).toContainText('F = ma');
  await row.getByLabel(en('assignments:roster.marks')).fill('8');
  await row.getByTestId('roster-comment').fill('Good examples; show units next time.');
  await row.getByTestId('roster-save').click();
  await expect(row.getByTestId('status-marked')).toBeVisible();

  // The marks go into an assessment of the classroom, once the term is named and confirmed.
  await page.getByTestId('to-assessment').click();
  await page.getByTestId('to-assessment-term').fill('Half-yearly 2026');
  await page.screenshot({ path: test.info().outputPath('to-assessment.png') });
  await page.getByRole('button', { name: en('assignments:toAssessment.confirm'), exact: true }).click();
  await expect(
    page.getByText(filledText('en', 'assignments:toAssessment.done_one', { marked: '1' })),
  ).toBeVisible();

  // The student sees the marks and the comment, and can no longer replace the work.
  await student.reload();
  const marked = student.getByTestId('assignment-card').filter({ hasText: title });
  await expect(marked.getByTestId('assignment-feedback')).toContainText(
    filledText('en', 'portal:assignments.marks', { marks: '8', full: '10' }),
  );
  await expect(marked.getByTestId('assignment-feedback')).toContainText(
    'Good examples; show units next time.',
  );
  await expect(marked.getByTestId('assignment-submit-form')).toHaveCount(0);
  await noSidewaysScroll(student, 'marked assignment at 375 px');

  // In Bangla: the status and the marks in Bangla digits.
  await chooseLanguage(student, 'bn');
  const bangla = student.getByTestId('assignment-card').filter({ hasText: title });
  await expect(bangla.getByTestId('assignment-status')).toHaveText(
    text('bn', 'portal:assignments.status.marked'),
  );
  await expect(bangla.getByTestId('assignment-feedback')).toContainText(
    filledText('bn', 'portal:assignments.marks', { marks: '৮', full: '১০' }),
  );
  await student.context().close();
});
