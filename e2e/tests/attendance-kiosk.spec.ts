import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  type APIRequestContext,
  type BrowserContext,
  chromium,
  expect,
  type Page,
  type Route,
  test,
} from '@playwright/test';
import { Ecc, QrCode } from '@rc-component/qrcode/lib/libs/qrcodegen.js';
import { CHROMIUM_ARGS } from '../playwright.config';
import { type Kiosk, punchesOf, teacherWithKiosk } from './kiosk-helpers';
import { CSRF, createClassroom, open, unique, uniquePhone } from './page-helpers';
import { filledText, text } from './texts';

/**
 * The attendance kiosk in a real browser (the attendance capability and its browser acceptance): it reads
 * a student's QR code from a camera (Chromium's fake camera playing a video of that QR), keeps
 * scans taken offline in IndexedDB through a reload, and sends them exactly once when the
 * network returns, even when the first answer is lost on the way. A made-up or revoked key
 * shows a full-screen message, and the identify page records nothing.
 */

async function addStudent(
  api: APIRequestContext,
  accountId: string,
  classroomId: string,
  name: string,
  rfid = '',
) {
  const res = await api.post(`/api/accounts/${accountId}/students`, {
    data: {
      name,
      phone: uniquePhone('017'),
      institution: 'Dhaka College',
      rfid,
      enrolments: [{ classroomId }],
    },
    headers: CSRF,
  });
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { student: { id: string } }).student.id;
}

/**
 * A Y4M video (what Chromium's fake camera plays) of one QR code, black on white: raw 4:2:0
 * frames, so no encoder is needed. 8 pixels a module with the 4-module quiet zone.
 */
function qrVideo(payload: string): string {
  const qr = QrCode.encodeText(payload, Ecc.MEDIUM);
  const [width, height, scale] = [640, 480, 8];
  const luma = Buffer.alloc(width * height, 235);
  const side = qr.size * scale;
  const left = Math.floor((width - side) / 2);
  const top = Math.floor((height - side) / 2);
  for (let y = 0; y < side; y += 1) {
    for (let x = 0; x < side; x += 1) {
      if (qr.getModule(Math.floor(x / scale), Math.floor(y / scale))) luma[(top + y) * width + left + x] = 16;
    }
  }
  const chroma = Buffer.alloc((width / 2) * (height / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma]);
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'kiosk-qr-')), 'qr.y4m');
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`);
  fs.writeFileSync(file, Buffer.concat([header, ...Array.from({ length: 10 }, () => frame)]));
  return file;
}

const kioskUrl = (key: string, path = '/access-control-qr-scanner') =>
  `${path}?key=${encodeURIComponent(key)}`;

async function openKiosk(page: Page, kiosk: Kiosk, path?: string) {
  await open(page, kioskUrl(kiosk.key, path));
  await expect(page.getByRole('heading', { name: kiosk.institution })).toBeVisible();
}

async function scanCard(page: Page, code: string) {
  const field = page.getByTestId('kiosk-rfid');
  await expect(field).toBeFocused();
  await page.keyboard.type(code);
  await page.keyboard.press('Enter');
}

test('the kiosk reads a student QR code from the camera and greets the student', async ({
  page,
  baseURL,
}) => {
  const kiosk = await teacherWithKiosk(page, 'KioskQr');
  const classroomId = await createClassroom(page.request, kiosk.accountId, `Physics ${unique().slice(-5)}`);
  const studentId = await addStudent(page.request, kiosk.accountId, classroomId, 'Nusrat Jahan');

  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      ...CHROMIUM_ARGS,
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-video-capture=${qrVideo(`BW1:S:${studentId}`)}`,
    ],
  });
  try {
    const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 } });
    const tablet = await context.newPage();
    const requested: string[] = [];
    tablet.on('request', (request) => requested.push(request.url()));
    await openKiosk(tablet, kiosk);

    await expect(tablet.getByTestId('kiosk-student-name')).toHaveText('Nusrat Jahan');
    await expect(tablet.getByTestId('kiosk-direction')).toHaveText(text('en', 'kiosk:entry'));
    // The QR stays in front of the camera: still one punch, not an entry and then an exit.
    await tablet.waitForTimeout(5_000);
    expect(punchesOf(kiosk.deviceId)).toEqual([
      expect.objectContaining({ student_id: studentId, via: 'qr' }),
    ]);

    // The decoder's WebAssembly came from our own origin, and nothing else left it.
    const origin = new URL(baseURL!).origin;
    expect(requested.filter((url) => /\.wasm(\?|$)/.test(url)).length).toBeGreaterThan(0);
    expect(requested.filter((url) => !url.startsWith(origin) && !url.startsWith('data:'))).toEqual([]);
    await context.close();
  } finally {
    await browser.close();
  }
});

test('scans taken offline survive a reload and reach the server exactly once', async ({ page, browser }) => {
  const kiosk = await teacherWithKiosk(page, 'KioskOffline');
  const classroomId = await createClassroom(page.request, kiosk.accountId, `Chemistry ${unique().slice(-5)}`);
  const cards = Array.from({ length: 5 }, (_, i) => `CARD${unique().slice(-6)}${i}`);
  const studentIds: string[] = [];
  for (const [i, card] of cards.entries()) {
    studentIds.push(await addStudent(page.request, kiosk.accountId, classroomId, `Student ${i + 1}`, card));
  }

  const context: BrowserContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const tablet = await context.newPage();
  await openKiosk(tablet, kiosk);
  await expect(tablet.getByTestId('kiosk-waiting')).toHaveText(text('en', 'kiosk:allSent'));

  const waiting = (n: number) =>
    filledText('en', `kiosk:waiting_${n === 1 ? 'one' : 'other'}`, { n: String(n) });
  await context.setOffline(true);
  await expect(tablet.getByTestId('kiosk-online')).toHaveText(text('en', 'kiosk:offline'));
  for (const card of cards.slice(0, 3)) {
    await scanCard(tablet, card);
    await expect(tablet.getByTestId('kiosk-feedback')).toContainText(text('en', 'kiosk:saved.title'));
  }
  await expect(tablet.getByTestId('kiosk-waiting')).toHaveText(waiting(3));

  // A reload mid-way (the page needs the network to load at all without a service worker): the
  // punch route stays unreachable, so the three scans can only come back from IndexedDB.
  const unreachable = (route: Route) => route.abort('internetdisconnected');
  await context.route('**/api/kiosk/punches', unreachable);
  await context.setOffline(false);
  await tablet.reload();
  await expect(tablet.getByRole('heading', { name: kiosk.institution })).toBeVisible();
  await expect(tablet.getByTestId('kiosk-waiting')).toHaveText(waiting(3));
  await context.setOffline(true);
  for (const card of cards.slice(3)) await scanCard(tablet, card);
  await expect(tablet.getByTestId('kiosk-waiting')).toHaveText(waiting(5));
  expect(punchesOf(kiosk.deviceId)).toEqual([]);

  // Back online. The first send reaches the server but its answer is lost on the way back: the
  // kiosk must send again, and the server must recognise every punch by its client id. The newer
  // route answers first, so the punch route is never left open between the two (the kiosk sends
  // the moment it can).
  let lost = 0;
  await context.route('**/api/kiosk/punches', async (route) => {
    if (lost > 0) return route.continue();
    lost += 1;
    const answered = await route.fetch();
    expect(answered.status()).toBe(200);
    await route.abort('connectionreset');
  });
  await context.unroute('**/api/kiosk/punches', unreachable);
  await context.setOffline(false);
  await expect(tablet.getByTestId('kiosk-waiting')).toHaveText(text('en', 'kiosk:allSent'));
  await expect(tablet.getByTestId('kiosk-online')).toHaveText(text('en', 'kiosk:online'));
  expect(lost).toBe(1);

  const stored = punchesOf(kiosk.deviceId);
  expect(stored).toHaveLength(5);
  expect(new Set(stored.map((p) => p.dedupe_key)).size).toBe(5);
  expect(stored.map((p) => p.student_id).sort()).toEqual([...studentIds].sort());
  expect(stored.every((p) => p.via === 'rfid')).toBe(true);

  // Online, a scan is answered at once with the student and the direction the server gave.
  await scanCard(tablet, cards[0]!);
  await expect(tablet.getByTestId('kiosk-student-name')).toHaveText('Student 1');
  await expect(tablet.getByTestId('kiosk-direction')).toHaveText(text('en', 'kiosk:exit'));
  await context.close();
});

test('a scan on a cancelled class is logged and the kiosk says there is no class today', async ({
  page,
  browser,
}) => {
  const kiosk = await teacherWithKiosk(page, 'KioskNoClass');
  const name = `Maths ${unique().slice(-5)}`;
  const classroomId = await createClassroom(page.request, kiosk.accountId, name);
  const card = `CARD${unique().slice(-8)}`;
  const studentId = await addStudent(page.request, kiosk.accountId, classroomId, 'Sadia Karim', card);
  // Today's class (Bangladesh date), cancelled by the teacher.
  const now = Date.now();
  const day = new Intl.DateTimeFormat('en-US', { weekday: 'long', timeZone: 'Asia/Dhaka' }).format(now);
  const date = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Dhaka' }).format(now);
  const base = `/api/accounts/${kiosk.accountId}/classrooms/${classroomId}`;
  const timings = [{ day, start: '23:00', end: '23:55' }];
  const saved = await page.request.put(base, {
    data: { grade: 'Class 9', subject: 'Maths', name, tuitionFeePaisa: 100_000, timings },
    headers: CSRF,
  });
  expect(saved.ok(), await saved.text()).toBe(true);
  const cancelled = await page.request.post(`${base}/timetable-events`, {
    data: { kind: 'cancelled', date, start: '23:00', end: '23:55' },
    headers: CSRF,
  });
  expect(cancelled.status(), await cancelled.text()).toBe(201);

  const context = await browser.newContext({ viewport: { width: 375, height: 740 } });
  const phone = await context.newPage();
  await openKiosk(phone, kiosk);
  await scanCard(phone, card);
  await expect(phone.getByTestId('kiosk-student-name')).toHaveText('Sadia Karim');
  await expect(phone.getByTestId('kiosk-no-class')).toHaveText(text('en', 'kiosk:noClass'));
  expect(punchesOf(kiosk.deviceId)).toEqual([expect.objectContaining({ student_id: studentId })]);
  await context.close();
});

test('a made-up or revoked key shows why the kiosk cannot work; identify records nothing', async ({
  page,
  browser,
}) => {
  const context = await browser.newContext({ viewport: { width: 375, height: 740 } });
  const phone = await context.newPage();
  await open(phone, '/access-control-qr-scanner?key=not-a-real-key');
  await expect(phone.getByRole('alert')).toContainText(text('en', 'kiosk:invalid.title'));
  await open(phone, '/nfc-control-hub');
  await expect(phone.getByRole('alert')).toContainText(text('en', 'kiosk:invalid.title'));

  const kiosk = await teacherWithKiosk(page, 'KioskKey');
  const classroomId = await createClassroom(page.request, kiosk.accountId, `Biology ${unique().slice(-5)}`);
  const card = `CARD${unique().slice(-8)}`;
  await addStudent(page.request, kiosk.accountId, classroomId, 'Tanvir Ahmed', card);

  await openKiosk(phone, kiosk, '/sentinel-identify');
  await scanCard(phone, card);
  await expect(phone.getByTestId('kiosk-student-name')).toHaveText('Tanvir Ahmed');
  await expect(phone.getByTestId('kiosk-feedback')).toContainText(text('en', 'kiosk:identified'));
  await scanCard(phone, 'NOBODY-HAS-THIS');
  await expect(phone.getByTestId('kiosk-feedback')).toContainText(text('en', 'kiosk:unknown.title'));
  expect(punchesOf(kiosk.deviceId)).toEqual([]);

  // The NFC kiosk in a browser without Web NFC says so plainly.
  await openKiosk(phone, kiosk, '/nfc-control-hub');
  await expect(phone.getByTestId('kiosk-nfc')).toContainText(text('en', 'kiosk:nfc.unsupported'));

  const revoked = await page.request.delete(
    `/api/accounts/${kiosk.accountId}/attendance-devices/${kiosk.deviceId}`,
    {
      headers: CSRF,
    },
  );
  expect(revoked.status(), await revoked.text()).toBe(200);
  await phone.reload();
  await expect(phone.getByRole('alert')).toContainText(text('en', 'kiosk:invalid.title'));
  await context.close();
});
