import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import {
  createClassroom,
  installFromCatalogue,
  noSidewaysScroll,
  signUpTeacher,
  unique,
} from './page-helpers';
import { en } from './texts';

/**
 * Question papers from the AI tool in a real browser, answered by the loopback stand-in model: a
 * teacher installs the AI tools from the catalogue, finds Question papers in the menu, drafts a
 * paper with an answer key, edits it, saves it to the classroom, downloads it as a PDF (a real
 * PDF with the edited question in it), reopens it, makes an assessment of it and deletes it.
 */
const pdftotext = (() => {
  try {
    execFileSync('pdftotext', ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

test('a teacher drafts a question paper, edits it, prints its PDF and uses it as an assessment', async ({
  page,
}) => {
  test.slow(); // a draft, edits, a PDF render, the list, an assessment and a deletion
  const accountId = await signUpTeacher(page, 'Papers');
  const classroomId = await createClassroom(page.request, accountId, `Class 9 Papers ${unique().slice(-6)}`);

  // Without the AI tools the menu has no Question papers.
  await page.goto('/teacher/dashboard');
  const menu = page.getByRole('navigation');
  await expect(menu.getByRole('menuitem', { name: en('app:nav.tools') })).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: en('app:nav.question-papers') })).toHaveCount(0);

  await installFromCatalogue(page, 'ai');
  await page.getByTestId('tool-ai').getByRole('link', { name: 'Open' }).click();
  await expect(page.getByRole('heading', { name: en('question-papers:title') })).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: en('app:nav.question-papers') }).first()).toBeVisible();
  await expect(page.getByText(en('question-papers:list.empty'))).toBeVisible();

  await page.getByRole('button', { name: en('question-papers:list.new') }).click();
  // The classroom's grade and subject start the form.
  await expect(page.getByLabel(en('question-papers:fields.subject'))).toHaveValue('Physics');
  const topics = page.getByRole('combobox', { name: en('question-papers:request.topics') });
  await topics.fill('Motion');
  await topics.press('Enter');
  await topics.fill('Force');
  await topics.press('Enter');
  const mcqCount = page.getByLabel(
    en('question-papers:request.count', { kind: en('question-papers:kinds.mcq') }),
  );
  await mcqCount.fill('3');
  await page.getByRole('radio', { name: en('question-papers:fields.english') }).check();
  await page.setViewportSize({ width: 375, height: 800 });
  await noSidewaysScroll(page, 'the question paper request on a phone');
  await page.getByRole('button', { name: en('question-papers:request.draft') }).click();

  // Three MCQs of 1 mark and two creative questions of 1 + 2 + 3 + 4: 23 marks.
  const questions = page.getByTestId('paper-question');
  await expect(questions).toHaveCount(5);
  await expect(page.getByTestId('paper-total')).toHaveText(
    en('question-papers:editor.total', { marks: '23' }),
  );
  await expect(page.getByLabel(en('question-papers:fields.title'))).toHaveValue(
    'Class 9 Physics: model test',
  );
  await noSidewaysScroll(page, 'the question paper editor on a phone');

  // The teacher rewrites the first question, gives it two marks and removes the third.
  const edited = 'Which quantity has both size and direction?';
  await questions.nth(0).getByLabel(en('question-papers:editor.questionText'), { exact: true }).fill(edited);
  await questions.nth(0).getByLabel(en('question-papers:editor.marks'), { exact: true }).fill('2');
  await questions
    .nth(2)
    .getByRole('button', { name: en('question-papers:editor.removeQuestion') })
    .click();
  await expect(questions).toHaveCount(4);
  await expect(page.getByTestId('paper-total')).toHaveText(
    en('question-papers:editor.total', { marks: '23' }),
  );
  // The second question moves up to first place and back.
  await questions
    .nth(1)
    .getByRole('button', { name: en('question-papers:editor.moveUp') })
    .click();
  await expect(
    questions.nth(1).getByLabel(en('question-papers:editor.questionText'), { exact: true }),
  ).toHaveValue(edited);
  await questions
    .nth(1)
    .getByRole('button', { name: en('question-papers:editor.moveUp') })
    .click();
  await expect(
    questions.nth(0).getByLabel(en('question-papers:editor.questionText'), { exact: true }),
  ).toHaveValue(edited);

  await page.getByRole('button', { name: en('question-papers:editor.save') }).click();
  await expect(page.getByText(en('question-papers:editor.saved'))).toBeVisible();

  // The PDF with its answer key, as the browser downloads it.
  await page.getByRole('checkbox', { name: en('question-papers:editor.withAnswers') }).check();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: en('question-papers:editor.pdf') }).click(),
  ]);
  const file = await download.path();
  expect(fs.readFileSync(file).subarray(0, 5).toString()).toBe('%PDF-');
  if (pdftotext) {
    const text = execFileSync('pdftotext', [file, '-']).toString();
    expect(text).toContain(edited);
    expect(text).toContain('Answer key');
  }

  // Back on the list the paper is kept with the classroom, and reopens as saved.
  await page.getByRole('button', { name: en('question-papers:actions.back') }).click();
  const saved = page.getByTestId('saved-paper');
  await expect(saved).toHaveCount(1);
  await expect(saved).toContainText('Class 9 Physics: model test');
  await saved.getByRole('button', { name: en('question-papers:list.open') }).click();
  await expect(
    page
      .getByTestId('paper-question')
      .nth(0)
      .getByLabel(en('question-papers:editor.questionText'), { exact: true }),
  ).toHaveValue(edited);

  // Reused as an assessment out of the paper's 23 marks.
  await page.getByRole('button', { name: en('question-papers:assessment.open') }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(en('question-papers:assessment.term')).fill('Half-yearly 2026');
  await dialog.getByRole('button', { name: en('question-papers:assessment.create') }).click();
  await expect(dialog.getByRole('link', { name: en('question-papers:assessment.enterMarks') })).toBeVisible();
  const assessments = await (
    await page.request.get(`/api/accounts/${accountId}/classrooms/${classroomId}/assessments`)
  ).text();
  expect(assessments).toContain('"fullMarks":23');
  await dialog.getByRole('button', { name: 'Close' }).click();

  // Deleting asks first.
  await page.getByRole('button', { name: en('question-papers:editor.delete') }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: en('question-papers:editor.delete') })
    .click();
  await expect(page.getByText(en('question-papers:list.empty'))).toBeVisible();
});
