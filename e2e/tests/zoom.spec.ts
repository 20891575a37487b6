import { DAY_NAMES } from '@batchwise/domain';
import { expect, test } from '@playwright/test';
import {
  addEnrolledStudent,
  CSRF,
  createClassroom,
  noSidewaysScroll,
  outboxMessage,
  signUpTeacher,
  uniquePhone,
} from './page-helpers';
import { phoneBrowser, signInByPhone } from './portal-helpers';

/**
 * Online classes through Zoom against the loopback Zoom: a teacher connects Zoom (its consent page,
 * back to /zoom-auth), makes today's class a Zoom meeting, the join link reaches the students by
 * SMS (the development outbox) and the parent's portal, the child joins through the personal link,
 * and Zoom's participants report marks the child present.
 */

test('an online class makes a Zoom meeting, sends its link, and the participants report marks attendance', async ({
  page,
  browser,
}) => {
  test.slow(); // a sign-in by SMS code, Zoom's pages and two browsers
  const accountId = await signUpTeacher(page, 'Zoom');
  const name = `Biology Online ${Date.now().toString(36)}`;
  const classroomId = await createClassroom(page.request, accountId, name);
  const parentPhone = uniquePhone('019');
  const studentPhone = uniquePhone('017');
  await addEnrolledStudent(page.request, accountId, classroomId, 'Rafi Zoom', {
    phone: studentPhone,
    parent1Phone: parentPhone,
  });
  const saved = await page.request.put(`/api/accounts/${accountId}/classrooms/${classroomId}`, {
    data: {
      grade: 'Class 9',
      subject: 'Biology',
      name,
      tuitionFeePaisa: 100_000,
      // Every day all day: whenever the test runs, even across Bangladesh midnight, today has a class.
      timings: DAY_NAMES.map((day) => ({ day, start: '00:00', end: '23:59' })),
    },
    headers: CSRF,
  });
  expect(saved.ok(), await saved.text()).toBe(true);

  // Connect: Zoom's consent page, then back to /zoom-auth, which finishes on the server.
  await page.goto('/teacher/attendance/timetable');
  await page.getByTestId('zoom-connect').click();
  await page.getByTestId('zoom-allow').click();
  await expect(page).toHaveURL(/\/zoom-auth\?/);
  await expect(page.getByText('Zoom is connected')).toBeVisible();
  await page.getByTestId('zoom-auth-back').click();
  await expect(page.getByTestId('zoom-connected')).toContainText('teacher@zoom.stand-in');
  // What the browser learns of the connection: whether it exists, never a token.
  const status = await (await page.request.get(`/api/accounts/${accountId}/zoom`)).json();
  expect(Object.keys(status).sort()).toEqual(['configured', 'connected', 'connectedAt', 'zoomEmail']);

  // Today's class goes online; the link goes out by SMS.
  const card = page.getByTestId('zoom-online-class');
  await expect(card.getByTestId('zoom-class')).toContainText(name);
  await card.getByTestId('zoom-make').click();
  await expect(card.getByTestId('zoom-meeting')).toContainText(name);
  const sms = await outboxMessage(page.request, 'sms', `+88${studentPhone}`, /on Zoom/);
  expect(sms).toContain(name);
  expect(sms).toMatch(/\/r\/\w+/);
  await page.setViewportSize({ width: 375, height: 740 });
  await noSidewaysScroll(page, 'timetable with online classes at 375 px');

  // The parent's portal has the child's own join link; it opens Zoom under the child's name.
  const parent = await phoneBrowser(browser);
  await signInByPhone(parent, parentPhone);
  await parent.goto('/parent/classes');
  const online = parent.getByTestId('portal-online-class').filter({ hasText: name });
  await expect(online).toBeVisible();
  await noSidewaysScroll(parent, 'portal online classes at 375 px');
  await online.getByTestId('portal-zoom-join').click();
  await expect(parent.getByText('Joining as Rafi Zoom')).toBeVisible();
  await parent.getByTestId('zoom-join').click();
  await expect(parent.getByText('You joined the meeting')).toBeVisible();

  // The participants report marks the child present.
  await card.getByTestId('zoom-report').click();
  await expect(page.getByText('1 student marked present.')).toBeVisible();
});
