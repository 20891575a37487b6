import path from 'node:path';
import { expect, type Page, request, test } from '@playwright/test';
import Database from 'better-sqlite3';
import {
  CSRF,
  finishSignUpByLink,
  outboxMessage,
  pickOption,
  signInCode,
  signUpByApi,
  unique,
  uniquePhone,
} from './page-helpers';

/**
 * Accounts in a real browser against the built app and a real server: sign-up,
 * sign-in by e-mail and by SMS code, password reset, the loading panel, remembered URLs, the
 * admin's account switcher and the missing-record flow. Codes and reset links are read from the
 * development outbox, as a developer would.
 */

const DEMO_PASSWORD = 'Batchwise demo 2026';
const DEMO_TEACHER = 'teacher@demo.batchwise.bd';
const DEMO_STUDENT_PHONE = '+8801711000031';
const DEMO_PARENT_PHONE = '+8801711000041';

const uniqueEmail = () => `e2e-${unique()}@school.test`;

interface NewAccount {
  accountType: 'Teacher' | 'Admin';
  name: string;
  email: string;
  password: string;
  phone: string;
  institution: string;
}

function newAccount(accountType: 'Teacher' | 'Admin' = 'Teacher'): NewAccount {
  const id = unique();
  return {
    accountType,
    name: `${accountType} ${id}`,
    email: uniqueEmail(),
    password: `correct horse ${id}`,
    phone: uniquePhone(),
    institution: `Institution ${id}`,
  };
}

async function fillSignIn(page: Page, email: string, password: string) {
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

test('a new teacher signs up, sees the loading panel and lands on the dashboard', async ({ page }) => {
  const account = newAccount('Teacher');
  await page.goto('/signup?ref=FRIEND42');
  await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
  await expect(page.getByLabel('Referral ID')).toHaveValue('FRIEND42');

  // The contract's own messages show before anything is sent.
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Please enter your name.')).toBeVisible();
  await expect(page.getByLabel('Your name')).toBeFocused();

  await page.getByLabel('Your name').fill(account.name);
  await page.getByLabel('Institution name').fill(account.institution);
  await page.getByLabel('E-mail').fill(account.email);
  await page.getByLabel('Mobile number').fill(account.phone);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Show password' }).click();
  await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('type', 'text');
  await page.getByRole('button', { name: 'Create account' }).click();

  // The same answer whether or not the e-mail has an account; the mailed link makes it.
  await expect(page.getByRole('heading', { name: 'Check your e-mail' })).toBeVisible();
  await expect(page.getByRole('status')).toHaveText(
    'Check your e-mail: we have sent a message to this address. Open the link in it within 24 hours to finish signing up.',
  );
  await finishSignUpByLink(page, account.email);

  await expect(page.getByRole('heading', { name: 'Setting up connected accounts' })).toBeVisible();
  await expect(page.getByRole('progressbar')).toBeVisible();
  await expect(page).toHaveURL(/\/teacher\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Teacher dashboard' })).toBeVisible();
  await expect(page.getByText(account.institution).first()).toBeVisible();
  await expect(page.getByTestId('stat-classrooms')).toContainText('0');
});

test('signing out ends the session: the old cookie is refused', async ({ page, context, baseURL }) => {
  const account = newAccount('Teacher');
  await signUpByApi(page.request, account);
  await page.goto('/teacher/dashboard');
  await expect(page.getByRole('heading', { name: 'Teacher dashboard' })).toBeVisible();
  const cookie = (await context.cookies()).find((c) => c.name === 'bw_session');
  expect(cookie?.httpOnly).toBe(true);

  // Under a loaded machine a click can land while the menu is still opening and do nothing; a
  // person would click again, and so does the test (the assertion below is what counts).
  const signOut = page.getByRole('menuitem', { name: 'Sign out' });
  await expect(async () => {
    if (!(await signOut.isVisible()))
      await page.getByRole('button', { name: `Account menu of ${account.name}` }).click();
    await signOut.click({ timeout: 5_000 });
    await expect(page).toHaveURL(/\/signin$/, { timeout: 5_000 });
  }).toPass({ timeout: 30_000 });

  const replay = await request.newContext({
    baseURL,
    extraHTTPHeaders: { cookie: `bw_session=${cookie?.value}` },
  });
  expect(await (await replay.get('/api/session')).json()).toBeNull();
  await replay.dispose();

  await page.goto('/teacher/dashboard');
  await expect(page).toHaveURL(/\/signin\?redirect=/);
});

test('after sign-in the remembered page opens, and /signin sends a signed-in user on', async ({ page }) => {
  await page.goto('/teacher/settings');
  await expect(page).toHaveURL(/\/signin\?redirect=%2Fteacher%2Fsettings$/);
  await expect(page.getByText('/teacher/settings')).toBeVisible();

  await fillSignIn(page, DEMO_TEACHER, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/teacher\/settings$/);
  await expect(page.getByRole('heading', { name: 'Settings' })).toBeVisible();
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Nusrat Jahan');

  await page.goto('/signin');
  await expect(page).toHaveURL(/\/teacher\/dashboard$/);
});

test('a wrong password shows the server message in an alert', async ({ page }) => {
  await page.goto('/login');
  await expect(page).toHaveURL(/\/signin$/);
  await fillSignIn(page, `nobody-${unique()}@school.test`, 'not the password');
  await expect(page.getByRole('alert')).toHaveText('The email or password is incorrect.');
  await expect(page).toHaveURL(/\/signin$/);
});

test('an admin adds two teachers on the Team page and switches between them', async ({ page }) => {
  test.slow(); // several round trips and a background mail/SMS job
  const admin = newAccount('Admin');
  await signUpByApi(page.request, admin);
  await page.goto('/admin/team');
  await expect(page.getByRole('heading', { name: 'Teachers and assistants' })).toBeVisible();

  const teachers = [
    { name: `Karim ${unique()}`, email: uniqueEmail(), phone: uniquePhone() },
    { name: `Farzana ${unique()}`, email: uniqueEmail(), phone: uniquePhone() },
  ];
  const addForm = page.locator('.ant-card').filter({ hasText: 'Add a teacher' });
  for (const teacher of teachers) {
    await addForm.getByLabel('Name').fill(teacher.name);
    await addForm.getByLabel('E-mail').fill(teacher.email);
    await addForm.getByLabel('Mobile number').fill(teacher.phone);
    await addForm.getByLabel('First password').fill(`first password ${unique()}`);
    await addForm.getByRole('button', { name: 'Create teacher account' }).click();
    await expect(page.getByText('The teacher account has been created.').last()).toBeVisible();
    await expect(page.locator('.ant-list-item').filter({ hasText: teacher.name })).toBeVisible();
  }

  await page.getByRole('menuitem', { name: 'Dashboard' }).click();
  await expect(page.getByRole('heading', { name: 'Admin dashboard' })).toBeVisible();
  // The first teacher is active by default (spec part 1 §4).
  await expect(page.getByRole('main').getByText(`${admin.institution} · ${teachers[0]!.name}`)).toBeVisible();

  await page.getByRole('combobox', { name: 'Account you are working on' }).click();
  await pickOption(page, teachers[1]!.name);
  await expect(page.getByRole('main').getByText(`${admin.institution} · ${teachers[1]!.name}`)).toBeVisible();

  // The choice is kept on the session, so it survives a reload.
  await page.reload();
  await expect(page.getByRole('main').getByText(`${admin.institution} · ${teachers[1]!.name}`)).toBeVisible();
});

test('an admin invites an existing teacher, who accepts from the invitations page', async ({
  page,
  browser,
}) => {
  test.slow(); // two people, several round trips and a background SMS job
  const admin = newAccount('Admin');
  const teacher = newAccount('Teacher');
  await signUpByApi(page.request, admin);
  const teacherContext = await browser.newContext();
  const teacherPage = await teacherContext.newPage();
  await signUpByApi(teacherPage.request, teacher);

  await page.goto('/admin/team');
  const addForm = page.locator('.ant-card').filter({ hasText: 'Add a teacher' });
  await addForm.getByText('Invite existing').click();
  await addForm.getByLabel('E-mail').fill(teacher.email);
  await addForm.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText('The invitation has been sent.').last()).toBeVisible();

  // An assistant invitation by phone, revoked after confirming.
  const inviteForm = page.locator('.ant-card').filter({ hasText: 'Invite an assistant' });
  await inviteForm.getByText('By phone').click();
  await inviteForm.getByLabel('Mobile number').fill(uniquePhone());
  await inviteForm.getByLabel('May manage students').click();
  await inviteForm.getByRole('button', { name: 'Send invitation' }).click();
  const open = page.locator('.ant-card').filter({ hasText: 'Open invitations' });
  await expect(open.locator('.ant-list-item')).toHaveCount(2);
  await open
    .locator('.ant-list-item')
    .filter({ hasText: 'Assistant' })
    .getByRole('button', { name: 'Revoke' })
    .click();
  await page.getByRole('button', { name: 'Revoke' }).last().click();
  await expect(open.locator('.ant-list-item')).toHaveCount(1);

  await teacherPage.goto('/teacher/invitations');
  const invitation = teacherPage.locator('.ant-list-item').filter({ hasText: admin.institution });
  await expect(invitation).toContainText(`From ${admin.name}`);
  await invitation.getByRole('button', { name: 'Accept' }).click();
  await expect(teacherPage.getByText('You have no invitations waiting.')).toBeVisible();
  await teacherContext.close();

  // The admin's session now lists the teacher: a fresh load shows it in the switcher and the list.
  await page.goto('/admin/dashboard');
  await expect(page.getByRole('main').getByText(`${teacher.institution} · ${teacher.name}`)).toBeVisible();
});

test('an assistant invited by phone signs in with a code, accepts and works on the account', async ({
  page,
  browser,
}) => {
  test.slow(); // two people, several round trips and a background SMS job
  const teacher = newAccount('Teacher');
  await signUpByApi(page.request, teacher);
  const phone = uniquePhone();
  await page.goto('/teacher/team');
  const inviteForm = page.locator('.ant-card').filter({ hasText: 'Invite an assistant' });
  await inviteForm.getByText('By phone').click();
  await inviteForm.getByLabel('Mobile number').fill(phone);
  await inviteForm.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText('The invitation has been sent.').last()).toBeVisible();

  const assistantContext = await browser.newContext();
  const assistant = await assistantContext.newPage();
  await assistant.goto('/phone-login');
  await assistant.getByLabel('Mobile number').fill(phone);
  await assistant.getByRole('button', { name: 'Send code' }).click();
  const code = await signInCode(assistant.request, `+88${phone}`);
  await assistant.getByLabel('6-digit code').fill(code);
  await assistant.getByRole('button', { name: 'Sign in', exact: true }).click();

  await expect(assistant).toHaveURL(/\/teacherAssistant\/invitations$/);
  const invitation = assistant.locator('.ant-list-item').filter({ hasText: teacher.institution });
  await invitation.getByRole('button', { name: 'Accept' }).click();
  await expect(assistant.getByText('You have no invitations waiting.')).toBeVisible();
  await assistant.getByRole('menuitem', { name: 'Dashboard' }).click();
  await expect(assistant.getByRole('heading', { name: 'Assistant dashboard' })).toBeVisible();
  await expect(
    assistant.getByRole('main').getByText(`${teacher.institution} · ${teacher.name}`),
  ).toBeVisible();
  await assistantContext.close();

  await page.reload();
  await expect(page.locator('.ant-list-item').filter({ hasText: `+88${phone}` })).toBeVisible();
});

/** A 1×1 PNG, enough for the picture pipeline. */
const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

test('a new phone number is saved only with the code sent to it', async ({ page }) => {
  const account = newAccount('Teacher');
  await signUpByApi(page.request, account);
  await page.goto('/teacher/settings');
  const newPhone = uniquePhone();
  await page.getByLabel('Mobile number').fill(newPhone);
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Please enter the 6-digit code.')).toBeVisible();

  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByText('We have sent a 6-digit code to the new number.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send again' })).toBeVisible();
  const body = await outboxMessage(page.request, 'sms', `+88${newPhone}`, /confirm this phone/i);
  await page.getByLabel('Code sent to the new number').fill(/\b(\d{6})\b/.exec(body)?.[1] ?? '');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Your profile has been saved.')).toBeVisible();
  await expect(page.getByLabel('Code sent to the new number')).toBeHidden();
  const session = await (await page.request.get('/api/session')).json();
  expect(session.user.phone).toBe(`+88${newPhone}`);
});

test('an owner edits profile, picture and institution; the wording follows the account type', async ({
  page,
}) => {
  const account = newAccount('Teacher');
  await signUpByApi(page.request, account);
  await page.goto('/teacher/settings');

  await page
    .locator('#avatar-file')
    .setInputFiles({ name: 'me.txt', mimeType: 'text/plain', buffer: TINY_PNG });
  await expect(page.getByText('me.txt is not a png, jpg or jpeg file')).toBeVisible();
  await page
    .locator('#avatar-file')
    .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: TINY_PNG });
  await expect(page.getByText('Picture uploaded.')).toBeVisible();
  await expect(page.getByRole('banner').getByTestId('profile-picture').locator('img')).toHaveAttribute(
    'src',
    /.+/,
  );

  await page.getByLabel('Name', { exact: true }).fill('');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Please enter your name.')).toBeVisible();
  await page.getByLabel('Name', { exact: true }).fill(`${account.name} Renamed`);
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Your profile has been saved.')).toBeVisible();
  await expect(page.getByRole('button', { name: `Account menu of ${account.name} Renamed` })).toBeVisible();

  await page.getByRole('tab', { name: 'Institution' }).click();
  await expect(page).toHaveURL(/tab=institution/);
  await page.getByLabel('Account type').click();
  await pickOption(page, 'Cricket academy');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Institution settings saved.')).toBeVisible();

  await page.getByRole('menuitem', { name: 'Dashboard' }).click();
  await expect(page.getByTestId('stat-classrooms')).toContainText('Divisions');
  await expect(page.getByTestId('stat-students')).toContainText('All players');
});

test('a user without a profession is told, signed out and left on /force-logout', async ({ page }) => {
  const account = newAccount('Teacher');
  const { userId } = await signUpByApi(page.request, account);
  const dataDir = process.env.E2E_DATA_DIR;
  expect(dataDir).toBeTruthy();
  const db = new Database(path.join(dataDir as string, 'batchwise.db'));
  try {
    db.pragma('busy_timeout = 5000');
    db.prepare('UPDATE users SET profession = NULL WHERE id = ?').run(userId);
  } finally {
    db.close();
  }

  await page.goto('/teacher/dashboard');
  await expect(page).toHaveURL(/\/force-logout\?reason=MISSING_USER_RECORD$/);
  await expect(page.getByRole('alert')).toHaveText(
    'Could not find proper database for you. Please sign-up with different account and login',
  );
  await expect(page.getByRole('link', { name: 'Create an account with a different e-mail' })).toBeVisible();
  expect(await (await page.request.get('/api/session')).json()).toBeNull();
});

test('a student signs in with the code sent by SMS', async ({ page }) => {
  await page.goto('/phone-login');
  await page.getByLabel('Mobile number').fill('01711000031');
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByRole('heading', { name: 'Enter the code' })).toBeVisible();
  await expect(page.getByRole('button', { name: /Send a new code in/ })).toBeDisabled();

  // An empty confirmation is refused with the spec's message.
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByText('Failed to get proper login confirmation auth')).toBeVisible();

  const code = await signInCode(page.request, DEMO_STUDENT_PHONE);
  await page.getByLabel('6-digit code').fill(code);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/student\/dashboard$/);
  // The family portal (its own light entry): the student's own record.
  await expect(page.getByRole('heading', { name: 'My classes' })).toBeVisible();
  await expect(page.getByTestId('child-card').first()).toContainText('Rafi Islam');
});

test('a forgotten password is reset with the link from the mail outbox', async ({ page }) => {
  test.slow(); // several round trips and a background mail/SMS job
  const account = newAccount('Teacher');
  await signUpByApi(page.request, account);
  await page.request.post('/api/auth/sign-out', { headers: CSRF });

  await page.goto('/signin');
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await page.getByLabel('E-mail').fill(account.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('status')).toContainText('we have sent it a link');

  const mail = await outboxMessage(page.request, 'mail', account.email, /forgot-password\?token=/);
  const link = /https?:\/\/\S+?(\/forgot-password\?token=[\w-]+)/.exec(mail)?.[1];
  expect(link).toBeTruthy();
  await page.goto(link as string);
  await expect(page.getByRole('heading', { name: 'Set a new password' })).toBeVisible();
  const newPassword = `a brand new secret ${unique()}`;
  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(page.getByRole('status')).toContainText('Your password has been changed');

  await page.getByRole('link', { name: 'Sign in' }).click();
  await fillSignIn(page, account.email, account.password);
  await expect(page.getByRole('alert')).toHaveText('The email or password is incorrect.');
  await fillSignIn(page, account.email, newPassword);
  await expect(page).toHaveURL(/\/teacher\/dashboard$/);
});

test.describe('in Bangla', () => {
  test.beforeEach(async ({ context }) => {
    await context.addInitScript(() => {
      localStorage.setItem('lng', 'bn');
      localStorage.setItem('ln', 'bn');
    });
  });

  test('a parent signs in by phone code and sees the linked child', async ({ page }) => {
    await page.goto('/phone-login');
    await expect(page.getByRole('heading', { name: 'ফোন নম্বর দিয়ে সাইন ইন' })).toBeVisible();
    await page.getByLabel('মোবাইল নম্বর').fill('123');
    await page.getByRole('button', { name: 'কোড পাঠান' }).click();
    await expect(page.locator('#phone-login-phone-error')).toContainText('ফোন');

    await page.getByLabel('মোবাইল নম্বর').fill('01711000041');
    await page.getByRole('button', { name: 'কোড পাঠান' }).click();
    await expect(page.getByRole('heading', { name: 'কোডটি লিখুন' })).toBeVisible();
    const code = await signInCode(page.request, DEMO_PARENT_PHONE);
    await page.getByLabel('৬ অঙ্কের কোড').fill(code);
    await page.getByRole('button', { name: 'সাইন ইন', exact: true }).click();

    await expect(page).toHaveURL(/\/parent\/dashboard$/);
    await expect(page.getByTestId('child-card').first()).toContainText('Rafi Islam');
    await expect(page.locator('html')).toHaveAttribute('lang', 'bn');
  });
});

test('staff sign in as a user, see the banner and end it', async ({ page }) => {
  await page.goto('/signin');
  await fillSignIn(page, 'staff@demo.batchwise.bd', DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/staff\/dashboard$/);
  await page.getByLabel('E-mail or user ID').fill(DEMO_TEACHER);
  await page.getByRole('button', { name: 'Sign in as this user' }).click();

  await expect(page).toHaveURL(/\/teacher\/dashboard$/);
  await expect(page.getByText('Signed in as Nusrat Jahan by staff Batchwise Support')).toBeVisible();
  await page.getByRole('button', { name: 'End' }).click();
  await expect(page).toHaveURL(/\/staff\/dashboard$/);
  await expect(page.getByText(/Signed in as/)).toBeHidden();
});

test('auth pages do not load Ant Design', async ({ page }) => {
  const scripts: Promise<string>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.push(response.text());
  });
  for (const url of ['/signin', '/signup', '/phone-login', '/forgot-password']) {
    await page.goto(url);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  }
  await page.waitForLoadState('networkidle');
  for (const body of await Promise.all(scripts)) {
    expect(body).not.toContain('anticon');
    expect(body).not.toContain('ant-design');
  }
});
