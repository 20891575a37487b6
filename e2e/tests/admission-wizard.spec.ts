import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { expect, test } from '@playwright/test';
import {
  applications,
  button,
  expectPage,
  institution,
  PNG,
  shot,
  stepHeading,
  tr,
} from './admission-wizard-helpers';
import {
  chooseLanguage,
  fromNewClient,
  noSidewaysScroll,
  open,
  scriptsOf,
  unique,
  uniquePhone,
} from './page-helpers';
import { text } from './texts';

/**
 * The public online-admission wizard (spec part 1 §2.1, §4, §5): an institution
 * set up by API, then the form filled as an applicant would, in English and in Bangla, on a
 * 375 px phone. The success page's id is the one the teacher's inbox lists.
 */

test('English with picture, parent phones and custom fields: 375 px, every page, the id the inbox lists', async ({
  page,
}) => {
  test.slow();
  await page.setViewportSize({ width: 375, height: 740 });
  const school = await institution(
    page,
    'AdmitEn',
    {
      collectPicture: true,
      collectParentsPhone: true,
      requireUniqueParentsPhone: true,
      collectAdditionalInfo: true,
      customFields: ['Blood Group', 'Date Of Birth', 'Address', 'Facebook Profile', 'Previous School'],
      attachments: [{ name: 'Prospectus 2026', url: 'https://example.com/prospectus.pdf' }],
    },
    'en',
  );
  await open(page, `/s-online-admission?key=${school.accountId}`);

  // Welcome: the institution, its attachment (new tab, no opener), Let's Go.
  await expect(page.getByRole('heading', { level: 1, name: school.name })).toBeVisible();
  await expect(stepHeading(page)).toHaveText(
    tr('en', 'admission:welcome.title', { institution: school.name }),
  );
  const attachment = page.getByRole('link', { name: /Prospectus 2026/ });
  await expect(attachment).toHaveAttribute('href', 'https://example.com/prospectus.pdf');
  await expect(attachment).toHaveAttribute('target', '_blank');
  await expect(attachment).toHaveAttribute('rel', /noopener/);
  await expect(page.getByText(text('en', 'common:footer.poweredBy'))).toBeVisible();
  await noSidewaysScroll(page, 'admission wizard');
  await shot(page, 'welcome-375');
  await button(page, 'en', 'nav.letsGo').click();

  // 1 name: Next waits for a name; Enter in the field presses Next; focus moves to the heading.
  await expectPage(page, 'en', 'name', [1, 7]);
  await expect(stepHeading(page)).toBeFocused();
  await expect(button(page, 'en', 'nav.next')).toBeDisabled();
  const name = `Nusrat ${unique().slice(-6)}`;
  await page.getByLabel(text('en', 'admission:name.label'), { exact: true }).fill(name);
  await page.getByLabel(text('en', 'admission:name.label'), { exact: true }).press('Enter');

  // 2 phone, normalised when the field is left.
  await expectPage(page, 'en', 'phone', [2, 7]);
  const phone = uniquePhone('017');
  const phoneInput = page.getByLabel(text('en', 'admission:phone.label'), { exact: true });
  await phoneInput.fill(phone);
  await phoneInput.blur();
  await expect(phoneInput).toHaveValue(`+880${phone.slice(1)}`);
  await shot(page, 'phone-375');
  await button(page, 'en', 'nav.next').click();

  // 3 picture: a text file is refused here; a PNG uploads at once and shows.
  await expectPage(page, 'en', 'picture', [3, 7]);
  await expect(button(page, 'en', 'nav.next')).toBeDisabled();
  const picture = page.locator('#admission-picture');
  await picture.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await expect(page.locator('#admission-picture-error')).toHaveText(
    tr('en', 'domain:PICTURE_TYPE_INVALID', { file: 'notes.txt' }),
  );
  await picture.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByTestId('admission-toast')).toContainText(text('en', 'admission:picture.done'));
  await expect(page.getByRole('img', { name: text('en', 'admission:picture.preview') })).toBeVisible();
  await noSidewaysScroll(page, 'admission wizard');
  await button(page, 'en', 'nav.next').click();

  // 4 parents: the student's own phone is not a unique parent phone.
  await expectPage(page, 'en', 'parents', [4, 7]);
  await page.getByLabel(text('en', 'admission:parents.parent1'), { exact: true }).fill(phone);
  await expect(page.locator('#admission-parents-error')).toHaveText(
    text('en', 'domain:ADMISSION_PARENT_PHONE_NOT_UNIQUE'),
  );
  await expect(button(page, 'en', 'nav.next')).toBeDisabled();
  const parent = uniquePhone('019');
  await page.getByLabel(text('en', 'admission:parents.parent2'), { exact: true }).fill(parent);
  await button(page, 'en', 'nav.next').click();

  // 5 additional info: Blood Group preselected A+ of 8; the date must be a real DD-MM-YYYY.
  await expectPage(page, 'en', 'additional', [5, 7]);
  await shot(page, 'additional-375');
  const blood = page.getByLabel(text('en', 'admission:additional.bloodGroup'), { exact: true });
  await expect(blood).toHaveValue('A+');
  await expect(blood.locator('option')).toHaveText(['A+', 'A-', 'B+', 'B-', 'AB+', 'AB-', 'O+', 'O-']);
  await blood.selectOption('O+');
  const birth = page.getByLabel(text('en', 'admission:additional.dateOfBirth'), { exact: true });
  await birth.fill('31-02-2010');
  await expect(page.getByText(text('en', 'domain:ADMISSION_DATE_OF_BIRTH_REQUIRED'))).toBeVisible();
  await birth.fill('25-03-2010');
  await page
    .getByLabel(text('en', 'admission:additional.address'))
    .fill('House 12, Road 5, Dhanmondi, Dhaka');
  await expect(button(page, 'en', 'nav.next')).toBeDisabled();
  await page.getByLabel('Facebook Profile', { exact: true }).fill('https://facebook.com/nusrat');
  await page.getByLabel('Previous School', { exact: true }).fill('Dhanmondi Govt. Boys High School');
  await button(page, 'en', 'nav.next').click();

  // 6 classroom or course: a choice fills the text.
  await expectPage(page, 'en', 'details', [6, 7]);
  await page.getByRole('button', { name: new RegExp(school.classroomLabel.split(' (')[0]!) }).click();
  await expect(page.getByLabel(text('en', 'admission:details.label'), { exact: true })).toHaveValue(
    school.classroomLabel,
  );
  await button(page, 'en', 'nav.next').click();

  // 7 review: every answer; Go back and edit goes one page back.
  await expectPage(page, 'en', 'review', [7, 7]);
  const review = page.getByTestId('admission-review');
  for (const answer of [
    name,
    `+880${phone.slice(1)}`,
    `+880${parent.slice(1)}`,
    'O+',
    '25-03-2010',
    'Dhanmondi',
    'https://facebook.com/nusrat',
    school.classroomLabel,
  ]) {
    await expect(review).toContainText(answer);
  }
  await noSidewaysScroll(page, 'admission wizard');
  await shot(page, 'review-375');
  await button(page, 'en', 'nav.editBack').click();
  await expectPage(page, 'en', 'details', [6, 7]);
  await button(page, 'en', 'nav.next').click();
  await button(page, 'en', 'nav.submit').click();

  // Success: the short application number (not the internal id) is the inbox's, the institute
  // id is the account's.
  await expectPage(page, 'en', 'success');
  const label = (await page.getByTestId('admission-application-id').textContent())?.trim();
  expect(label).toMatch(/^A-\d{4,}$/);
  await expect(page.getByTestId('admission-institute-id')).toHaveText(school.accountId);
  await expect(page.getByText(text('en', 'admission:success.keep'))).toBeVisible();
  await noSidewaysScroll(page, 'admission wizard');
  const [application] = await applications(page, school.accountId);
  expect(application).toMatchObject({
    number: Number(label!.slice(2)),
    name,
    phone: `+880${phone.slice(1)}`,
    duplicate: false,
    parent1Phone: `+880${phone.slice(1)}`,
    parent2Phone: `+880${parent.slice(1)}`,
    details: school.classroomLabel,
    customFields: {
      'Blood Group': 'O+',
      'Date Of Birth': '25-03-2010',
      'Facebook Profile': 'https://facebook.com/nusrat',
    },
  });
  expect(application!.avatarUrl).toMatch(/^\/media\//);

  // Exit starts over, with nothing kept.
  await button(page, 'en', 'nav.exit').click();
  await expect(stepHeading(page)).toHaveText(
    tr('en', 'admission:welcome.title', { institution: school.name }),
  );
  const kept = await page.evaluate((key) => sessionStorage.getItem(`bw-admission:${key}`), school.accountId);
  expect(kept ?? '').not.toContain(name);
});

test('Bangla institution: opens in Bangla, 6 pages without picture and custom fields, course fixed by the link, kept across a reload', async ({
  page,
}) => {
  test.slow();
  await page.setViewportSize({ width: 375, height: 740 });
  const school = await institution(page, 'AdmitBn', {}, 'bn');
  await open(page, `/s-online-admission?key=${school.accountId}&course=${school.classroomId}`);

  await expect(stepHeading(page)).toHaveText(
    tr('bn', 'admission:welcome.title', { institution: school.name }),
  );
  await button(page, 'bn', 'nav.letsGo').click();
  await expectPage(page, 'bn', 'name', [1, 6]);
  await expect(button(page, 'bn', 'nav.next')).toBeDisabled();
  // Touched and emptied: the name message shows in Bangla.
  const nameInput = page.getByLabel(text('bn', 'admission:name.label'), { exact: true });
  await nameInput.fill('x');
  await nameInput.fill('');
  await expect(page.getByText(text('bn', 'domain:ADMISSION_NAME_REQUIRED'))).toBeVisible();
  const name = `রাফি ${unique().slice(-5)}`;
  await nameInput.fill(name);
  await button(page, 'bn', 'nav.next').click();
  await expectPage(page, 'bn', 'phone', [2, 6]);

  // A reload on a cheap phone keeps the page and the answers.
  await page.reload();
  await expectPage(page, 'bn', 'phone', [2, 6]);
  await button(page, 'bn', 'nav.back').click();
  await expect(page.getByLabel(text('bn', 'admission:name.label'), { exact: true })).toHaveValue(name);
  await button(page, 'bn', 'nav.next').click();

  const phone = uniquePhone('018');
  await page.getByLabel(text('bn', 'admission:phone.label'), { exact: true }).fill(phone);
  await button(page, 'bn', 'nav.next').click();

  // No picture or parent pages: the course page is 5 of 6, fixed to the link's classroom.
  await expectPage(page, 'bn', 'details', [5, 6]);
  await expect(page.getByTestId('admission-fixed-classroom')).toHaveText(school.classroomLabel);
  await expect(page.getByRole('textbox')).toHaveCount(0);
  await noSidewaysScroll(page, 'admission wizard');
  await button(page, 'bn', 'nav.next').click();

  await expectPage(page, 'bn', 'review', [6, 6]);
  await shot(page, 'review-bn-375');
  await expect(page.getByTestId('admission-review')).toContainText(`+880${phone.slice(1)}`);
  await button(page, 'bn', 'nav.submit').click();
  await expectPage(page, 'bn', 'success');
  const label = (await page.getByTestId('admission-application-id').textContent())?.trim();
  const [application] = await applications(page, school.accountId);
  expect(application).toMatchObject({ name, courseClassroomId: school.classroomId });
  expect(label).toBe(`A-${application!.number}`);

  // The visitor's own choice of language stays.
  await chooseLanguage(page, 'en');
  await expect(stepHeading(page)).toHaveText(text('en', 'admission:success.title'));
});

test('every phone message shows under the field and keeps Next off', async ({ page }) => {
  const school = await institution(page, 'AdmitPhone', {}, 'en');
  await open(page, `/s-online-admission?key=${school.accountId}`);
  await button(page, 'en', 'nav.letsGo').click();
  await page.getByLabel(text('en', 'admission:name.label'), { exact: true }).fill('Tanvir Ahmed');
  await button(page, 'en', 'nav.next').click();
  await expectPage(page, 'en', 'phone', [2, 6]);

  const input = page.getByLabel(text('en', 'admission:phone.label'), { exact: true });
  const error = page.locator('#admission-phone-error');
  for (const [typed, code] of [
    ['+88001712345678', 'PHONE_ZERO_AFTER_COUNTRY_CODE'],
    ['+880171234567', 'PHONE_MUST_BE_13_DIGITS'],
    ['0171234567', 'PHONE_MUST_BE_11_DIGITS'],
    ['171234567', 'PHONE_MUST_BE_10_DIGITS'],
    ['2912345678', 'PHONE_INVALID_FORMAT'],
    ['', 'ADMISSION_PHONE_REQUIRED'],
  ] as const) {
    await input.fill(typed);
    await expect(error).toHaveText(text('en', `domain:${code}`));
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    await expect(button(page, 'en', 'nav.next')).toBeDisabled();
  }
  await input.fill('1712345678');
  await expect(error).toHaveCount(0);
  await input.blur();
  await expect(input).toHaveValue('+8801712345678');
  await expect(button(page, 'en', 'nav.next')).toBeEnabled();
});

test('a phone that already applied asks first: No stays, Yes marks it D and goes on', async ({ page }) => {
  const school = await institution(page, 'AdmitDup', {}, 'en');
  const phone = uniquePhone('016');
  const first = await page.request.post(`/api/public/admission/${school.accountId}/applications`, {
    data: { name: 'Older Sibling', phone, details: 'Class 9 Physics' },
    headers: fromNewClient(),
  });
  expect(first.status(), await first.text()).toBe(201);

  await open(page, `/s-online-admission?key=${school.accountId}`);
  await button(page, 'en', 'nav.letsGo').click();
  await page.getByLabel(text('en', 'admission:name.label'), { exact: true }).fill('Younger Sibling');
  await button(page, 'en', 'nav.next').click();
  await page.getByLabel(text('en', 'admission:phone.label'), { exact: true }).fill(phone);
  await button(page, 'en', 'nav.next').click();

  const dialog = page.getByRole('dialog', { name: text('en', 'admission:duplicate.title') });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: text('en', 'admission:duplicate.no'), exact: true }).click();
  await expect(dialog).toBeHidden();
  await expectPage(page, 'en', 'phone', [2, 6]);

  await button(page, 'en', 'nav.next').click();
  await dialog.getByRole('button', { name: text('en', 'admission:duplicate.yes'), exact: true }).click();
  await expectPage(page, 'en', 'details', [5, 6]);
  await page
    .getByLabel(text('en', 'admission:details.label'), { exact: true })
    .fill('Class 9 Physics, morning batch');
  await button(page, 'en', 'nav.next').click();
  await expect(page.getByTestId('admission-review')).toContainText(`+880${phone.slice(1)}D`);
  await button(page, 'en', 'nav.submit').click();
  await expectPage(page, 'en', 'success');
  const label = (await page.getByTestId('admission-application-id').textContent())?.trim();
  const listed = await applications(page, school.accountId);
  expect(listed.find((application) => `A-${application.number}` === label)).toMatchObject({
    name: 'Younger Sibling',
    phone: `+880${phone.slice(1)}D`,
    duplicate: true,
  });
});

test('a missing or unknown key shows the invalid-link screen and toast; a closed form says so', async ({
  page,
}) => {
  for (const url of ['/s-online-admission', '/s-online-admission?key=no-such-institution']) {
    await open(page, url);
    await expect(
      page.getByRole('heading', { level: 1, name: text('en', 'admission:invalid.title') }),
    ).toBeVisible();
    await expect(page.getByText(text('en', 'admission:invalid.subtitle'))).toBeVisible();
    await expect(
      page.getByRole('alert').filter({ hasText: text('en', 'domain:ADMISSION_INVALID_LINK') }),
    ).toBeVisible();
  }

  const school = await institution(page, 'AdmitShut', { acceptingApplications: false }, 'en');
  await open(page, `/s-online-admission?key=${school.accountId}`);
  await expect(page.getByRole('heading', { level: 1, name: school.name })).toBeVisible();
  await expect(page.getByTestId('admission-closed')).toHaveText(text('en', 'domain:ADMISSION_CLOSED'));
  await expect(button(page, 'en', 'nav.letsGo')).toHaveCount(0);
});

const DIST = path.resolve(import.meta.dirname, '../../apps/web/dist');
const gzipOf = (scripts: string[]) =>
  scripts.reduce(
    (total, script) => total + zlib.gzipSync(fs.readFileSync(path.join(DIST, script)), { level: 9 }).length,
    0,
  );

test('a first visit fetches at most 120 kB of script (gzip), none of the signed-in app, and a failed load offers a retry', async ({
  page,
}) => {
  const school = await institution(page, 'AdmitLight', {}, 'en');
  const scripts = scriptsOf(page);
  let offline = true;
  await page.route('**/api/public/admission/**', (route) =>
    offline ? route.abort('internetdisconnected') : route.continue(),
  );
  await open(page, `/s-online-admission?key=${school.accountId}`);
  const retry = button(page, 'en', 'retry');
  await expect(retry).toBeVisible();
  offline = false;
  await retry.click();
  await expect(stepHeading(page)).toHaveText(
    tr('en', 'admission:welcome.title', { institution: school.name }),
  );
  await expect(page.getByText(text('en', 'common:footer.poweredBy'))).toBeVisible();

  // Everything the browser fetched (the entry, its chunks and whatever they import), as served.
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.filter((script) => script.includes('signed-in-app'))).toEqual([]);
  const total = gzipOf([...new Set(scripts)]) / 1024;
  test.info().annotations.push({
    type: 'first load',
    description: `${total.toFixed(1)} kB gzip of scripts: ${scripts.map((script) => path.basename(script)).join(', ')}`,
  });
  expect(total, `kB gzip of ${scripts.join(', ')}`).toBeLessThanOrEqual(120);
});
