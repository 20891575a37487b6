import { expect, type Page, test } from '@playwright/test';
import { liveUpdatesOpen } from './live-updates';
import { chooseLanguage, open, scriptsOf } from './page-helpers';
import { text } from './texts';

/**
 * Static marketing pages: complete pre-renders such as /welcome run a small script
 * instead of the React app. Their header menus, theme and language switches, the server-filled
 * news must work all the same (its live update is in news.spec.ts), and the app pages (the blog)
 * share the menus.
 * The blog, still an app page, must not jump when its list arrives.
 */

test('/welcome runs only its small script; the blog starts the app', async ({ page }) => {
  const scripts = scriptsOf(page);
  // Its last start-up step, after the load event (network idle would race the stream and then
  // never come).
  const connected = liveUpdatesOpen(page);
  await open(page, '/welcome');
  await connected;
  expect(scripts.filter((path) => path.startsWith('/assets/'))).toHaveLength(1);
  await expect(page.locator('#root')).toHaveAttribute('data-static-page', '');

  scripts.length = 0;
  await open(page, '/blog');
  // The app's own entry chunk (vite/first-load-chunks.ts names it `app`; shared chunks are
  // `app-<other entries>-…`).
  expect(
    scripts.some((path) => /^\/assets\/app-[\w-]{8}\.js$/.test(path)),
    scripts.join('\n'),
  ).toBe(true);
});

for (const url of ['/welcome', '/blog']) {
  test(`the mobile menu opens, closes with Escape and follows links at 375 px [${url}]`, async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await open(page, url);
    const button = page.getByRole('button', { name: 'Menu', exact: true });
    const menu = page.getByRole('navigation', { name: 'Main navigation' });
    await expect(page.getByRole('link', { name: 'Sign up' })).toBeHidden();
    await expect(menu).toBeHidden();

    await button.click();
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    await expect(menu.getByRole('link', { name: 'Sign up' })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);

    // Escape from inside the menu closes it and gives focus back to its button.
    await menu.getByRole('link', { name: 'Pricing' }).focus();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await expect(button).toBeFocused();

    await button.click();
    await menu.getByRole('link', { name: 'Pricing' }).click();
    await expect(page).toHaveURL(/\/pricing$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('en', 'pricing:title'));
    await expect(page.getByRole('button', { name: 'Menu', exact: true })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
    await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeHidden();
  });
}

test('the Products menu works by mouse and keyboard on a static page', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await open(page, '/welcome');
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  const products = nav.getByRole('button', { name: 'Products' });
  const sentinel = nav.getByRole('link', { name: /^Sentinel/ });
  await expect(sentinel).toBeHidden();

  await products.click();
  await expect(products).toHaveAttribute('aria-expanded', 'true');
  await expect(sentinel).toBeVisible();
  await page.getByRole('heading', { level: 1 }).click(); // a click elsewhere closes it
  await expect(sentinel).toBeHidden();
  await expect(products).toHaveAttribute('aria-expanded', 'false');

  await products.focus();
  await page.keyboard.press('Enter');
  await expect(sentinel).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(nav.getByRole('link', { name: /^LMS/ })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(sentinel).toBeHidden();
  await expect(products).toBeFocused();

  await products.click();
  await sentinel.click();
  await expect(page).toHaveURL(/\/sentinel$/);
  await expect(page.getByRole('button', { name: 'Products' })).toHaveAttribute('aria-expanded', 'false');
});

test('the footer language list and the theme toggle work on a static page', async ({ page, context }) => {
  await open(page, '/pricing');
  await page.locator('footer').getByRole('combobox').selectOption('bn');
  await expect(page.locator('html')).toHaveAttribute('lang', 'bn');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('bn', 'pricing:title'));
  expect((await context.cookies()).find((cookie) => cookie.name === 'bw_lng')?.value).toBe('bn');
  expect(await page.evaluate(() => [localStorage.getItem('lng'), localStorage.getItem('ln')])).toEqual([
    'bn',
    'bn',
  ]);

  const toDark = page.getByRole('button', { name: text('bn', 'common:theme.toDark') });
  await toDark.click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  const toLight = page.getByRole('button', { name: text('bn', 'common:theme.toLight') });
  await expect(toLight.locator('svg:visible')).toHaveCount(1);

  await page.locator('footer').getByRole('combobox').selectOption('en');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('en', 'pricing:title'));
  // The reloaded page labels its toggle for the stored dark theme before any click.
  await expect(page.getByRole('button', { name: 'Switch to light theme' })).toBeVisible();
});

test('on an app page the theme toggle and language switch work in place', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await open(page, '/blog');
  await page.evaluate(() => {
    (window as unknown as { stayed: boolean }).stayed = true;
  });
  await page.getByRole('button', { name: text('en', 'common:theme.toDark') }).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect(page.getByRole('button', { name: text('en', 'common:theme.toLight') })).toBeVisible();

  await chooseLanguage(page, 'bn');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('bn', 'blog:title'));
  await expect(page.getByRole('button', { name: text('bn', 'common:theme.toLight') })).toBeVisible();
  // Switched by the app without a reload (a static page reloads instead).
  expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
});

test('a reader with the Bangla cookie but nothing stored keeps the Bangla page', async ({
  page,
  context,
  baseURL,
}) => {
  await context.addCookies([{ name: 'bw_lng', value: 'bn', url: baseURL! }]);
  const scripts = scriptsOf(page);
  await open(page, '/welcome');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('bn', 'public:welcome.heroTitle'));
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('lng'))).toBe('bn');
  expect(scripts.some((path) => path.startsWith('/assets/start-app-'))).toBe(false);
});

/**
 * Returns after the page has rendered a few more frames and run the tasks queued with them, such
 * as layout-shift reports to a PerformanceObserver.
 */
async function afterFrames(page: Page, frames = 3) {
  await page.evaluate(async (count) => {
    for (let i = 0; i < count; i++) {
      await new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve)));
    }
  }, frames);
}

test('the blog does not jump when a slow list comes back empty', async ({ page }) => {
  await page.setViewportSize({ width: 412, height: 823 });
  await page.addInitScript(() => {
    const shifts: number[] = [];
    (window as unknown as { shifts: number[] }).shifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number })[])
        shifts.push(entry.value);
    }).observe({ type: 'layout-shift', buffered: true });
  });
  // A busy server: the list is held back until the page shows its loading cards, then it comes
  // back empty.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/news?**', async (route) => {
    await held;
    await route.continue();
  });
  await open(page, '/blog?q=nothing-matches-this');
  await expect(page.locator('main [class*="_skeleton_"]').first()).toBeVisible();
  await afterFrames(page);
  release();
  await expect(
    page.getByText(text('en', 'blog:noResults').replace('{{q}}', 'nothing-matches-this')),
  ).toBeVisible();
  await afterFrames(page); // the frames that show the result report their shifts
  const shift = await page.evaluate(() =>
    (window as unknown as { shifts: number[] }).shifts.reduce((sum, value) => sum + value, 0),
  );
  expect(shift).toBeLessThan(0.05);
});
