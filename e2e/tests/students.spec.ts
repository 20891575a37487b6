import fs from 'node:fs';
import {
  type APIRequestContext,
  type Download,
  expect,
  type Locator,
  type Page,
  test,
} from '@playwright/test';
import { CHROMIUM_ARGS } from '../playwright.config';
import { CSRF, signUpByApi, unique, uniquePhone } from './page-helpers';

/**
 * Classrooms and students in a real browser against the built app and a real server:
 * a classroom made in the UI, a student added, edited in the drawer (a clash refused with the
 * spec's message), included in a second classroom with a modified fee, removed from one,
 * archived and unarchived; Student Data Verification on the demo seed; PDF and XLSX exports;
 * one flow at 375 px and one in Bangla; the live photo and auto-login links.
 */

// The live photo page needs a camera: Chromium's fake one, allowed without asking.
test.use({
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [...CHROMIUM_ARGS, '--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream'],
  },
});

const DEMO_PASSWORD = 'Batchwise demo 2026';

const normalised = (phone: string) => `+88${phone}`;

interface Teacher {
  accountId: string;
  name: string;
}

/** A new teacher of their own, signed in on the page's cookie jar (tests stay independent). */
async function newTeacher(page: Page): Promise<Teacher> {
  const id = unique();
  const name = `Teacher ${id}`;
  await signUpByApi(page.request, {
    accountType: 'Teacher',
    name,
    email: `e2e-${id}@school.test`,
    password: `correct horse ${id}`,
    phone: uniquePhone(),
    institution: `Coaching ${id}`,
  });
  const session = (await (await page.request.get('/api/session')).json()) as { accounts: { id: string }[] };
  return { accountId: session.accounts[0]!.id, name };
}

async function signInDemo(page: Page, who: 'teacher' | 'admin') {
  const res = await page.request.post('/api/auth/sign-in', {
    data: { email: `${who}@demo.batchwise.bd`, password: DEMO_PASSWORD },
    headers: CSRF,
  });
  expect(res.status(), await res.text()).toBe(200);
}

async function createClassroom(api: APIRequestContext, accountId: string, name: string, feeTaka: number) {
  const res = await api.post(`/api/accounts/${accountId}/classrooms`, {
    data: { grade: 'Class 8', subject: 'Biology', name, tuitionFeePaisa: feeTaka * 100 },
    headers: CSRF,
  });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { id: string }).id;
}

async function createStudent(
  api: APIRequestContext,
  accountId: string,
  student: { name: string; phone: string; classroomId: string },
) {
  const res = await api.post(`/api/accounts/${accountId}/students`, {
    data: {
      name: student.name,
      phone: student.phone,
      institution: 'Test School',
      enrolments: [{ classroomId: student.classroomId }],
    },
    headers: CSRF,
  });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { student: { id: string } }).student.id;
}

const drawerOf = (page: Page) => page.getByTestId('student-drawer');

/** The toast, or any other text on screen, exactly. */
const says = (page: Page, text: string) => page.getByText(text, { exact: true }).first();

async function openStudent(page: Page, name: string) {
  await page.getByRole('row').filter({ hasText: name }).getByRole('button', { name }).click();
  await expect(drawerOf(page).getByRole('heading', { name: 'Edit Student Profile' })).toBeVisible();
}

/** Waits for a download and checks it is a non-empty file of the expected kind. */
async function expectFile(download: Download, extension: 'pdf' | 'xlsx') {
  expect(download.suggestedFilename()).toMatch(new RegExp(`\\.${extension}$`));
  const file = await download.path();
  const bytes = fs.readFileSync(file);
  expect(bytes.length).toBeGreaterThan(500);
  // PDF files start with %PDF; XLSX files are ZIP archives (PK).
  expect(bytes.subarray(0, extension === 'pdf' ? 4 : 2).toString('latin1')).toBe(
    extension === 'pdf' ? '%PDF' : 'PK',
  );
}

async function fillField(scope: Locator | Page, label: string, value: string) {
  const field = scope.getByLabel(label, { exact: true });
  await field.fill(value);
  await field.press('Enter');
}

test('classroom → student → drawer edit with a clash → include with a modified fee → remove → archive → unarchive', async ({
  page,
}) => {
  test.slow(); // the longest flow in the suite: a dozen pages and saves
  const teacher = await newTeacher(page);

  // A classroom made in the UI.
  await page.goto('/teacher/classrooms');
  await expect(page.getByRole('heading', { name: 'Classrooms', level: 2 })).toBeVisible();
  await page.getByRole('button', { name: 'New Classroom' }).first().click();
  await page.getByLabel('Grade').fill('Class 8');
  await page.getByLabel('Subject').fill('Biology');
  await page.getByLabel('Classroom name').fill('Bio Morning');
  await page.getByLabel('Default monthly fee (taka)').fill('1200');
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(says(page, 'Bio Morning has been created.')).toBeVisible();
  const card = page.getByTestId('classroom-card').filter({ hasText: 'Bio Morning' });
  await expect(card).toContainText('৳1,200 / month');
  const evening = await createClassroom(page.request, teacher.accountId, 'Bio Evening', 1500);

  // A student added in the drawer, into Bio Morning.
  const phone = uniquePhone();
  const otherPhone = uniquePhone();
  await createStudent(page.request, teacher.accountId, {
    name: 'Other Student',
    phone: otherPhone,
    classroomId: evening,
  });
  await page.goto('/teacher/students');
  await page.getByRole('button', { name: 'Add Student' }).click();
  const drawer = drawerOf(page);
  await expect(drawer.getByRole('heading', { name: 'Add Student' })).toBeVisible();
  await drawer.getByLabel('Name', { exact: true }).fill('Nadia Rahman');
  await fillField(drawer, 'Phone', phone);
  await expect(drawer.getByLabel('Phone', { exact: true })).toHaveValue(normalised(phone));
  await drawer.getByLabel('School or college (institution)').fill('Udoy High School');
  await drawer.getByRole('button', { name: 'Add to another classroom' }).click();
  const modal = page.getByRole('dialog', { name: 'Classrooms To Include In' });
  await expect(modal.getByText('Please select at least 1 classroom')).toBeVisible();
  await expect(modal.getByRole('button', { name: 'Add', exact: true })).toBeDisabled();
  await modal.getByTestId('include-option').filter({ hasText: 'Bio Morning' }).getByRole('checkbox').check();
  await modal.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(drawer.getByTestId('included-classroom').filter({ hasText: 'Bio Morning' })).toContainText(
    'Not saved yet',
  );
  await drawer.getByRole('button', { name: 'Add Student' }).click();
  await expect(says(page, 'Student has been added successfully!')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'Nadia Rahman' })).toContainText('Bio Morning');

  // Edit: the other student's phone is refused with the spec's message, and the drawer stays open.
  await openStudent(page, 'Nadia Rahman');
  await fillField(drawer, 'Phone', otherPhone);
  await drawer.getByRole('button', { name: 'Save Changes' }).click();
  const clash =
    'Your given phone number / custom ID / rfid is already in use by Student Other Student in Classroom Bio Evening. Please use another!';
  await expect(says(page, clash)).toBeVisible();
  await expect(drawer.getByRole('heading', { name: 'Edit Student Profile' })).toBeVisible();

  // Back to her own phone, and into Bio Evening at a modified fee of ৳1,000.
  await fillField(drawer, 'Phone', phone);
  await drawer.getByRole('button', { name: 'Add to another classroom' }).click();
  const option = modal.getByTestId('include-option').filter({ hasText: 'Bio Evening' });
  await option.getByLabel('Modified Tuition Fee').fill('1000');
  await expect(option.getByRole('checkbox')).toBeChecked();
  await modal.getByRole('button', { name: 'Add', exact: true }).click();
  await drawer.getByRole('button', { name: 'Save Changes' }).click();
  await expect(says(page, 'Student has been updated successfully!')).toBeVisible();
  await expect(drawer).toBeHidden();
  await expect(page.getByRole('row').filter({ hasText: 'Nadia Rahman' })).toContainText('Bio Evening');

  // The Bio Evening page shows her modified fee.
  await page.goto(`/teacher/classrooms/${teacher.accountId}/${evening}`);
  const roster = page.getByRole('row').filter({ hasText: 'Nadia Rahman' });
  await expect(roster).toContainText('৳1,000');
  await expect(roster).toContainText('Modified');

  // The drawer, opened from the classroom page: unsaved changes are asked about, then removal.
  await roster.getByRole('button', { name: 'Nadia Rahman' }).click();
  await drawer.getByLabel('RFID code').fill('RF-778899');
  await drawer.getByRole('button', { name: 'Back' }).click();
  const prompt = page.getByRole('dialog', { name: 'Unsaved changes' });
  await expect(prompt.getByText('You have unsaved changes. Do you want to save them?')).toBeVisible();
  await expect(prompt.getByRole('button', { name: 'Yes, Save and Implement Changes' })).toBeVisible();
  await prompt.getByRole('button', { name: 'No', exact: true }).click();
  await expect(drawer).toBeHidden();

  await page.goto('/teacher/students');
  await openStudent(page, 'Nadia Rahman');
  await drawer.getByRole('button', { name: 'Remove from Bio Morning' }).click();
  await page
    .getByRole('dialog')
    .filter({ hasText: 'Remove from Bio Morning?' })
    .getByRole('button', { name: 'Remove', exact: true })
    .click();
  await expect(says(page, 'The students have been successfully removed.')).toBeVisible();
  await expect(drawer.getByTestId('included-classroom')).toHaveCount(1);
  await drawer.getByRole('button', { name: 'Back' }).click();
  await expect(drawer).toBeHidden();
  await expect(page.getByRole('row').filter({ hasText: 'Nadia Rahman' })).not.toContainText('Bio Morning');

  // Archive from the list, then unarchive into Bio Evening from the Archive page.
  await page.getByRole('row').filter({ hasText: 'Nadia Rahman' }).getByRole('checkbox').check();
  await page.getByRole('toolbar').getByRole('button', { name: 'Archive' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Archive' }).click();
  await expect(says(page, 'The students have been archived.')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'Nadia Rahman' })).toHaveCount(0);

  await page.getByRole('menuitem', { name: 'Archive' }).click();
  const archived = page.getByRole('row').filter({ hasText: 'Nadia Rahman' });
  await expect(archived).toContainText('Bio Evening');
  await archived.getByRole('button', { name: 'Unarchive' }).click();
  const unarchive = page.getByRole('dialog', { name: 'Unarchive Nadia Rahman' });
  await expect(unarchive.getByText('Please select at least 1 classroom')).toBeVisible();
  await expect(unarchive.getByRole('button', { name: 'Unarchive' })).toBeDisabled();
  await unarchive
    .getByRole('checkbox', { name: /Bio Evening/ })
    .first()
    .check();
  await unarchive.getByRole('button', { name: 'Unarchive' }).click();
  await expect(says(page, 'The student has been unarchived.')).toBeVisible();

  await page.getByRole('menuitem', { name: 'Students' }).click();
  await expect(page.getByRole('row').filter({ hasText: 'Nadia Rahman' })).toContainText('Bio Evening');
});

test('Student Data Verification: the notice, the panel and verifying a discrepant student', async ({
  page,
}) => {
  await signInDemo(page, 'teacher');
  await page.goto('/teacher/classrooms');
  const notice = page.getByTestId('verification-notice');
  await expect(notice).toContainText('Student Data Verification Required');
  await expect(notice).toBeVisible();
  await notice.getByRole('button', { name: 'Review' }).click();

  const panel = page.getByTestId('verification-panel');
  await expect(panel.getByText('Student Data Verification', { exact: true })).toBeVisible();
  const entry = panel.getByRole('listitem').filter({ hasText: 'Nabila Akter' });
  await expect(entry).toContainText('No valid phone');
  await entry.getByRole('button', { name: 'Verify' }).click();

  const drawer = drawerOf(page);
  await expect(drawer.getByRole('heading', { name: 'Verify Student Info' })).toBeVisible();
  await drawer.getByRole('button', { name: 'Verify & Save' }).click();
  await expect(drawer.getByText('Please enter your student phone!')).toBeVisible();
  await fillField(drawer, 'Phone', uniquePhone());
  await drawer.getByRole('button', { name: 'Verify & Save' }).click();
  await expect(says(page, 'Student has been updated successfully!')).toBeVisible();
  await expect(panel.getByRole('listitem').filter({ hasText: 'Nabila Akter' })).toHaveCount(0);
  await expect(panel.getByRole('listitem').filter({ hasText: 'Sabbir Hossain' })).toBeVisible();
  // The Excel list is a developer aid: this test server runs on 127.0.0.1, a local host.
  const download = page.waitForEvent('download');
  await panel.getByRole('button', { name: 'Download Excel' }).click();
  await expectFile(await download, 'xlsx');
});

test('Export As: the students list as PDF and XLSX, a classroom page as PDF', async ({ page }) => {
  test.slow(); // three exports, each built on the server and downloaded
  await signInDemo(page, 'teacher');
  await page.goto('/teacher/students');
  await expect(page.getByRole('row').filter({ hasText: 'Rafi Islam' })).toBeVisible();
  for (const [label, extension] of [
    ['PDF', 'pdf'],
    ['XLSX (Excel)', 'xlsx'],
  ] as const) {
    await page.getByRole('button', { name: 'Export As' }).click();
    const download = page.waitForEvent('download');
    await page.getByRole('menuitem', { name: label }).click();
    await expectFile(await download, extension);
  }

  await page.getByRole('menuitem', { name: 'Classrooms' }).click();
  await page
    .getByTestId('classroom-card')
    .filter({ hasText: 'Physics Morning Batch' })
    .getByRole('button', { name: 'Open' })
    .click();
  await expect(page.getByRole('heading', { name: 'Physics Morning Batch' })).toBeVisible();
  await page.getByRole('tabpanel').getByRole('button', { name: 'Export As' }).click();
  const download = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'PDF' }).click();
  await expectFile(await download, 'pdf');
});

test.describe('on a phone (375 px)', () => {
  test.use({ viewport: { width: 375, height: 780 } });

  test('the drawer and the include modal take the whole width; including works', async ({ page }) => {
    const teacher = await newTeacher(page);
    const morning = await createClassroom(page.request, teacher.accountId, 'Phone Morning', 900);
    await createClassroom(page.request, teacher.accountId, 'Phone Evening', 900);
    await createStudent(page.request, teacher.accountId, {
      name: 'Tania Akter',
      phone: uniquePhone(),
      classroomId: morning,
    });

    await page.goto('/teacher/students');
    await page.getByRole('button', { name: 'Tania Akter' }).click();
    const drawer = drawerOf(page);
    await expect(drawer.getByRole('heading', { name: 'Edit Student Profile' })).toBeVisible();
    // The test id sits on the sliding panel itself (560 px wide on desktop).
    await expect.poll(async () => (await drawer.boundingBox())?.width ?? 0).toBeGreaterThanOrEqual(374);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    await drawer.getByRole('button', { name: 'Add to another classroom' }).click();
    const modal = page.getByRole('dialog', { name: 'Classrooms To Include In' });
    // Measured once its opening zoom has finished.
    await expect.poll(async () => (await modal.boundingBox())?.width ?? 0).toBeGreaterThanOrEqual(359);
    await modal
      .getByTestId('include-option')
      .filter({ hasText: 'Phone Evening' })
      .getByRole('checkbox')
      .check();
    await modal.getByRole('button', { name: 'Add', exact: true }).click();
    await drawer.getByRole('button', { name: 'Save Changes' }).click();
    await expect(says(page, 'Student has been updated successfully!')).toBeVisible();
    // A phone lists a card per student, not a table.
    await expect(page.getByTestId('student-row').filter({ hasText: 'Tania Akter' })).toContainText(
      'Phone Evening',
    );
  });
});

test.describe('in Bangla', () => {
  test.beforeEach(async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('lng', 'bn'));
  });

  test('pages, the drawer rules, the unsaved prompt and the save message are in Bangla', async ({ page }) => {
    const teacher = await newTeacher(page);
    const room = await createClassroom(page.request, teacher.accountId, 'বাংলা ব্যাচ', 700);
    await createStudent(page.request, teacher.accountId, {
      name: 'সুমাইয়া ইসলাম',
      phone: uniquePhone(),
      classroomId: room,
    });

    await page.goto('/teacher/classrooms');
    await expect(page.getByRole('heading', { name: 'ক্লাসরুমগুলো', level: 2 })).toBeVisible();
    await expect(page.getByTestId('classroom-card')).toContainText('৳৭০০ / মাস');

    await page.getByRole('menuitem', { name: 'শিক্ষার্থীরা' }).click();
    await page.getByRole('button', { name: 'সুমাইয়া ইসলাম' }).click();
    const drawer = drawerOf(page);
    await expect(drawer.getByRole('heading', { name: 'শিক্ষার্থীর প্রোফাইল সম্পাদনা' })).toBeVisible();
    await drawer.getByLabel('নাম', { exact: true }).fill('');
    await drawer.getByRole('button', { name: 'পরিবর্তন সংরক্ষণ করুন' }).click();
    await expect(drawer.getByText('শিক্ষার্থীর নাম লিখুন!')).toBeVisible();

    await drawer.getByLabel('নাম', { exact: true }).fill('সুমাইয়া আক্তার');
    await drawer.getByRole('button', { name: 'ফিরে যান' }).click();
    const prompt = page.getByRole('dialog', { name: 'সংরক্ষণ না করা পরিবর্তন' });
    await expect(prompt.getByText('আপনার কিছু পরিবর্তন সংরক্ষণ করা হয়নি। সেগুলো কি সংরক্ষণ করবেন?')).toBeVisible();
    await prompt.getByRole('button', { name: 'হ্যাঁ, সংরক্ষণ করে পরিবর্তন কার্যকর করুন' }).click();
    await expect(says(page, 'শিক্ষার্থীর তথ্য সফলভাবে আপডেট হয়েছে!')).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: 'সুমাইয়া আক্তার' })).toBeVisible();
  });
});

test.describe('links', () => {
  test('the live photo link takes one picture with the camera, then is spent', async ({ page, browser }) => {
    const teacher = await newTeacher(page);
    const room = await createClassroom(page.request, teacher.accountId, 'Photo Batch', 500);
    const studentId = await createStudent(page.request, teacher.accountId, {
      name: 'Camera Student',
      phone: uniquePhone(),
      classroomId: room,
    });
    const res = await page.request.post(
      `/api/accounts/${teacher.accountId}/students/${studentId}/photo-link`,
      {
        data: { sendSms: false },
        headers: CSRF,
      },
    );
    const { url } = (await res.json()) as { url: string };
    const link = new URL(url);

    // Opened on someone else's phone: no sign-in.
    const phone = await browser.newContext();
    const visitor = await phone.newPage();
    await visitor.goto(`${link.pathname}${link.search}`);
    await expect(visitor.getByText('Photo for Camera Student')).toBeVisible();
    await visitor.getByRole('button', { name: 'Open camera' }).click();
    await visitor.getByRole('button', { name: 'Capture' }).click();
    await expect(visitor.getByRole('img', { name: 'The photo you took' })).toBeVisible();
    await visitor.getByRole('button', { name: 'Upload' }).click();
    await expect(visitor.getByText('Student Picture uploaded successfully..')).toBeVisible();

    await visitor.reload();
    await expect(
      visitor.getByText(
        'This photo link is invalid, has expired or was already used. Please ask for a new link.',
      ),
    ).toBeVisible();
    await phone.close();
  });

  test("a student's auto-login link signs in and lands on the student dashboard", async ({
    page,
    browser,
  }) => {
    const teacher = await newTeacher(page);
    const room = await createClassroom(page.request, teacher.accountId, 'Link Batch', 500);
    const studentId = await createStudent(page.request, teacher.accountId, {
      name: 'Link Student',
      phone: uniquePhone(),
      classroomId: room,
    });

    // The teacher makes the link in the drawer's "Links and access codes" section.
    await page.goto('/teacher/students');
    await page.getByRole('button', { name: 'Link Student' }).click();
    const drawer = drawerOf(page);
    await drawer.getByText('Links and access codes').click();
    await drawer.getByRole('button', { name: 'Create link' }).first().click();
    const shortUrl = await drawer.getByTestId('auth-link').inputValue();
    expect(shortUrl).toMatch(/\/r\//);
    expect(studentId).toBeTruthy();

    const student = await browser.newContext();
    const visitor = await student.newPage();
    await visitor.goto(new URL(shortUrl).pathname);
    await expect(visitor).toHaveURL(/\/student\/dashboard/);
    await student.close();
  });
});

test('the link pages (photo, auto-login, access codes) load no Ant Design', async ({ page }) => {
  await signInDemo(page, 'teacher');
  const scripts: Promise<string>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.push(response.text());
  });
  await page.goto('/take-picture?key=not-a-real-key');
  await expect(
    page.getByText('This photo link is invalid, has expired or was already used. Please ask for a new link.'),
  ).toBeVisible();
  await page.goto('/s-auto-login?key=not-a-real-key');
  await expect(page.getByRole('heading', { name: 'This sign-in link does not work' })).toBeVisible();
  await page.goto('/all-student-access-codes');
  await expect(page.getByTestId('access-code').filter({ hasText: 'Rafi Islam' })).toBeVisible();
  await expect(page.getByTestId('access-code').first().locator('svg')).toBeVisible();
  await page.waitForLoadState('networkidle');

  const bodies = await Promise.all(scripts);
  expect(bodies.length).toBeGreaterThan(0);
  for (const body of bodies) {
    expect(body).not.toContain('anticon');
    expect(body).not.toContain('ant-design');
  }
});
