import { type Browser, expect, type Page, test } from '@playwright/test';
import {
  addEnrolledStudent,
  CSRF,
  createClassroom,
  fromNewClient,
  noSidewaysScroll,
  unique,
  uniquePhone,
} from './page-helpers';

/**
 * Running the platform: staff find a teacher's account by phone in the staff console, change its
 * plan with a reason, label it, suspend it (the teacher sees why on every page, cannot save, and
 * can still export) and restore it; maintenance mode refuses a teacher's write with 503 and shows
 * the staff's message on signed-in pages and `/under-maintenance`.
 */

const STAFF = { email: 'staff@demo.batchwise.bd', password: 'Batchwise demo 2026' };
const INSTITUTION = { accountType: 'Default', currency: 'BDT', manageMultiBranches: false };

async function staffPage(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  const signIn = await page.request.post('/api/auth/sign-in', { data: STAFF, headers: CSRF });
  expect(signIn.status(), await signIn.text()).toBe(200);
  return page;
}

/** A new teacher signed in on `page`; their phone as they typed it at sign-up. */
async function teacher(page: Page) {
  const id = unique();
  const phone = uniquePhone();
  const institution = `Console Coaching ${id}`;
  const res = await page.request.post('/api/auth/sign-up', {
    data: {
      accountType: 'Teacher',
      name: `Console Teacher ${id}`,
      email: `e2e-console-${id}@school.test`,
      password: `correct horse ${id}`,
      phone,
      institution,
    },
    headers: fromNewClient(),
  });
  expect(res.status(), await res.text()).toBe(200);
  const session = (await (await page.request.get('/api/session')).json()) as { accounts: { id: string }[] };
  return { phone, institution, accountId: session.accounts[0]!.id };
}

test('staff find an account by phone, change its plan, label it, suspend it and restore it', async ({
  page,
  browser,
}) => {
  test.slow(); // two browsers, several round trips
  const t = await teacher(page);
  const classroomId = await createClassroom(page.request, t.accountId, 'Console Batch');
  await addEnrolledStudent(page.request, t.accountId, classroomId, 'Nadia Rahman');
  const staff = await staffPage(browser);

  // A label to put on it, made on /account-labeler.
  const label = `pilot ${unique()}`;
  await staff.goto('/account-labeler');
  await staff.getByRole('textbox', { name: 'New label' }).fill(label);
  await staff.getByRole('button', { name: 'Make the label' }).click();
  await expect(staff.getByTestId('labeler-list')).toContainText(label);

  // Found by the phone in another form than it was typed (+880 and spaces).
  await staff.goto('/Batchwise-Staff-Admin');
  await staff
    .getByRole('searchbox', { name: 'Search accounts' })
    .fill(`+880 ${t.phone.slice(1, 5)} ${t.phone.slice(5)}`);
  await staff.getByRole('button', { name: 'Search', exact: true }).click();
  await staff
    .getByTestId('console-results')
    .getByRole('link', { name: new RegExp(t.institution) })
    .click();
  const account = staff.getByTestId('console-account');
  await expect(account.getByRole('heading', { name: t.institution })).toBeVisible();
  await expect(staff.getByTestId('console-plan')).toHaveText('Lite');

  // Plan: Pro for 3 months, with the reason.
  const plan = staff.locator('form[name="change-plan"]');
  await plan.getByRole('combobox', { name: 'Plan', exact: true }).selectOption('pro');
  await plan.getByRole('spinbutton', { name: 'Months' }).fill('3');
  await plan.getByRole('textbox', { name: /Reason/ }).fill('Pilot school for the reseller programme');
  await plan.getByRole('button', { name: 'Save the plan' }).click();
  await expect(staff.getByTestId('console-plan')).toHaveText('Pro');
  await expect(staff.getByTestId('console-activity')).toContainText(
    'Batchwise staff set the plan to pro: Pilot school for the reseller programme',
  );

  // Label.
  await staff.getByRole('combobox', { name: 'Add a label' }).selectOption({ label });
  await staff.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(staff.getByTestId('console-labels')).toContainText(label);

  // Suspend, after a second confirmation.
  const suspend = staff.locator('form[name="suspend"]');
  await suspend.getByRole('textbox', { name: /Reason/ }).fill('Bulk SMS spam reported by an operator');
  await suspend.getByRole('button', { name: 'Suspend' }).click();
  await suspend.getByRole('button', { name: `Yes, suspend ${t.institution}` }).click();
  await expect(staff.getByTestId('console-suspended')).toContainText('Bulk SMS spam reported by an operator');

  // The teacher sees why on their pages, cannot save, and can export.
  await page.goto('/teacher/students');
  await expect(page.getByRole('row').filter({ hasText: 'Nadia Rahman' })).toBeVisible();
  await expect(page.getByTestId('suspension-banner')).toContainText('Bulk SMS spam reported by an operator');
  const write = await page.request.put(`/api/accounts/${t.accountId}/institution`, {
    data: { institution: 'Renamed', ...INSTITUTION },
    headers: CSRF,
  });
  expect(write.status()).toBe(403);
  expect(((await write.json()) as { error: { code: string } }).error.code).toBe('ACCOUNT_SUSPENDED');
  await page.getByRole('button', { name: 'Export As' }).click();
  const download = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'XLSX (Excel)' }).click();
  expect((await download).suggestedFilename()).toMatch(/\.xlsx$/);

  // Restore: the notice goes and saving works again.
  const restore = staff.locator('form[name="restore"]');
  await restore.getByRole('textbox', { name: /Reason/ }).fill('Owner called and explained');
  await restore.getByRole('button', { name: 'Restore' }).click();
  await expect(staff.getByTestId('console-suspended')).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('button', { name: 'Export As' })).toBeVisible();
  await expect(page.getByTestId('suspension-banner')).toHaveCount(0);
  const again = await page.request.put(`/api/accounts/${t.accountId}/institution`, {
    data: { institution: t.institution, ...INSTITUTION },
    headers: CSRF,
  });
  expect(again.status()).toBe(200);

  // The account is found by its label too.
  await staff.goto('/account-labeler');
  await staff.getByTestId('labeler-list').getByRole('link', { name: '1 account' }).first().click();
  await expect(staff.getByTestId('console-results')).toContainText(t.institution);
  await staff.context().close();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('maintenance mode refuses a write with 503 and shows the message', async ({ page, browser }) => {
    test.slow();
    const t = await teacher(page);
    const staff = await staffPage(browser);
    const message = `Database upgrade ${unique()}, back by 2 am`;
    await staff.goto('/Batchwise-Staff-Admin');
    const card = staff.getByTestId('maintenance-card');
    await card.getByRole('textbox', { name: 'Message users will see' }).fill(message);
    await card.getByRole('button', { name: 'Switch maintenance on' }).click();
    await card.getByRole('button', { name: "Yes, pause every school's changes" }).click();
    try {
      await expect(card.getByRole('button', { name: 'Switch maintenance off' })).toBeVisible();
      await noSidewaysScroll(staff, 'staff console');

      const write = await page.request.put(`/api/accounts/${t.accountId}/institution`, {
        data: { institution: 'Renamed', ...INSTITUTION },
        headers: CSRF,
      });
      expect(write.status()).toBe(503);
      expect(write.headers()['retry-after']).toBe('300');
      expect(
        ((await write.json()) as { error: { code: string; params: { message: string } } }).error,
      ).toMatchObject({
        code: 'UNDER_MAINTENANCE',
        params: { message },
      });
      await page.goto('/teacher/dashboard');
      await expect(page.getByTestId('maintenance-banner')).toContainText(message);
      await noSidewaysScroll(page, 'teacher dashboard under maintenance');
      await page.getByTestId('maintenance-banner').getByRole('link', { name: 'More' }).click();
      await expect(page.getByTestId('maintenance-message')).toContainText(message);
    } finally {
      // Other tests share this server: maintenance must not outlive this test.
      const off = await staff.request.put('/api/staff/maintenance', { data: { on: false }, headers: CSRF });
      expect(off.status()).toBe(200);
    }
    await staff.context().close();
  });
});
