import { expect, type Page, test } from '@playwright/test';
import { liveUpdatesOpen } from './live-updates';
import { chooseLanguage } from './page-helpers';

/**
 * The web shell in a real browser against the built app: routing, language, theme, 404 and the
 * sign-in redirect. Each test gets a fresh browser context, so local storage starts empty.
 */

const html = (page: Page) => page.locator('html');
const heroPitch = (page: Page) => page.getByText(/Run your school or coaching centre from one place/);
const banglaPitch = (page: Page) => page.getByText(/আপনার স্কুল বা কোচিং সেন্টার চালান এক জায়গা থেকে/);

test('/ lands on /welcome with the English landing page', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/welcome$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Batchwise' })).toBeVisible();
  await expect(heroPitch(page)).toBeVisible();
  await expect(html(page)).toHaveAttribute('lang', 'en');
});

test('switching to Bangla shows Bangla text and survives a reload', async ({ page }) => {
  await page.goto('/welcome');
  await expect(heroPitch(page)).toBeVisible();

  await chooseLanguage(page, 'bn');
  await expect(banglaPitch(page)).toBeVisible();
  await expect(page.getByRole('link', { name: 'মূল্য তালিকা' }).first()).toBeVisible();
  await expect(html(page)).toHaveAttribute('lang', 'bn');
  expect(await page.evaluate(() => [localStorage.getItem('ln'), localStorage.getItem('lng')])).toEqual([
    'bn',
    'bn',
  ]);

  await page.reload();
  await expect(banglaPitch(page)).toBeVisible();
  await expect(html(page)).toHaveAttribute('lang', 'bn');

  await chooseLanguage(page, 'en');
  await expect(heroPitch(page)).toBeVisible();
});

test('the dark theme is kept after a reload', async ({ page }) => {
  await page.goto('/welcome');
  await expect(html(page)).toHaveAttribute('data-theme', 'light');

  await page.getByRole('button', { name: 'Switch to dark theme' }).click();
  await expect(html(page)).toHaveAttribute('data-theme', 'dark');
  const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  expect(background).not.toBe('rgb(246, 248, 249)');

  await page.reload();
  await expect(html(page)).toHaveAttribute('data-theme', 'dark');
  await expect(page.getByRole('button', { name: 'Switch to light theme' })).toBeVisible();
});

test('?theme=dark overrides a stored light theme for that visit only', async ({ page }) => {
  await page.goto('/welcome');
  await expect(heroPitch(page)).toBeVisible();
  await page.evaluate(() => localStorage.setItem('theme', 'light'));

  await page.goto('/welcome?theme=dark&layout-type=boxed');
  await expect(html(page)).toHaveAttribute('data-theme', 'dark');
  await expect(html(page)).toHaveAttribute('data-layout', 'boxed');

  await page.goto('/welcome');
  await expect(html(page)).toHaveAttribute('data-theme', 'light');
});

test('an unknown path shows the 404 page with a way home', async ({ page }) => {
  await page.goto('/this/page/does-not-exist');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();

  await page.getByRole('link', { name: 'Go to home page' }).click();
  await expect(page).toHaveURL(/\/welcome$/);
});

test('the 404 page is translated', async ({ page }) => {
  await page.goto('/welcome');
  // Wait for the app to settle: it stores the starting language once its texts have loaded.
  await expect(heroPitch(page)).toBeVisible();
  await page.evaluate(() => localStorage.setItem('lng', 'bn'));
  await page.goto('/nothing-here');
  await expect(page.getByRole('heading', { name: 'পেজটি খুঁজে পাওয়া যায়নি' })).toBeVisible();
});

test('a protected path while signed out goes to sign-in and remembers the way back', async ({ page }) => {
  await page.goto('/teacher/dashboard?tab=fees');
  await expect(page).toHaveURL(/\/signin\?redirect=%2Fteacher%2Fdashboard%3Ftab%3Dfees$/);
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await expect(page.getByText('/teacher/dashboard?tab=fees')).toBeVisible();
});

test('public pages do not load Ant Design on their first load', async ({ page }) => {
  const scripts: Promise<string>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.push(response.text());
  });
  // The page's last start-up step is to open its live updates, after the load event; waiting for
  // network idle instead races it, and never ends once the stream is open.
  const connected = liveUpdatesOpen(page);
  await page.goto('/welcome');
  await expect(heroPitch(page)).toBeVisible();
  await connected;

  const bodies = await Promise.all(scripts);
  expect(bodies.length).toBeGreaterThan(0);
  for (const body of bodies) {
    expect(body).not.toContain('anticon');
    expect(body).not.toContain('ant-design');
  }
});

test('the mobile menu works at 375 px', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto('/welcome');
  // The pre-rendered page shows before its script runs; the menu button works once it has.
  await page.locator('#root:not([data-prerendered])').waitFor({ state: 'attached' });
  await expect(page.getByRole('link', { name: 'Sign up' })).toBeHidden();

  await page.getByRole('button', { name: 'Menu', exact: true }).click();
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Pricing' })
    .click();
  await expect(page).toHaveURL(/\/pricing$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Pricing' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Menu', exact: true })).toHaveAttribute(
    'aria-expanded',
    'false',
  );
});
