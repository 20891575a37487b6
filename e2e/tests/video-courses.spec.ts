import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import Database from 'better-sqlite3';
import { CSRF, noSidewaysScroll } from './page-helpers';
import { familyOfTwo, phoneBrowser, signInByPhone } from './portal-helpers';
import { text } from './texts';

/**
 * Private video courses: a lesson video is transcoded by the server's own job, the teacher puts
 * it in a course for the classroom and blocks one student; the other student plays it on a phone
 * (375 px) and the blocked one is refused, on the page and by the play route itself.
 *
 * The uploads capability hands finished uploads to lesson videos; until a browser upload is part
 * of this test, the test does what a claimed upload does: it stores a real clip under the server's
 * data directory and queues the video with its transcode job, which the server's worker runs.
 */
function queueVideo(accountId: string, title: string): string {
  const dataDir = process.env.E2E_DATA_DIR!;
  const id = `01E2E${crypto.randomBytes(10).toString('hex').toUpperCase()}`.slice(0, 26);
  const sourceKey = `uploads/${accountId}/${id}.mp4`;
  const file = path.join(dataDir, 'uploads', sourceKey);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  execFileSync('ffmpeg', [
    ...['-nostdin', '-y', '-v', 'error', '-f', 'lavfi', '-i', 'testsrc=size=640x360:rate=10:duration=4'],
    ...['-f', 'lavfi', '-i', 'sine=frequency=440:duration=4', '-c:v', 'libx264', '-preset', 'ultrafast'],
    ...['-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', file],
  ]);
  const now = Date.now();
  const db = new Database(path.join(dataDir, 'batchwise.db'));
  db.pragma('busy_timeout = 10000');
  try {
    db.prepare(
      `INSERT INTO videos (id, account_id, title, file_name, content_type, size_bytes, source_key, status,
        renditions, stream_secret, created_at, updated_at)
       VALUES (?, ?, ?, 'lesson.mp4', 'video/mp4', ?, ?, 'queued', '[]', ?, ?, ?)`,
    ).run(
      id,
      accountId,
      title,
      fs.statSync(file).size,
      sourceKey,
      crypto.randomBytes(32).toString('base64url'),
      now,
      now,
    );
    db.prepare(
      `INSERT INTO jobs (id, type, payload, status, attempts, max_attempts, run_at, idempotency_key, created_at, updated_at)
       VALUES (?, 'video.transcode', ?, 'queued', 0, 5, ?, ?, ?, ?)`,
    ).run(id, JSON.stringify({ videoId: id }), now, `video.transcode:${id}`, now, now);
  } finally {
    db.close();
  }
  return id;
}

test('an allowed student plays a processed lesson at 375 px; a blocked student is refused', async ({
  page,
  browser,
}) => {
  test.slow();
  const family = await familyOfTwo(page, 'Video');
  const [rafi, nila] = family.children;
  const videoId = queueVideo(family.accountId, 'Newton’s laws');

  // The teacher sees the video become ready on the page.
  await page.goto('/private-video-course');
  const row = page.getByTestId('video-row').filter({ hasText: 'Newton’s laws' });
  await expect(row).toContainText(text('en', 'video:status.ready'), { timeout: 110_000 });

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
  await student.getByTestId('video-lesson').filter({ hasText: 'Newton’s laws' }).click();
  const player = student.getByTestId('video-player');
  await expect(player).toBeVisible();
  await player.evaluate((video: HTMLVideoElement) => {
    video.muted = true;
    return video.play();
  });
  await student.waitForFunction(() => {
    const video = document.querySelector<HTMLVideoElement>('[data-testid="video-player"]');
    return video !== null && video.currentTime > 0.5;
  });
  await noSidewaysScroll(student, 'video course player at 375 px');
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
});
