import { expect, test } from '@playwright/test';
import { INSTITUTION, staffPage, teacher } from './console-helpers';
import { CSRF, noSidewaysScroll, unique } from './page-helpers';

/**
 * Maintenance mode refuses a teacher's write with 503 and shows the staff's message on signed-in
 * pages and `/under-maintenance`. It pauses every school's writes on the shared server, so this
 * file runs alone after all the others (its own project in playwright.config.ts).
 */

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
