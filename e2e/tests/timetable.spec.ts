import { expect, type Page, test } from '@playwright/test';
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
 * The timetable: a teacher gives a classroom weekly timings, cancels tomorrow's class from the
 * calendar with a Bangla SMS to the classroom (read back from the development outbox), and the
 * calendar, the family portal on a 375 px phone and the child's iCalendar feed all show it cancelled.
 */

/** Tomorrow in Bangladesh: its weekday name and `YYYY-MM-DD`. */
function tomorrow() {
  const at = Date.now() + 86_400_000;
  const day = new Intl.DateTimeFormat('en-US', { weekday: 'long', timeZone: 'Asia/Dhaka' }).format(at);
  const date = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Dhaka' }).format(at);
  return { day, date };
}

/**
 * The teacher's timetable at the week that holds tomorrow, and the classroom's classes on that
 * date. Weeks start on Saturday, so on a Friday in Bangladesh tomorrow is the first day of next
 * week's view; until next week has loaded the page still shows this week, whose Saturday class
 * (a past one) the date keeps the test from picking.
 */
async function weekOfTomorrow(page: Page, when: { day: string; date: string }, name: string) {
  await page.goto('/teacher/attendance/timetable');
  if (when.day === 'Saturday') await page.getByRole('button', { name: 'Next', exact: true }).click();
  return page.locator(`[data-testid="occurrence"][data-date="${when.date}"]`).filter({ hasText: name });
}

test('a cancelled class with an SMS shows on the calendar, in the family portal and in the feed', async ({
  page,
  browser,
}) => {
  test.slow(); // a sign-in by SMS code and two browsers
  const accountId = await signUpTeacher(page, 'Timetable');
  const name = `Physics Timetable ${Date.now().toString(36)}`;
  const classroomId = await createClassroom(page.request, accountId, name);
  const parentPhone = uniquePhone('019');
  const studentPhone = uniquePhone('017');
  await addEnrolledStudent(page.request, accountId, classroomId, 'Rafi Timetable', {
    phone: studentPhone,
    parent1Phone: parentPhone,
  });
  const next = tomorrow();
  const { day, date } = next;
  const saved = await page.request.put(`/api/accounts/${accountId}/classrooms/${classroomId}`, {
    data: {
      grade: 'Class 9',
      subject: 'Physics',
      name,
      tuitionFeePaisa: 100_000,
      timings: [{ day, start: '16:00', end: '17:30', place: 'Room 2' }],
    },
    headers: CSRF,
  });
  expect(saved.ok(), await saved.text()).toBe(true);

  // The week shows tomorrow's class; the teacher cancels it with a Bangla SMS.
  const lesson = await weekOfTomorrow(page, next, name);
  await expect(lesson.first()).toHaveAttribute('data-status', 'scheduled');
  await lesson.first().click();
  await page.getByTestId('cancel-sms').click();
  await page.getByRole('button', { name: 'Cancel this class' }).click();
  await expect(lesson.first()).toHaveAttribute('data-status', 'cancelled');
  await expect(lesson.first().getByTestId('occurrence-status')).toHaveText('Cancelled');
  const sms = await outboxMessage(page.request, 'sms', `+88${studentPhone}`, /বাতিল/);
  expect(sms).toContain(name);
  expect(sms).toContain(
    `${date.slice(8, 10)}-${date.slice(5, 7)}`.replace(/\d/g, (d) => '০১২৩৪৫৬৭৮৯'[Number(d)]!),
  );

  // The month view marks it too.
  await page.getByText('Month', { exact: true }).click();
  await expect(page.getByTestId('month-day').first()).toBeVisible();
  await page.setViewportSize({ width: 375, height: 740 });
  await noSidewaysScroll(page, 'timetable month at 375 px');

  // The parent sees the cancelled class among the upcoming classes on the phone.
  const parent = await phoneBrowser(browser);
  await signInByPhone(parent, parentPhone);
  await parent.goto('/parent/classes');
  const item = parent.getByTestId('schedule-item').filter({ hasText: name });
  await expect(item.first()).toHaveAttribute('data-status', 'cancelled');
  await noSidewaysScroll(parent, 'portal schedule at 375 px');

  // The child's calendar feed, made from the portal, lists it as cancelled.
  await parent.getByRole('button', { name: 'Make a calendar link' }).click();
  const url = (await parent.getByTestId('portal-feed-url').textContent()) ?? '';
  const feed = await parent.request.get(new URL(url).pathname);
  expect(feed.headers()['content-type']).toContain('text/calendar');
  const ics = await feed.text();
  expect(ics).toContain('STATUS:CANCELLED');
  expect(ics).toContain(`DTSTART:${date.replace(/-/g, '')}T100000Z`);
});

test('a moved class shows at its new time on the calendar, in the family portal and in the feed', async ({
  page,
  browser,
}) => {
  test.slow(); // a sign-in by SMS code and two browsers
  const accountId = await signUpTeacher(page, 'TimetableMove');
  const name = `Chemistry Moved ${Date.now().toString(36)}`;
  const classroomId = await createClassroom(page.request, accountId, name);
  const parentPhone = uniquePhone('019');
  await addEnrolledStudent(page.request, accountId, classroomId, 'Nila Timetable', {
    phone: uniquePhone('017'),
    parent1Phone: parentPhone,
  });
  const next = tomorrow();
  const { day, date } = next;
  const saved = await page.request.put(`/api/accounts/${accountId}/classrooms/${classroomId}`, {
    data: {
      grade: 'Class 9',
      subject: 'Chemistry',
      name,
      tuitionFeePaisa: 100_000,
      timings: [{ day, start: '16:00', end: '17:30' }],
    },
    headers: CSRF,
  });
  expect(saved.ok(), await saved.text()).toBe(true);

  // On a phone, the teacher moves tomorrow's 16:00 class to 18:00 the same day.
  await page.setViewportSize({ width: 375, height: 740 });
  const lesson = await weekOfTomorrow(page, next, name);
  await expect(lesson.first()).toHaveAttribute('data-status', 'scheduled');
  await lesson.first().click();
  await page.getByText('Move this class', { exact: true }).click();
  const form = page.getByTestId('move-class');
  for (const [label, time] of [
    ['Start', '18:00'],
    ['End', '19:00'],
  ] as const) {
    const input = form.getByLabel(label, { exact: true });
    await input.click();
    await input.fill(time);
    // The picker's own OK: Enter would submit the whole form. The dropdown must be gone before the
    // next picker opens, so that only one OK is on the page; an OK clicked before the picker has
    // taken the typed time does nothing, so it is clicked again until the dropdown closes.
    const dropdown = page.locator('.ant-picker-dropdown:not(.ant-picker-dropdown-hidden)');
    await expect(async () => {
      if ((await dropdown.count()) > 0) await dropdown.getByRole('button', { name: 'OK' }).click();
      await expect(dropdown).toHaveCount(0, { timeout: 2_000 });
    }).toPass();
    await expect(input).toHaveValue(time);
  }
  await noSidewaysScroll(page, 'move a class at 375 px');
  await form.getByRole('button', { name: 'Move this class' }).click();
  await expect(lesson).toHaveCount(2);
  await expect(lesson.first()).toHaveAttribute('data-status', 'moved');
  await expect(lesson.nth(1)).toHaveAttribute('data-status', 'scheduled');
  await lesson.nth(1).click();
  await expect(page.getByText(/^Moved from /)).toBeVisible();

  // The parent sees both: the old time moved, the new one on.
  const parent = await phoneBrowser(browser);
  await signInByPhone(parent, parentPhone);
  await parent.goto('/parent/classes');
  const items = parent.getByTestId('schedule-item').filter({ hasText: name });
  await expect(items.first()).toHaveAttribute('data-status', 'moved');
  await expect(items.nth(1)).toHaveAttribute('data-status', 'scheduled');

  // The feed has the class at 18:00 Bangladesh time (12:00 UTC).
  await parent.getByRole('button', { name: 'Make a calendar link' }).click();
  const url = (await parent.getByTestId('portal-feed-url').textContent()) ?? '';
  const ics = await (await parent.request.get(new URL(url).pathname)).text();
  expect(ics).toContain(`DTSTART:${date.replace(/-/g, '')}T120000Z`);
});
