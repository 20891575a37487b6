import { expect, test } from '@playwright/test';
import { StandInZkDevice } from '../../apps/server/src/modules/attendance-devices/zk-stand-in-device';
import { liveUpdatesOpen } from './live-updates';
import {
  CSRF,
  createClassroom,
  installTool,
  noSidewaysScroll,
  signUpTeacher,
  unique,
  uniquePhone,
} from './page-helpers';
import { en } from './texts';

/**
 * /Sentinel-Connected-Devices in a real browser: the owner adds a ZKTeco device
 * by serial number; the stand-in device (the iclock protocol over HTTP, as a real one speaks it)
 * shakes hands, takes the student list and uploads a punch; the page shows the device online with
 * its last contact, no pending commands and the punch today. Meanwhile the teacher's live board,
 * open in a second tab, shows the student come in and leave by itself (the acceptance "the live
 * board updates when the stand-in device punches"). A kiosk is issued (link and QR shown once) and
 * removed after a confirmation; everything fits a 375 px phone.
 */
test('the owner adds a device, the device connects and punches, the pages show it', async ({
  page,
  baseURL,
}) => {
  test.slow(); // sign-up, two pages, a device's handshake, commands and two punches, a kiosk
  const accountId = await signUpTeacher(page, 'Devices');
  await installTool(page, accountId, 'sentinel-attendance');
  const id = unique().slice(-6);
  const classroomId = await createClassroom(page.request, accountId, `Physics Devices ${id}`);
  const student = await page.request.post(`/api/accounts/${accountId}/students`, {
    data: {
      name: `Nusrat Jahan ${id}`,
      phone: uniquePhone('017'),
      institution: 'Dhaka College',
      rfid: '0012345678',
      enrolments: [{ classroomId, tuitionFeePaisa: null }],
    },
    headers: CSRF,
  });
  expect(student.ok(), await student.text()).toBe(true);

  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/Sentinel-Connected-Devices');
  await expect(page.getByRole('heading', { name: en('devices:title'), level: 1 })).toBeVisible();
  await expect(page.getByTestId('devices-empty')).toBeVisible();
  await expect(page.getByTestId('setup-host')).toHaveText('127.0.0.1');
  await noSidewaysScroll(page, 'empty devices page at 375 px');

  const serial = `E2E${id.toUpperCase()}`;
  const form = page.getByRole('region', { name: en('devices:add.title') });
  await form.getByLabel(en('devices:fields.serial')).fill(serial.toLowerCase());
  await form.getByLabel(en('devices:fields.name')).fill('Main gate');
  await form.getByRole('button', { name: en('devices:add.submit') }).click();
  const row = page.getByTestId('device-row').filter({ hasText: 'Main gate' });
  await expect(row).toContainText(serial);
  await expect(row.getByTestId('device-status')).toHaveText(en('devices:status.offline'));
  await expect(row.getByTestId('device-last-contact')).toHaveText(en('devices:never'));
  await expect(row.getByTestId('device-pending')).toHaveText('1');

  // The teacher's live board in a second tab, open before the device punches: it is never
  // reloaded below and does not poll, so only the punch's live event can bring the student in.
  const board = await page.context().newPage();
  await board.setViewportSize({ width: 375, height: 812 });
  const live = liveUpdatesOpen(board);
  await board.goto(`/teacher/attendance?classroom=${classroomId}&tab=live`);
  await live;
  await expect(board.getByTestId('live-in')).toContainText(en('attendance:live.nobodyIn'));
  await expect(board.getByTestId('live-left')).toContainText(en('attendance:live.nobodyLeft'));

  // The device on the school's network: handshake, the student list, a card punch.
  const device = new StandInZkDevice({ baseUrl: baseURL!, serial });
  expect((await device.handshake()).status).toBe(200);
  const { results } = await device.poll();
  expect(results).toEqual([expect.objectContaining({ returnCode: 0 })]);
  expect([...device.users.values()]).toEqual([expect.objectContaining({ card: '0012345678' })]);
  expect((await device.cardPunch('0012345678', Date.now() - 60_000))?.body).toBe('OK:1');

  await expect(board.getByTestId('live-in').getByTestId('live-student')).toHaveAttribute(
    'data-student',
    `Nusrat Jahan ${id}`,
  );
  await expect(board.getByTestId('live-in-count')).toContainText('1');
  await expect(row.getByTestId('device-status')).toHaveText(en('devices:status.online'));
  await expect(row.getByTestId('device-last-contact')).not.toHaveText(en('devices:never'));
  await expect(row.getByTestId('device-punches')).toHaveText('1');
  await expect(row.getByTestId('device-pending')).toHaveText('0');
  await noSidewaysScroll(page, 'devices table at 375 px');

  // The same card in check-out mode: the board moves her to "left".
  expect((await device.cardPunch('0012345678', Date.now(), { status: 1 }))?.body).toBe('OK:1');
  await expect(board.getByTestId('live-left').getByTestId('live-student')).toHaveAttribute(
    'data-student',
    `Nusrat Jahan ${id}`,
  );
  await expect(board.getByTestId('live-in')).toContainText(en('attendance:live.nobodyIn'));
  await expect(row.getByTestId('device-punches')).toHaveText('2');
  await noSidewaysScroll(board, 'live board after device punches at 375 px');
  await board.close();

  // A kiosk: its link and QR code are shown once, then it is on the list; removing it asks first.
  const kiosk = page.getByRole('region', { name: en('devices:kiosk.title') });
  await kiosk.getByLabel(en('devices:fields.name')).fill('Front desk tablet');
  await kiosk.getByRole('button', { name: en('devices:kiosk.submit') }).click();
  await expect(page.getByTestId('kiosk-url')).toHaveValue(/\/access-control-qr-scanner\?key=[\w-]{20,}$/);
  await expect(page.getByTestId('kiosk-issued').locator('svg')).toBeVisible();
  await page.getByRole('button', { name: en('devices:kiosk.done') }).click();
  await expect(page.getByTestId('kiosk-issued')).toHaveCount(0);
  const tablet = page.getByTestId('device-row').filter({ hasText: 'Front desk tablet' });
  await tablet.getByRole('button', { name: en('devices:actions.revoke') }).click();
  const dialog = page.getByRole('dialog', {
    name: en('devices:revoke.title', { name: 'Front desk tablet' }),
  });
  await dialog.getByRole('button', { name: en('devices:revoke.confirm') }).click();
  await expect(tablet.getByTestId('device-status')).toHaveText(en('devices:status.revoked'));
  await expect(row.getByTestId('device-status')).toHaveText(en('devices:status.online'));
  await noSidewaysScroll(page, 'devices with a revoked kiosk at 375 px');
});
