import { expect, test } from '@playwright/test';
import { CSRF, noSidewaysScroll } from './page-helpers';
import { familyOfTwo, phoneBrowser, signInByPhone } from './portal-helpers';
import { text } from './texts';
import { expectPlays, lessonClip } from './video-helpers';

/**
 * Private video courses: the teacher uploads a lesson through the resumable upload (its connection
 * cut half-way and resumed), the server's own job transcodes it, the teacher puts it in a course
 * for the classroom and blocks one student; the other student plays it on a phone (375 px) and the
 * blocked one is refused, on the page and by the play route itself; a stream address with its
 * signature or time changed, and a student of another institution, are refused too.
 */
test('a lesson uploaded in two goes plays for an allowed student at 375 px; blocked and outside students are refused', async ({
  page,
  browser,
}) => {
  test.slow();
  const family = await familyOfTwo(page, 'Video');
  const [rafi, nila] = family.children;

  // The teacher uploads the lesson and the connection drops half-way: the server has kept the half
  // it got, the page asks where to go on (tus HEAD) and sends the rest; the lesson becomes ready.
  await page.goto('/private-video-course');
  let cut = false;
  await page.route('**/api/uploads/*', async (route) => {
    const request = route.request();
    const body = request.postDataBuffer();
    if (cut || request.method() !== 'PATCH' || !body) return route.continue();
    cut = true;
    await route.fetch({ postData: body.subarray(0, Math.floor(body.length / 2)) });
    await route.abort('connectionreset');
  });
  const sent: number[] = [];
  page.on('request', (request) => {
    if (request.method() === 'PATCH' && request.url().includes('/api/uploads/'))
      sent.push(Number(request.headers()['upload-offset']));
  });
  const uploader = page.getByTestId('resumable-upload');
  await uploader.getByTestId('resumable-upload-input').setInputFiles(lessonClip());
  await expect(uploader).toContainText(text('en', 'uploads:done'));
  expect(cut).toBe(true);
  expect(sent.length).toBeGreaterThanOrEqual(2);
  expect(sent[0]).toBe(0);
  expect(sent.at(-1)).toBeGreaterThan(0);
  const row = page.getByTestId('video-row').filter({ hasText: 'newtons-laws' });
  await expect(row).toContainText(text('en', 'video:status.ready'), { timeout: 110_000 });
  const library = await page.request.get(`/api/accounts/${family.accountId}/videos`);
  const videoId = ((await library.json()).videos as { id: string; title: string }[]).find(
    (v) => v.title === 'newtons-laws',
  )!.id;

  const course = await page.request.post(`/api/accounts/${family.accountId}/video-courses`, {
    data: {
      title: 'Physics lessons',
      chapters: [{ title: 'Motion', videoIds: [videoId] }],
      classroomIds: [family.classroomId],
    },
    headers: CSRF,
  });
  expect(course.ok(), await course.text()).toBe(true);
  const blocked = await page.request.put(
    `/api/accounts/${family.accountId}/students/${nila.id}/video-permission`,
    {
      data: { allowed: false },
      headers: CSRF,
    },
  );
  expect(blocked.ok()).toBe(true);

  // Rafi plays it on a phone.
  const student = await phoneBrowser(browser);
  await signInByPhone(student, rafi.phone);
  await student.goto('/private-video-course');
  await student.getByTestId('video-lesson').filter({ hasText: 'newtons-laws' }).click();
  await expectPlays(student);
  await noSidewaysScroll(student, 'video course player at 375 px');
  // Rafi's signed address works as given; with its signature or time changed it is refused.
  const played = await student.request.post(`/api/portal/students/${rafi.id}/videos/${videoId}/play`, {
    headers: CSRF,
  });
  expect(played.ok(), await played.text()).toBe(true);
  const { playlistUrl } = (await played.json()) as { playlistUrl: string };
  expect((await student.request.get(playlistUrl)).status()).toBe(200);
  const [, prefix, expires, signature, rest] = /^(.*\/)(\d+)\.([\w-]+)(\/.*)$/.exec(playlistUrl)!;
  const forged = `${prefix}${expires}.${signature!.slice(1)}A${rest}`;
  const stale = `${prefix}${Number(expires) - 24 * 3_600_000}.${signature}${rest}`;
  expect((await student.request.get(forged)).status()).toBe(403);
  expect((await student.request.get(stale)).status()).toBe(403);
  await student.context().close();

  // Nila is told she is blocked, and the play route refuses her too.
  const other = await phoneBrowser(browser);
  await signInByPhone(other, nila.phone);
  await other.goto('/private-video-course');
  await expect(other.getByTestId('video-blocked')).toHaveText(text('en', 'domain:VIDEO_NOT_ALLOWED'));
  const refused = await other.request.post(`/api/portal/students/${nila.id}/videos/${videoId}/play`, {
    headers: CSRF,
  });
  expect(refused.status()).toBe(403);
  await noSidewaysScroll(other, 'blocked student at 375 px');
  await other.context().close();

  // A student of another institution cannot play it either, whatever child id is given.
  const stranger = await familyOfTwo(page, 'VideoStranger');
  const outsider = await phoneBrowser(browser);
  await signInByPhone(outsider, stranger.children[0].phone);
  for (const childId of [stranger.children[0].id, rafi.id]) {
    const answer = await outsider.request.post(`/api/portal/students/${childId}/videos/${videoId}/play`, {
      headers: CSRF,
    });
    expect([403, 404]).toContain(answer.status());
  }
  await outsider.context().close();
});
