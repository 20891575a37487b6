import { chromium, expect, type Page, test } from '@playwright/test';
import { CHROMIUM_ARGS } from '../playwright.config';
import { faceClip } from './face-clips';
import { CSRF, createClassroom, installTool, open, signUpTeacher, unique, uniquePhone } from './page-helpers';
import { text } from './texts';

/**
 * Face recognition in a real browser with Chromium's fake camera (e2e/fixtures/FACES.md): the
 * registration link asks for consent, opens the camera, and computes a face print on the device
 * from a real frame with the model served from our own origin; a kiosk in face mode looks at a
 * face nobody registered and says "not sure" instead of a name. The face model is slow on this
 * machine's software graphics, hence the long waits.
 */
test.setTimeout(600_000);

const MODEL_WAIT = { timeout: 300_000 };

async function launchWith(clip: string) {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      ...CHROMIUM_ARGS,
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-video-capture=${clip}`,
    ],
  });
}

function offOrigin(page: Page, origin: string): string[] {
  const seen: string[] = [];
  page.on('request', (r) => {
    if (!r.url().startsWith(origin) && !r.url().startsWith('data:') && !r.url().startsWith('blob:'))
      seen.push(r.url());
  });
  return seen;
}

test('registration by link: consent, then the phone computes a face print from the camera', async ({
  page,
  baseURL,
}) => {
  const accountId = await signUpTeacher(page, 'Faces');
  await installTool(page, accountId, 'sentinel-attendance');
  const classroomId = await createClassroom(page.request, accountId, `Biology ${unique().slice(-5)}`);
  const added = await page.request.post(`/api/accounts/${accountId}/students`, {
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
  const issued = await page.request.post(`/api/accounts/${accountId}/students/${studentId}/face-link`, {
    headers: CSRF,
  });
  expect(issued.status(), await issued.text()).toBe(201);
  const link = new URL(((await issued.json()) as { url: string }).url);
  expect(link.pathname).toBe('/create-face-recog-print');

  const browser = await launchWith(faceClip('student'));
  try {
    const context = await browser.newContext({ baseURL, viewport: { width: 375, height: 740 } });
    const phone = await context.newPage();
    const elsewhere = offOrigin(phone, new URL(baseURL!).origin);
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

    // The straight angle is taken once the model has seen the face in two frames in a row: a
    // descriptor computed on the device from the camera.
    const straight = phone
      .getByRole('list', { name: text('en', 'faces:register.angles') })
      .getByRole('listitem')
      .first();
    await expect(straight).toHaveAttribute('data-done', 'true', MODEL_WAIT);
    // A still photo does not turn its head: the page keeps asking for the turn and sends nothing.
    await expect(phone.getByTestId('face-guide')).toHaveText(
      new RegExp(`${text('en', 'faces:pose.left')}|${text('en', 'faces:register.noFace')}`),
    );
    const status = await page.request.get(`/api/accounts/${accountId}/students/${studentId}/face-print`);
    expect(((await status.json()) as { registered: boolean }).registered).toBe(false);
    // The library and its models came from our own origin, and nothing left it.
    expect(models.some((url) => url.endsWith('face_recognition_model.bin'))).toBe(true);
    expect(elsewhere).toEqual([]);
    await context.close();
  } finally {
    await browser.close();
  }
});

test('a kiosk in face mode says "not sure" to a face nobody registered', async ({ page, baseURL }) => {
  const accountId = await signUpTeacher(page, 'FaceKiosk');
  await installTool(page, accountId, 'sentinel-attendance');
  const issued = await page.request.post(`/api/accounts/${accountId}/attendance-devices/kiosk`, {
    data: { name: 'Main gate' },
    headers: CSRF,
  });
  expect(issued.status(), await issued.text()).toBe(201);
  const { key } = (await issued.json()) as { key: string };

  const browser = await launchWith(faceClip('stranger'));
  try {
    const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 } });
    const tablet = await context.newPage();
    const elsewhere = offOrigin(tablet, new URL(baseURL!).origin);
    await open(tablet, `/access-control-qr-scanner?key=${encodeURIComponent(key)}&face=1`);
    await expect(tablet.getByTestId('face-camera')).toBeVisible();
    await expect(tablet.getByText(text('en', 'kiosk:face.noneRegistered'))).toBeVisible(MODEL_WAIT);
    await expect(tablet.getByTestId('kiosk-feedback')).toContainText(
      text('en', 'kiosk:face.unsure.title'),
      MODEL_WAIT,
    );
    expect(elsewhere).toEqual([]);
    await context.close();
  } finally {
    await browser.close();
  }
});
