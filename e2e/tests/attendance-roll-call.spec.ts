import fs from 'node:fs';
import { DAY_NAMES, DEVICE_KEY_HEADER, dayOf } from '@batchwise/domain';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { liveUpdatesOpen } from './live-updates';
import {
  addEnrolledStudent,
  CSRF,
  installTool,
  noSidewaysScroll,
  signUpTeacher,
  unique,
} from './page-helpers';
import { en } from './texts';

/**
 * Roll call and the attendance reports in a real browser (the attendance capability and their
 * acceptance): on a 375 px phone, "all present" then two exceptions, saved by themselves, still
 * there after a reload, with the history saying who marked them; the month register shows the
 * marks and exports them; and today's live board updates by itself when a kiosk punches a student
 * in and out (POST /api/kiosk/punches with a device key issued through the devices API).
 */

const row = (page: Page, name: string) => page.getByTestId('roll-call-row').filter({ hasText: name });

async function tap(target: Locator, status: string) {
  await target.getByTestId(`mark-${status}`).click();
}

test('roll call on a phone, the register and the live board', async ({ page }) => {
  test.slow(); // sign-up, four students, roll call, a reload, the register, an export and the live board
  const accountId = await signUpTeacher(page, 'Attendance');
  await installTool(page, accountId, 'sentinel-attendance');
  const id = unique().slice(-6);
  const today = dayOf(Date.now());
  const weekday = DAY_NAMES[new Date(`${today}T00:00:00Z`).getUTCDay()];
  const created = await page.request.post(`/api/accounts/${accountId}/classrooms`, {
    data: {
      grade: 'Class 8',
      subject: 'Math',
      name: `Math Roll ${id}`,
      tuitionFeePaisa: 100_000,
      timings: [{ day: weekday, start: '16:00', end: '18:00' }],
    },
    headers: CSRF,
  });
  expect(created.status(), await created.text()).toBe(200);
  const classroomId = ((await created.json()) as { id: string }).id;
  const names = [`Arif Hossain ${id}`, `Bithi Akter ${id}`, `Chayan Das ${id}`, `Dola Roy ${id}`];
  const studentIds: string[] = [];
  for (const name of names)
    studentIds.push(await addEnrolledStudent(page.request, accountId, classroomId, name));
  const [arif, bithi, chayan] = names as [string, string, string, string];

  // On a phone, from the menu's page with the classroom chosen: everyone unmarked.
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto(`/teacher/attendance?classroom=${classroomId}`);
  await expect(page.getByRole('heading', { name: en('attendance:title'), level: 2 })).toBeVisible();
  await expect(page.getByTestId('roll-call-row')).toHaveCount(4);
  await expect(page.getByTestId('count-none')).toContainText('4');
  await noSidewaysScroll(page, 'roll call at 375 px');
  // Tap targets a thumb can hit.
  const box = await row(page, arif).getByTestId('mark-present').boundingBox();
  expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
  expect(box?.width ?? 0).toBeGreaterThanOrEqual(60);

  // All present, then two exceptions; each saves by itself.
  await page.getByTestId('all-present').click();
  await expect(page.getByTestId('count-present')).toContainText('4');
  await expect(page.getByTestId('save-state')).toHaveAttribute('data-state', 'saved');
  await tap(row(page, bithi), 'absent');
  await tap(row(page, chayan), 'late');
  await expect(page.getByTestId('count-absent')).toContainText('1');
  await expect(page.getByTestId('count-late')).toContainText('1');
  await expect(page.getByTestId('save-state')).toHaveAttribute('data-state', 'saved');

  // After a reload the marks are the server's.
  await page.reload();
  await expect(row(page, bithi)).toHaveAttribute('data-status', 'absent');
  await expect(row(page, chayan)).toHaveAttribute('data-status', 'late');
  await expect(row(page, arif)).toHaveAttribute('data-status', 'present');
  await expect(page.getByTestId('count-present')).toContainText('2');

  // Bithi's history: absent over present, both by this teacher.
  await row(page, bithi).getByTestId('mark-history-open').click();
  const history = page.getByTestId('mark-history');
  await expect(history.getByRole('listitem')).toHaveCount(2);
  await expect(history.getByRole('listitem').first()).toContainText(en('attendance:status.absent'));
  await expect(history.getByRole('listitem').first()).toContainText('Attendance Teacher');
  await row(page, bithi).getByTestId('mark-history-open').click();
  await expect(history).toBeHidden();
  await noSidewaysScroll(page, 'roll call with marks at 375 px');

  // The register shows the marks, scrolls inside its box, and exports them.
  await page.getByRole('tab', { name: en('attendance:tabs.register') }).click();
  const register = page.getByTestId('register');
  await expect(register.getByTestId('register-row')).toHaveCount(4);
  const bithiRow = register.getByTestId('register-row').filter({ hasText: bithi });
  await expect(bithiRow.locator('td[data-status="absent"]')).toHaveText(en('attendance:symbols.absent'));
  await expect(bithiRow.getByTestId('total-percent')).toHaveText('0%');
  await expect(
    register.getByTestId('register-row').filter({ hasText: chayan }).locator('td[data-status="late"]'),
  ).toHaveText(en('attendance:symbols.late'));
  await expect(register.getByTestId('register-total').first()).toHaveText('3/4');
  await noSidewaysScroll(page, 'register at 375 px');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: en('app:export.as') }).click();
  await page.getByRole('menuitem', { name: en('app:export.csv') }).click();
  const csv = fs.readFileSync((await (await download).path())!, 'utf8');
  // Name, student ID, the one session's symbol, then present, late, absent, leave and the percentage.
  expect(csv).toMatch(new RegExp(`${bithi},[^,]*,A,0,0,1,0,0%\r\n`));
  expect(csv).toMatch(new RegExp(`${chayan},[^,]*,L,0,1,0,0,100%\r\n`));

  // The live board: empty, then a kiosk punches Arif in and out and the board follows by itself.
  const kiosk = await page.request.post(`/api/accounts/${accountId}/attendance-devices/kiosk`, {
    data: { name: `Gate ${id}` },
    headers: CSRF,
  });
  expect(kiosk.status(), await kiosk.text()).toBe(201);
  const { key } = (await kiosk.json()) as { key: string };
  await page.getByRole('tab', { name: en('attendance:tabs.live') }).click();
  await expect(page.getByTestId('live-board')).toBeVisible();
  const live = liveUpdatesOpen(page);
  await page.reload();
  await live;
  await expect(page.getByTestId('live-in')).toContainText(en('attendance:live.nobodyIn'));
  const punch = async (at: number) => {
    const res = await page.request.post('/api/kiosk/punches', {
      data: { punches: [{ clientId: crypto.randomUUID(), code: `BW1:S:${studentIds[0]}`, via: 'qr', at }] },
      headers: { [DEVICE_KEY_HEADER]: key },
    });
    expect(res.status(), await res.text()).toBe(200);
    expect(((await res.json()) as { results: { outcome: string }[] }).results[0]?.outcome).toBe('recorded');
  };
  await punch(Date.now() - 60_000);
  await expect(page.getByTestId('live-in').getByTestId('live-student')).toContainText(arif);
  await expect(page.getByTestId('live-in-count')).toContainText('1');
  await punch(Date.now());
  await expect(page.getByTestId('live-left').getByTestId('live-student')).toContainText(arif);
  await expect(page.getByTestId('live-in')).toContainText(en('attendance:live.nobodyIn'));
  await noSidewaysScroll(page, 'live board at 375 px');
});
