import { expect, test } from '@playwright/test';
import {
  addEnrolledStudent,
  createClassroom,
  installFromCatalogue,
  installTool,
  noSidewaysScroll,
  open,
  publishTerm,
  signUpTeacher,
  unique,
} from './page-helpers';
import { en } from './texts';

/**
 * Report-card comments from the AI tool in a real browser, answered by the loopback stand-in
 * model: a teacher with the AI tool opens a student's card, asks for a draft of the remark from
 * the term's marks, edits it and saves it; the family's card then shows the saved remark.
 */
test('a teacher drafts a report-card remark with AI, edits it and saves it onto the card', async ({
  page,
  browser,
}) => {
  const accountId = await signUpTeacher(page, 'Remarks');
  await installTool(page, accountId, 'ai');
  const id = unique().slice(-6);
  const classroomId = await createClassroom(page.request, accountId, `Class 9 Remarks ${id}`);
  const asha = await addEnrolledStudent(page.request, accountId, classroomId, `Asha Akter ${id}`);
  const bilal = await addEnrolledStudent(page.request, accountId, classroomId, `Bilal Hossain ${id}`);
  await publishTerm(page, accountId, classroomId, [asha, bilal]);

  const term = 'Half-yearly 2026';
  await page.goto(
    `/aviewreport?${new URLSearchParams({ accountId, classroomId, studentId: asha, term }).toString()}`,
  );
  await expect(page.getByRole('heading', { name: en('report-cards:card.remark') })).toBeVisible();
  await page.getByTestId('ai-remark-open').click();
  const panel = page.getByTestId('ai-remark');
  await panel.getByLabel(en('report-cards:aiRemark.tones.encouraging')).check();
  await panel.getByLabel(en('report-cards:aiRemark.notes')).fill('reads widely');
  await page.getByTestId('ai-remark-write').click();

  // 175 of 200 (87.5 %), Mathematics the best subject; the name came back as the first name only.
  const remark = page.getByTestId('report-remark-text');
  await expect(remark).toHaveValue(
    'Asha scored 87.5% overall this term (A+). The strongest subject was Mathematics (90%). Reads widely. With steady practice, Asha can do even better next term.',
  );
  await expect(panel.getByRole('status')).toHaveText(en('report-cards:aiRemark.placed'));
  // One credit of Lite's 30 a month went on the draft.
  await expect(page.getByTestId('ai-remark-credits')).toContainText('29');
  await page.setViewportSize({ width: 375, height: 800 });
  await noSidewaysScroll(page, 'the AI remark draft on a phone');

  // The teacher edits the draft before saving it.
  const edited = 'Asha scored 87.5% overall this term (A+) and reads widely. Keep practising Bangla essays.';
  await remark.fill(edited);
  await page.getByTestId('report-remark-save').click();
  await expect(page.getByTestId('report-remark-save')).toBeDisabled();
  await page.reload();
  await expect(page.getByTestId('report-remark-text')).toHaveValue(edited);

  // The family's card shows the saved remark.
  await page.getByRole('button', { name: en('report-cards:page.makeLink') }).click();
  const link = await page.getByTestId('report-issued-link').getByRole('link').getAttribute('href');
  const family = await browser.newContext({ viewport: { width: 375, height: 740 } });
  const phone = await family.newPage();
  await open(phone, link!);
  await expect(phone.getByTestId('report-remark')).toHaveText(edited);
  await noSidewaysScroll(phone, 'the family card with the remark');
  await family.close();
});

test('a teacher drafts Bangla remarks for the whole class with progress, edits one and saves them all', async ({
  page,
}) => {
  const accountId = await signUpTeacher(page, 'ClassRemarks');
  // As a teacher does it: the AI tools' card in the Tools catalogue.
  await installFromCatalogue(page, 'ai');
  const id = unique().slice(-6);
  const classroomId = await createClassroom(page.request, accountId, `Class 9 Class Remarks ${id}`);
  const asha = await addEnrolledStudent(page.request, accountId, classroomId, `Asha Akter ${id}`);
  const bilal = await addEnrolledStudent(page.request, accountId, classroomId, `Bilal Hossain ${id}`);
  await publishTerm(page, accountId, classroomId, [asha, bilal]);

  await page.goto(`/teacher/reports?classroom=${classroomId}`);
  await page.getByTestId('ai-remarks-open').click();
  const dialog = page.getByRole('dialog', { name: en('report-cards:aiRemark.batchTitle') });
  await dialog.getByText(en('report-cards:aiRemark.bangla'), { exact: true }).click();
  await dialog.getByTestId('ai-remarks-run').click();
  await expect(dialog.getByTestId('ai-remarks-progress')).toHaveText(
    en('report-cards:aiRemark.progress', { done: '2', total: '2' }),
  );
  const drafts = dialog.getByTestId('ai-remarks-draft');
  await expect(drafts).toHaveCount(2);
  for (const draft of await drafts.all()) {
    await expect(draft.getByRole('textbox')).toHaveValue(/[\u0980-\u09FF]/u);
  }
  await page.setViewportSize({ width: 375, height: 800 });
  await noSidewaysScroll(page, 'the class remarks dialog on a phone');

  const edited = 'Asha খুব ভালো করেছে; বাংলা রচনায় আরও অনুশীলন করুক।';
  await dialog.getByRole('textbox', { name: `Asha Akter ${id}` }).fill(edited);
  await dialog.getByTestId('ai-remarks-save').click();
  await expect(dialog.getByText(en('report-cards:aiRemark.saved'))).toHaveCount(2);

  const card = await page.request.get(
    `/api/accounts/${accountId}/classrooms/${classroomId}/report-cards/students/${asha}?term=${encodeURIComponent('Half-yearly 2026')}`,
  );
  expect(((await card.json()) as { remark: { text: string } }).remark.text).toBe(edited);
});
