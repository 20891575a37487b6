import { expect, test } from '@playwright/test';
import {
  CSRF,
  chooseLanguage,
  installTool,
  noSidewaysScroll,
  open,
  pickOption,
  signUpTeacher,
} from './page-helpers';
import { filledText, text } from './texts';

/**
 * Staff, guards and visitors at the gate (part 1 §1 /qr-code-other-user and
 * /all-external-users-access-codes): the teacher adds a guard beside attendance, opens their QR
 * code and the printable sheet, the guard's access code is typed at the kiosk, and the punch
 * appears in the entry/exit log. The page works at phone width and in Bangla; removing asks first.
 */
test('a guard gets a code, punches at the kiosk and appears in the entry/exit log', async ({
  page,
  browser,
}) => {
  // Two tabs, a kiosk and two languages on a shared machine: more than one ordinary test's time.
  test.setTimeout(300_000);
  const accountId = await signUpTeacher(page, 'Gate');
  await installTool(page, accountId, 'sentinel-attendance');
  const issued = await page.request.post(`/api/accounts/${accountId}/attendance-devices/kiosk`, {
    data: { name: 'Main gate' },
    headers: CSRF,
  });
  expect(issued.status(), await issued.text()).toBe(201);
  const { key } = (await issued.json()) as { key: string };

  await open(page, '/teacher/attendance');
  await page.getByTestId('attendance-other-users-link').click();
  await expect(page.getByRole('heading', { name: text('en', 'other-users:title') })).toBeVisible();
  await expect(page.getByTestId('other-users-empty')).toBeVisible();

  await page.getByTestId('other-user-add').click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(text('en', 'other-users:form.name')).fill('Abdul Gafur');
  await dialog.getByLabel(text('en', 'other-users:form.phone')).fill('01711223344');
  await dialog.getByLabel(text('en', 'other-users:form.role')).click();
  await pickOption(page, text('en', 'other-users:roles.guard'));
  await page.getByTestId('other-user-save').click();
  await expect(page.getByText(filledText('en', 'other-users:added', { name: 'Abdul Gafur' }))).toBeVisible();
  const person = page.getByTestId('other-user');
  await expect(person).toHaveCount(1);
  await expect(person).toContainText('Abdul Gafur');
  await expect(person).toContainText('Guard');
  const code = (await person.getByTestId('other-user-code').textContent())!.trim();
  expect(code).toMatch(/^[1-9]\d{7}$/);

  // The guard's own QR page, and the printable sheet of everyone, each in a new tab.
  const [qrTab] = await Promise.all([
    page.waitForEvent('popup'),
    person.getByRole('link', { name: text('en', 'other-users:qr') }).click(),
  ]);
  await expect(qrTab.getByRole('heading', { name: text('en', 'links:codes.otherQrTitle') })).toBeVisible();
  await expect(qrTab.getByTestId('access-code')).toHaveCount(1);
  await expect(qrTab.getByTestId('access-code')).toContainText('Abdul Gafur');
  await expect(qrTab.getByTestId('access-code').locator('svg, canvas').first()).toBeVisible();
  await qrTab.close();
  const [sheetTab] = await Promise.all([
    page.waitForEvent('popup'),
    page.getByTestId('other-users-sheet').click(),
  ]);
  await expect(
    sheetTab.getByRole('heading', { name: text('en', 'links:codes.otherSheetTitle') }),
  ).toBeVisible();
  await expect(sheetTab.getByTestId('access-code')).toContainText(
    filledText('en', 'links:codes.accessCode', { code }),
  );
  await sheetTab.close();

  // At the gate: the guard types the code on the kiosk tablet.
  const tablet = await browser.newPage();
  await open(tablet, `/access-control-qr-scanner?key=${encodeURIComponent(key)}`);
  const field = tablet.getByTestId('kiosk-rfid');
  await expect(field).toBeFocused();
  await tablet.keyboard.type(code);
  await tablet.keyboard.press('Enter');
  await expect(tablet.getByTestId('kiosk-student-name')).toHaveText('Abdul Gafur');
  await tablet.close();

  const row = page.getByTestId('entry-exit-row');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Abdul Gafur');
  await expect(row).toContainText(text('en', 'other-users:log.entry'));
  await expect(row).toContainText('Main gate');

  // A phone's width, then the page in Bangla once.
  await page.setViewportSize({ width: 375, height: 800 });
  await noSidewaysScroll(page, 'other users at 375 px');
  await chooseLanguage(page, 'bn');
  await expect(page.getByRole('heading', { name: text('bn', 'other-users:title') })).toBeVisible();
  await expect(page.getByTestId('entry-exit-row')).toContainText(text('bn', 'other-users:log.entry'));
  await noSidewaysScroll(page, 'other users in Bangla at 375 px');
  await chooseLanguage(page, 'en');
  await expect(page.getByRole('heading', { name: text('en', 'other-users:title') })).toBeVisible();

  // Removing asks first; then the code stops and the list is empty again.
  await page
    .getByTestId('other-user')
    .getByRole('button', { name: text('en', 'other-users:remove') })
    .click();
  await page
    .getByRole('tooltip')
    .getByRole('button', { name: text('en', 'other-users:remove') })
    .click();
  await expect(page.getByTestId('other-users-empty')).toBeVisible();
});
