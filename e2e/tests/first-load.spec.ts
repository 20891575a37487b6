import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { type Browser, expect, type Locator, type Page, test } from '@playwright/test';
import { liveUpdatesOpen } from './live-updates';
import { CSRF, publishTerm, signInDemo } from './page-helpers';
import { familyOfTwo, PHONE, signInByPhone } from './portal-helpers';

/**
 * The families' first-load budget (spec part 1 §2.3 "Loading by role"; bench `BENCH_ONLY=loads`
 * has the Lighthouse figures): the parent's home and the pages opened from an SMS (receipt, pay
 * link, report card) download at most 150 kB of JavaScript as transferred (gzip) on a cold cache.
 */
const FAMILY_BUDGET_BYTES = 150_000;

/**
 * The signed-in shell with the teacher's dashboard (spec part 1 §2.3: at most 30 requests and
 * 300 kB of JavaScript gzip), counted as transferred (brotli here: about 252 kB; the same files
 * gzipped come to about 293 kB, the bench's `teacher_dashboard_first_load_js_gzip`). React, React
 * Router, i18next and TanStack Query are about 150 kB gzip of it and Ant Design's core (theme,
 * CSS-in-JS, Menu, Dropdown, Tooltip, Layout, Button, Alert and the menu's icons) most of the
 * rest. What keeps it there: the frame calls its endpoints by route, without the contracts' zod
 * schemas (domain `SHELL_ROUTES`); toasts and confirmation dialogs load when first shown
 * (components/antd/feedback-app.tsx); Ant Design's tooltip and button bring neither the form
 * engine, the colour picker nor its collapse (vite/direct-imports.ts); the frame draws its own
 * text, boxes and progress bars; drawers and page tabs load when first opened.
 */
const SHELL_BUDGET = { requests: 30, scriptBytes: 300_000 };

/**
 * Opens `path` in a fresh phone-sized context (an empty cache) with these cookies, waits until
 * every one of `shown` is visible (the page's code has run: every chunk of the first load has
 * arrived) and, for a signed-in page, its live updates are open (its last start-up step), and
 * returns the bytes of JavaScript the browser received, compressed as sent, and every request the
 * load made.
 */
async function firstLoadScriptBytes(
  browser: Browser,
  path: string,
  shown: (page: Page) => Locator | Locator[],
  cookies: Parameters<Awaited<ReturnType<Browser['newContext']>>['addCookies']>[0] = [],
  live = false,
): Promise<{ bytes: number; files: string[]; requests: string[] }> {
  const context = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
  await context.addCookies(cookies);
  const page = await context.newPage();
  const sizes: Promise<{ url: string; bytes: number }>[] = [];
  const requests: string[] = [];
  page.on('request', (request) => requests.push(new URL(request.url()).pathname));
  page.on('requestfinished', (request) => {
    if (request.resourceType() !== 'script') return;
    sizes.push(
      request.sizes().then((s) => ({ url: new URL(request.url()).pathname, bytes: s.responseBodySize })),
    );
  });
  const connected = live ? liveUpdatesOpen(page) : null;
  await page.goto(path);
  for (const locator of [shown(page)].flat()) await expect(locator).toBeVisible();
  await connected;
  const scripts = await Promise.all(sizes);
  await context.close();
  return { bytes: scripts.reduce((sum, s) => sum + s.bytes, 0), files: scripts.map((s) => s.url), requests };
}

test('the signed-in shell and the teacher dashboard stay within their first-load budget', async ({
  page,
  browser,
}) => {
  await signInDemo(page, 'teacher');
  const { bytes, files, requests } = await firstLoadScriptBytes(
    browser,
    '/teacher/dashboard',
    (p) => [
      p.getByRole('heading', { name: 'Teacher dashboard' }),
      p.getByTestId('verification-notice'),
      p.getByTestId('getting-started'),
      p.getByText('Recent activity'),
    ],
    await page.context().cookies(),
    true,
  );
  expect(requests.length, requests.join('\n')).toBeLessThanOrEqual(SHELL_BUDGET.requests);
  expect(bytes, `${files.length} scripts`).toBeLessThanOrEqual(SHELL_BUDGET.scriptBytes);
  // English pages fetch the Latin font files only (app/fonts.css), neither Bengali nor the
  // Chinese and Arabic faces (lib/script-fonts.ts) nor the other languages' antd texts.
  expect(requests.filter((path) => /bengali|noto-sans|zh_CN|ar_EG|fr_FR/.test(path))).toEqual([]);
});

test('the parent home and the pages families open from an SMS load at most 150 kB of JavaScript', async ({
  page,
  browser,
}) => {
  test.slow(); // a family, a payment, a published term and five cold loads
  const family = await familyOfTwo(page, 'Budget');
  const [rafi, nila] = family.children;
  const base = `/api/accounts/${family.accountId}`;

  const dues = (await (await page.request.get(`${base}/students/${rafi.id}/dues`)).json()) as {
    lines: { month: string }[];
  };
  const paid = await page.request.post(`${base}/students/${rafi.id}/payments`, {
    data: {
      method: 'cash',
      allocations: [
        { kind: 'month', classroomId: family.classroomId, month: dues.lines[0]!.month, amountPaisa: 100_000 },
      ],
    },
    headers: CSRF,
  });
  expect(paid.status(), await paid.text()).toBe(201);
  const { receiptLink } = (await paid.json()) as { receiptLink: string };
  const payLink = await page.request.post(`${base}/students/${nila.id}/pay-link`, { headers: CSRF });
  expect(payLink.status(), await payLink.text()).toBe(200);
  const { url: payUrl } = (await payLink.json()) as { url: string };
  await publishTerm(page, family.accountId, family.classroomId, [rafi.id, nila.id]);
  const issued = await page.request.post(`${base}/classrooms/${family.classroomId}/report-cards/links`, {
    data: { term: 'Half-yearly 2026' },
    headers: CSRF,
  });
  expect(issued.status(), await issued.text()).toBe(201);
  const { links } = (await issued.json()) as { links: { url: string }[] };

  const parent = await browser.newContext({ viewport: PHONE });
  const parentPage = await parent.newPage();
  await signInByPhone(parentPage, family.parentPhone);
  await expect(parentPage).toHaveURL(/\/parent\/dashboard$/);
  const parentCookies = await parent.cookies();
  await parent.close();

  const pathOf = (url: string) => {
    const u = new URL(url, 'http://x');
    return `${u.pathname}${u.search}`;
  };
  const loads = [
    {
      name: 'parent home',
      path: '/parent/dashboard',
      shown: (p: Page) => p.getByTestId('child-card').first(),
      cookies: parentCookies,
    },
    { name: 'receipt', path: pathOf(receiptLink), shown: (p: Page) => p.getByTestId('receipt-number') },
    { name: 'pay link', path: pathOf(payUrl), shown: (p: Page) => p.getByText(nila.name).first() },
    {
      name: 'report card',
      path: pathOf(links[0]!.url),
      shown: (p: Page) => p.getByTestId('report-acknowledge'),
    },
  ];
  for (const load of loads) {
    const { bytes, files } = await firstLoadScriptBytes(browser, load.path, load.shown, load.cookies);
    expect(bytes, `${load.name}: ${files.length} scripts, ${bytes} bytes`).toBeLessThanOrEqual(
      FAMILY_BUDGET_BYTES,
    );
  }
});

test('signed-out pages log no console errors', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`${page.url()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.message}`));
  // The landing page, the sign-in pages (they ask whether the visitor is signed in already) and a
  // signed-in page, which sends the visitor to sign-in.
  await page.goto('/welcome');
  await page.locator('#root:not([data-prerendered])').waitFor({ state: 'attached' });
  for (const path of ['/signin', '/phone-login', '/signup']) {
    await page.goto(path);
    await expect(page.locator('form')).toBeVisible();
  }
  await page.goto('/teacher/dashboard');
  await expect(page).toHaveURL(/\/signin\?redirect=/);
  await expect(page.locator('form')).toBeVisible();
  await page.goto('/parent/dashboard');
  await expect(page).toHaveURL(/\/signin\?redirect=/);
  await expect(page.locator('form')).toBeVisible();
  expect(errors).toEqual([]);
});

test("every page's one style sheet is small and holds no Chinese or Arabic faces", async ({ request }) => {
  // The sheet blocks every page's first paint (vite.config.ts `cssCodeSplit: false`); the script
  // fonts' sheets load on pages in their language only (vite/script-font-sheets.ts).
  const html = await (await request.get('/teacher/dashboard')).text();
  const sheets = [...html.matchAll(/<link rel="stylesheet"[^>]*href="([^"]+)"/g)].map(([, href]) => href);
  expect(sheets).toHaveLength(1);
  const css = fs.readFileSync(path.resolve(import.meta.dirname, '../../apps/web/dist', `.${sheets[0]}`));
  const families = [...css.toString().matchAll(/@font-face\{font-family:"?([^;"]+)/g)].map(
    ([, family]) => family,
  );
  expect([...new Set(families)].sort()).toEqual(['Hind Siliguri', 'Hind Siliguri Bengali']);
  expect(css.includes('data:font'), 'a font inlined into the sheet').toBe(false);
  expect(zlib.gzipSync(css, { level: 9 }).length).toBeLessThanOrEqual(30_000);
});
