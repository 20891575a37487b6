import fs from 'node:fs';
import path from 'node:path';
import { chromium, expect, type Page, test } from '@playwright/test';
import { CHROMIUM_ARGS } from '../playwright.config';
import { faceClip, turningFaceClip } from './face-clips';
import { punchesOf, teacherWithKiosk } from './kiosk-helpers';
import { CSRF, createClassroom, open, unique, uniquePhone } from './page-helpers';
import { filledText, text } from './texts';

/**
 * Face recognition in a real browser with Chromium's fake camera (e2e/fixtures/FACES.md): the
 * registration link asks for consent, opens the camera, takes three angles of a face that turns
 * its head, and stores the face prints computed on the phone with the model served from our own
 * origin; a kiosk in face mode then punches that student, says "not sure" to a face nobody
 * registered, and stops knowing the student once the teacher deletes the registration. The face
 * model is slow on this machine's software graphics, hence the long waits.
 */
test.setTimeout(900_000);

const MODEL_WAIT = { timeout: 300_000 };

/** A browser whose camera plays the clip; the clip's directory goes when the browser does. */
async function withCamera<T>(clip: string, use: (browser: import('@playwright/test').Browser) => Promise<T>) {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      ...CHROMIUM_ARGS,
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-video-capture=${clip}`,
    ],
  });
  try {
    return await use(browser);
  } finally {
    await browser.close();
    fs.rmSync(path.dirname(clip), { recursive: true, force: true });
  }
}

function offOrigin(page: Page, origin: string): string[] {
  const seen: string[] = [];
  page.on('request', (r) => {
    if (!r.url().startsWith(origin) && !r.url().startsWith('data:') && !r.url().startsWith('blob:'))
      seen.push(r.url());
  });
  return seen;
}

test('a face registered by link punches at the kiosk; a stranger and a deleted face get "not sure"', async ({
  page,
  baseURL,
}) => {
  const origin = new URL(baseURL!).origin;
  const kiosk = await teacherWithKiosk(page, 'Faces');
  const classroomId = await createClassroom(page.request, kiosk.accountId, `Biology ${unique().slice(-5)}`);
  const added = await page.request.post(`/api/accounts/${kiosk.accountId}/students`, {
    data: {
      name: 'Sadia Rahman',
      phone: uniquePhone('017'),
      institution: 'Dhaka College',
      enrolments: [{ classroomId }],
    },
    headers: CSRF,
  });
  expect(added.ok(), await added.text()).toBe(true);
  const studentId = ((await added.json()) as { student: { id: string } }).student.id;
  const facePrint = `/api/accounts/${kiosk.accountId}/students/${studentId}/face-print`;
  const registered = async () =>
    ((await (await page.request.get(facePrint)).json()) as { registered: boolean }).registered;
  const issued = await page.request.post(`/api/accounts/${kiosk.accountId}/students/${studentId}/face-link`, {
    headers: CSRF,
  });
  expect(issued.status(), await issued.text()).toBe(201);
  const link = new URL(((await issued.json()) as { url: string }).url);
  expect(link.pathname).toBe('/create-face-recog-print');

  // The phone: consent, then straight, one way and the other; only then is anything sent.
  await withCamera(turningFaceClip(), async (browser) => {
    const context = await browser.newContext({ baseURL, viewport: { width: 375, height: 740 } });
    const phone = await context.newPage();
    const elsewhere = offOrigin(phone, origin);
    const models: string[] = [];
    phone.on('request', (r) => {
      if (r.url().includes('/face-models/')) models.push(r.url());
    });
    await open(phone, `${link.pathname}${link.search}`);
    await expect(phone.getByText('Sadia Rahman', { exact: false })).toBeVisible();
    await expect(phone.getByText(text('en', 'faces:consent.noPhoto'))).toBeVisible();
    const start = phone.getByRole('button', { name: text('en', 'faces:register.start') });
    await expect(start).toBeDisabled();
    await phone.getByLabel(text('en', 'faces:consent.agree')).check();
    await start.click();
    const angles = phone
      .getByRole('list', { name: text('en', 'faces:register.angles') })
      .getByRole('listitem');
    await expect(angles.first()).toHaveAttribute('data-done', 'true', MODEL_WAIT);
    expect(await registered()).toBe(false);
    await expect(phone.getByText(text('en', 'domain:FACE_PRINT_SAVED'))).toBeVisible(MODEL_WAIT);
    for (const angle of await angles.all()) await expect(angle).toHaveAttribute('data-done', 'true');
    expect(await registered()).toBe(true);
    // The library and its models came from our own origin, and nothing left it.
    expect(models.some((url) => url.endsWith('face_recognition_model.bin'))).toBe(true);
    expect(elsewhere).toEqual([]);
    await context.close();
  });

  const kioskPage = `/access-control-qr-scanner?key=${encodeURIComponent(kiosk.key)}&face=1`;
  // Someone nobody registered comes to the gate: "not sure", never Sadia's name, and no punch.
  await withCamera(faceClip('stranger'), async (browser) => {
    const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 } });
    const tablet = await context.newPage();
    const elsewhere = offOrigin(tablet, origin);
    await open(tablet, kioskPage);
    await expect(tablet.getByTestId('face-camera')).toBeVisible();
    await expect(tablet.getByText(filledText('en', 'kiosk:face.live_one', { count: '1' }))).toBeVisible(
      MODEL_WAIT,
    );
    await expect(tablet.getByTestId('kiosk-feedback')).toContainText(
      text('en', 'kiosk:face.unsure.title'),
      MODEL_WAIT,
    );
    await expect(tablet.getByTestId('kiosk-student-name')).toHaveCount(0);
    expect(punchesOf(kiosk.deviceId)).toEqual([]);
    expect(elsewhere).toEqual([]);
    await context.close();
  });

  // The gate's tablet sees the registered student: a punch with the distance of the match.
  await withCamera(faceClip('student'), async (browser) => {
    const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 } });
    const tablet = await context.newPage();
    const elsewhere = offOrigin(tablet, origin);
    await open(tablet, kioskPage);
    await expect(tablet.getByTestId('kiosk-student-name')).toHaveText('Sadia Rahman', MODEL_WAIT);
    await expect(tablet.getByTestId('kiosk-direction')).toHaveText(text('en', 'kiosk:entry'));
    const punches = punchesOf(kiosk.deviceId);
    expect(punches).toEqual([expect.objectContaining({ student_id: studentId, via: 'face' })]);
    expect(punches[0]!.match_distance).toBeGreaterThan(0);
    expect(punches[0]!.match_distance).toBeLessThan(0.6);

    // The teacher deletes the registration: the tablet's next face set no longer has it.
    const removed = await page.request.delete(facePrint, { headers: CSRF });
    expect(removed.ok(), await removed.text()).toBe(true);
    expect(await registered()).toBe(false);
    await tablet.reload();
    await expect(tablet.getByText(text('en', 'kiosk:face.noneRegistered'))).toBeVisible(MODEL_WAIT);
    await expect(tablet.getByTestId('kiosk-feedback')).toContainText(
      text('en', 'kiosk:face.unsure.title'),
      MODEL_WAIT,
    );
    expect(punchesOf(kiosk.deviceId)).toHaveLength(1);
    expect(elsewhere).toEqual([]);
    await context.close();
  });
});
