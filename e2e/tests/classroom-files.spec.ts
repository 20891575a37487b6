import { expect, test } from '@playwright/test';
import { addEnrolledStudent, createClassroom, noSidewaysScroll, uniquePhone } from './page-helpers';
import { familyOfTwo, phoneBrowser, signInByPhone } from './portal-helpers';
import { text } from './texts';

/**
 * Files per classroom: a teacher uploads a PDF into a folder (the first upload request is cut and
 * tus resumes it), shares it with the classroom; a student of it opens it on a phone, a student
 * of another classroom sees nothing and is refused the file's address.
 */
test('a PDF shared with a classroom opens for its students only', async ({ page, browser }) => {
  test.slow();
  const family = await familyOfTwo(page, 'Files');
  const [rafi] = family.children;
  const otherClassroom = await createClassroom(
    page.request,
    family.accountId,
    `Chemistry ${rafi.id.slice(-5)}`,
  );
  const otherPhone = uniquePhone('018');
  const otherId = await addEnrolledStudent(page.request, family.accountId, otherClassroom, 'Tania Other', {
    phone: otherPhone,
  });

  await page.goto(`/teacher/classrooms/${family.accountId}/${family.classroomId}`);
  await page.getByRole('tab', { name: text('en', 'files:tab') }).click();
  await expect(page.getByTestId('storage-usage')).toBeVisible();
  await page.getByRole('button', { name: text('en', 'files:newFolder') }).click();
  await page.getByLabel(text('en', 'files:folderName')).fill('Chapter notes');
  await page
    .locator('.ant-modal')
    .getByRole('button', { name: text('en', 'files:save') })
    .click();
  await expect(page.getByTestId('classroom-files').getByText('Chapter notes')).toBeVisible();

  // The first PATCH is cut off; tus-js-client asks the server for the offset and goes on.
  let cut = false;
  await page.route('**/api/uploads/*', async (route) => {
    if (route.request().method() === 'PATCH' && !cut) {
      cut = true;
      await route.abort('connectionreset');
    } else await route.continue();
  });
  const pdf = Buffer.concat([
    Buffer.from('%PDF-1.4\n'),
    Buffer.alloc(2 * 1024 * 1024, 0x20),
    Buffer.from('\n%%EOF\n'),
  ]);
  await page.getByTestId('add-file').click();
  await page.getByTestId('resumable-upload-input').setInputFiles({
    name: 'chapter-3.pdf',
    mimeType: 'application/pdf',
    buffer: pdf,
  });
  await expect(page.getByTestId('resumable-upload').getByText(text('en', 'uploads:done'))).toBeVisible();
  expect(cut).toBe(true);
  await page
    .locator('.ant-modal')
    .getByRole('button', { name: text('en', 'files:save') })
    .click();
  const row = page.getByTestId('classroom-file').filter({ hasText: 'chapter-3.pdf' });
  await expect(row).toBeVisible();
  await expect(row).toContainText(text('en', 'files:share.classroom'));

  const listed = await page.request.get(
    `/api/accounts/${family.accountId}/classrooms/${family.classroomId}/files`,
  );
  const fileId = ((await listed.json()) as { files: { id: string }[] }).files[0]!.id;

  // Rafi, in the classroom, opens it from the portal on a phone.
  const student = await phoneBrowser(browser);
  await signInByPhone(student, rafi.phone);
  await student.getByTestId('portal-menu-files').click();
  const shared = student.getByTestId('family-file').filter({ hasText: 'chapter-3.pdf' });
  await expect(shared).toBeVisible();
  await noSidewaysScroll(student, 'student files at 375 px');
  const href = await shared.getByRole('link', { name: text('en', 'portal:files.open') }).getAttribute('href');
  const opened = await student.request.get(href!);
  expect(opened.status()).toBe(200);
  expect(opened.headers()['content-type']).toBe('application/pdf');
  await student.context().close();

  // Tania, of another classroom, sees nothing, also by the file's address.
  const other = await phoneBrowser(browser);
  await signInByPhone(other, otherPhone);
  await other.getByTestId('portal-menu-files').click();
  await expect(other.getByTestId('files-empty')).toBeVisible();
  const refused = await other.request.get(`/api/portal/students/${otherId}/files/${fileId}/content`);
  expect(refused.status()).toBe(404);
  const theirs = await other.request.get(`/api/portal/students/${rafi.id}/files/${fileId}/content`);
  expect(theirs.status()).toBe(404);
  await other.context().close();
});
