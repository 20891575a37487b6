import { expect, test } from '@playwright/test';
import { INSTITUTION, staffPage, teacher } from './console-helpers';
import { addEnrolledStudent, CSRF, createClassroom, unique } from './page-helpers';

/**
 * Running the platform: staff find a teacher's account by phone in the staff console, change its
 * plan with a reason, label it, suspend it (the teacher sees why on every page, cannot save, and
 * can still export) and restore it (maintenance mode: maintenance.spec.ts).
 */

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
