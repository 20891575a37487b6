import { expect, test } from '@playwright/test';
import { CHROMIUM_ARGS } from '../playwright.config';
import { CSRF, noSidewaysScroll } from './page-helpers';
import { familyOfTwo, PHONE, phoneBrowser, signInByPhone } from './portal-helpers';
import { text } from './texts';
import { expectPlays } from './video-helpers';

/**
 * EduCast with Chromium's fake camera and microphone: the teacher records a few seconds on
 * `/record-educast` (the chunks go up while recording), stops, names the recording on
 * `/control-educast` and publishes it into a course of the classroom; the server's own jobs trim it
 * and transcode it. A student of that classroom opens it by its code on a phone and it plays; a
 * wrong code is told so, and `/edc-acc` lists it. A screen recording whose tab dies mid-lesson
 * keeps what reached the server and is offered to be finished with it.
 */
test.use({
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      ...CHROMIUM_ARGS,
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      // Screen sharing picks the whole (virtual) screen without asking.
      '--auto-select-desktop-capture-source=Entire screen',
    ],
  },
});

test('a teacher records and publishes an EduCast; a student of the classroom watches it by code', async ({
  page,
  browser,
}) => {
  test.slow();
  const family = await familyOfTwo(page, 'EduCast');
  const course = await page.request.post(`/api/accounts/${family.accountId}/video-courses`, {
    data: {
      title: 'Physics lessons',
      chapters: [{ title: 'Motion', videoIds: [] }],
      classroomIds: [family.classroomId],
    },
    headers: CSRF,
  });
  expect(course.ok(), await course.text()).toBe(true);

  // The recorder is in the teacher's menu; it records the camera, with the elapsed time running,
  // and Stop saves what was sent.
  await page.goto('/teacher/dashboard');
  await page.getByRole('menuitem', { name: text('en', 'app:nav.educast') }).click();
  // A click while the group is still unfolding can land on the moving copy of its items (Ant
  // Design's motion), which navigates nowhere: wait for it to open, as a person sees it open.
  await expect(page.locator('.ant-motion-collapse')).toHaveCount(0);
  await page.getByRole('menuitem', { name: text('en', 'app:nav.recordEducast') }).click();
  await expect(page).toHaveURL(/\/record-educast$/);
  await expect(page.getByText(text('en', 'educast:recordedOnly'))).toBeVisible();
  await page.getByTestId('educast-open').click();
  await expect(page.getByTestId('educast-preview')).toBeVisible();
  await page.getByTestId('educast-start').click();
  await expect(page.getByTestId('educast-elapsed')).toHaveText(/^0:0[4-9]$/, { timeout: 60_000 });
  await page.getByTestId('educast-stop').click();
  await expect(page.getByTestId('educast-saved')).toBeVisible();

  // Named and published into the course's chapter; ready once both jobs have run.
  await page.goto('/control-educast');
  const row = page.getByTestId('educast-row').first();
  await expect(row).toContainText(text('en', 'educast:state.recorded'));
  await row.getByTestId('educast-title').fill('Newton’s first law');
  await row.getByTestId('educast-publish').click();
  await expect(row).toContainText(text('en', 'educast:state.published'), { timeout: 110_000 });
  await expect(row).toContainText('Newton’s first law');
  const code = (await row.getByTestId('educast-code').textContent())!.trim();
  expect(code).toMatch(/^[A-Z2-9]{6}$/);
  await page.setViewportSize(PHONE);
  await noSidewaysScroll(page, 'recordings at 375 px');
  await page.goto('/record-educast');
  await expect(page.getByTestId('educast-open')).toBeVisible();
  await noSidewaysScroll(page, 'recorder at 375 px');

  // Rafi, a student of the classroom, opens it by its code on a phone and it plays.
  const student = await phoneBrowser(browser);
  await signInByPhone(student, family.children[0].phone);
  await student.goto('/edc');
  await student.getByTestId('edc-code').fill('WRONG2');
  await student.getByTestId('edc-open').click();
  await expect(student.getByTestId('edc-refused')).toHaveText(text('en', 'domain:EDUCAST_CODE_UNKNOWN'));
  await student.getByTestId('edc-code').fill(code.toLowerCase());
  await student.getByTestId('edc-open').click();
  await expectPlays(student);
  await noSidewaysScroll(student, 'EduCast player at 375 px');

  await student.goto('/edc-acc');
  await expect(student.getByTestId('edc-available')).toContainText('Newton’s first law');
  await student.context().close();
});

test('a screen recording whose tab closed is offered to be finished with what arrived', async ({ page }) => {
  const family = await familyOfTwo(page, 'EduCastTab');
  const recordings = `/api/accounts/${family.accountId}/educasts`;
  const tab = await page.context().newPage();
  await tab.goto('/record-educast');
  await tab.getByText(text('en', 'educast:record.screen'), { exact: true }).click();
  await tab.getByTestId('educast-open').click();
  await expect(tab.getByTestId('educast-preview')).toBeVisible();
  await tab.getByTestId('educast-start').click();
  // The first chunks reached the server while recording; then the tab dies without Stop.
  await expect
    .poll(
      async () => ((await (await page.request.get(recordings)).json()).educasts[0]?.chunks ?? 0) as number,
    )
    .toBeGreaterThanOrEqual(2);
  await tab.close({ runBeforeUnload: false });

  await page.goto('/record-educast');
  const unfinished = page.getByTestId('educast-unfinished');
  await expect(unfinished).toBeVisible();
  await unfinished.getByRole('button', { name: text('en', 'educast:unfinished.finish') }).click();
  await expect(page.getByText(text('en', 'educast:unfinished.finished'))).toBeVisible();
  const [saved] = (await (await page.request.get(recordings)).json()).educasts;
  expect(saved).toMatchObject({ state: 'recorded', source: 'screen' });
  expect(saved.durationMs).toBeGreaterThanOrEqual(5000);
});
