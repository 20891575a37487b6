import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';

/** A 4-second lesson (test pattern and a tone) made by ffmpeg, for the video course specs. */
export function lessonClip(): string {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-video-')), 'newtons-laws.mp4');
  execFileSync('ffmpeg', [
    ...['-nostdin', '-y', '-v', 'error', '-f', 'lavfi', '-i', 'testsrc=size=640x360:rate=10:duration=4'],
    ...['-f', 'lavfi', '-i', 'sine=frequency=440:duration=4', '-c:v', 'libx264', '-preset', 'ultrafast'],
    ...['-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', file],
  ]);
  return file;
}

/** The page's player starts (muted, as browsers allow without a gesture) and gets past 0.5 s. */
export async function expectPlays(page: Page): Promise<void> {
  const player = page.getByTestId('video-player');
  await expect(player).toBeVisible();
  await player.evaluate((video: HTMLVideoElement) => {
    video.muted = true;
    return video.play();
  });
  await page.waitForFunction(() => {
    const video = document.querySelector<HTMLVideoElement>('[data-testid="video-player"]');
    return video !== null && video.currentTime > 0.5;
  });
}
