import { expect, test } from '@playwright/test';
import { liveUpdatesOpen } from './live-updates';
import { CSRF, fromNewClient, open, pickOption, signUpTeacher, unique, uniquePhone } from './page-helpers';
import { text } from './texts';

/**
 * Online admission end to end across two browsers (the online admission capability acceptance): a family fills the public
 * wizard on a phone while the teacher's inbox is open in another browser; the application appears
 * there live, the teacher accepts it, and the student is in the chosen classroom.
 */

test('an application sent from the wizard appears live in the teacher’s inbox and is accepted into a classroom', async ({
  page,
  browser,
}) => {
  test.slow(); // two browsers, a sign-up, the wizard, a live arrival and an acceptance
  const accountId = await signUpTeacher(page, 'Live');
  const classroom = `Chemistry Evening ${unique().slice(-5)}`;
  const room = await page.request.post(`/api/accounts/${accountId}/classrooms`, {
    data: { grade: 'Class 10', subject: 'Chemistry', name: classroom, tuitionFeePaisa: 120_000 },
    headers: CSRF,
  });
  expect(room.status(), await room.text()).toBe(200);
  const classroomId = ((await room.json()) as { id: string }).id;

  // The teacher's inbox, open and listening.
  const live = liveUpdatesOpen(page);
  await page.goto('/teacher/admissions');
  await expect(page.getByTestId('applications-empty')).toBeVisible();
  await live;

  // The family, in a browser of its own on a phone, from an address of its own.
  const { 'x-forwarded-for': address } = fromNewClient();
  const family = await browser.newContext({
    viewport: { width: 375, height: 740 },
    extraHTTPHeaders: { 'x-forwarded-for': address! },
  });
  const phonePage = await family.newPage();
  const next = () => phonePage.getByRole('button', { name: text('en', 'admission:nav.next'), exact: true });
  await open(phonePage, `/s-online-admission?key=${accountId}`);
  await phonePage.getByRole('button', { name: text('en', 'admission:nav.letsGo'), exact: true }).click();
  const name = `Tahmid Rahman ${unique().slice(-5)}`;
  await phonePage.getByLabel(text('en', 'admission:name.label'), { exact: true }).fill(name);
  await next().click();
  const phone = uniquePhone('016');
  await phonePage.getByLabel(text('en', 'admission:phone.label'), { exact: true }).fill(phone);
  await next().click();
  await expect(phonePage.locator('#admission-step-title')).toHaveText(text('en', 'admission:details.title'));
  await phonePage.getByRole('textbox').first().fill('Class 10 Chemistry, evening batch');
  await next().click();
  await phonePage.getByRole('button', { name: text('en', 'admission:nav.submit'), exact: true }).click();
  await expect(phonePage.locator('#admission-step-title')).toHaveText(text('en', 'admission:success.title'));
  // The short number a parent can read out on the phone, not the internal id.
  const applicationNumber = (await phonePage.getByTestId('admission-application-id').textContent())?.trim();
  expect(applicationNumber).toMatch(/^A-\d{4,}$/);
  await family.close();

  // The teacher sees it without a reload, with the menu's count, and accepts it into the classroom.
  const row = page.getByTestId('application-row').filter({ hasText: name });
  await expect(row).toBeVisible();
  await expect(page.getByRole('navigation').getByTestId('admissions-badge')).toContainText('1');
  // The family wrote its course rather than coming from a course link: filtering by the
  // classroom leaves it out, clearing the filter brings it back.
  await page.getByRole('combobox', { name: text('en', 'applications:filterCourse') }).click();
  await pickOption(page, classroom);
  await expect(page.getByText(text('en', 'applications:empty.noMatch'))).toBeVisible();
  await page.getByRole('combobox', { name: text('en', 'applications:filterCourse') }).press('Escape');
  await page.locator('.ant-select-clear').click();
  await expect(row).toBeVisible();
  await row.click();
  const drawer = page.getByTestId('application-drawer');
  await expect(drawer.getByTestId('application-number')).toHaveText(applicationNumber!);
  await expect(drawer).toContainText(`+880${phone.slice(1)}`);
  await drawer.getByRole('button', { name: text('en', 'applications:detail.accept') }).click();
  const accept = page.getByTestId('accept-modal');
  await accept.getByRole('combobox').click();
  await pickOption(page, classroom);
  await page.keyboard.press('Escape');
  await expect(accept.locator('.ant-select-selection-item')).toContainText(classroom);
  await accept.getByRole('button', { name: text('en', 'applications:accept.ok') }).click();
  await expect(page.getByTestId('accepted-custom-id')).not.toBeEmpty();

  // The student is in the chosen classroom.
  const roster = await page.request.get(`/api/accounts/${accountId}/students?classroomId=${classroomId}`);
  expect(roster.status(), await roster.text()).toBe(200);
  const students = ((await roster.json()) as { items: { name: string }[] }).items;
  expect(students.map((s) => s.name)).toEqual([name]);
  await page.goto(`/teacher/classrooms/${accountId}/${classroomId}`);
  await expect(page.getByText(name).first()).toBeVisible();
});
