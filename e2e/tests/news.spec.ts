import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { liveUpdatesOpen } from './live-updates';
import { CSRF, open, scriptsOf } from './page-helpers';
import { text } from './texts';

/**
 * News on the public site (issues 6 and 18): a staff member publishing, the blog's search and
 * Load More, the server-filled news on /welcome and its live update. These tests publish news and
 * each expects its own items among the latest, so they run one after another: run beside each
 * other, one test's 22 blog items pushed another's item off the landing page's three.
 */
test.describe.configure({ mode: 'serial' });

const STAFF = { email: 'staff@demo.batchwise.bd', password: 'Batchwise demo 2026' };

async function signInAsStaff(api: APIRequestContext) {
  const res = await api.post('/api/auth/sign-in', { data: STAFF, headers: CSRF });
  expect(res.ok()).toBe(true);
}

async function publish(api: APIRequestContext, title: string) {
  await signInAsStaff(api);
  const res = await api.post('/api/staff/news', {
    data: { title, description: `<p>${title}</p>`, status: 'published' },
    headers: CSRF,
  });
  expect(res.status()).toBe(201);
}

async function staffPublishes(page: Page, title: string) {
  await page.goto('/staff/news');
  await page.getByRole('button', { name: 'New news item' }).click();
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Author').fill('Batchwise team');
  const editor = page.getByRole('textbox', { name: 'Description' });
  await editor.fill('Admission for the January batches opens on Sunday. ');
  await editor.press('End');
  await page.getByRole('button', { name: 'Bold' }).click();
  await editor.pressSequentially('Seats are limited.');
  await expect(editor.locator('b, strong')).toHaveText('Seats are limited.');
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(page.getByText('Published: it is now on the public site.')).toBeVisible();
}

test('pages are readable without JavaScript, in the language of the cookie', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/pricing');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('en', 'pricing:title'));
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${baseURL}/pricing`);
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', /Pricing/);
  await context.addCookies([{ name: 'bw_lng', value: 'bn', url: baseURL! }]);
  await page.goto('/casestudy');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('bn', 'company:caseStudy.title'));
  await expect(page.getByRole('link', { name: text('bn', 'public:cta.startFree') }).first()).toBeVisible();
  await context.close();
});

test('the blog searches and loads 20 more at a time; a news item opens in a new tab', async ({
  page,
  context,
  request,
}) => {
  await signInAsStaff(request);
  const run = Date.now().toString(36);
  for (let i = 0; i < 22; i++) await publish(request, `Routine ${run} notice n${i}n`);

  await open(page, '/blog');
  const cards = page.locator('main article');
  await expect(cards).toHaveCount(20);
  await page.getByRole('button', { name: 'Load More' }).click();
  await expect.poll(() => cards.count()).toBeGreaterThan(20);

  await page.getByRole('searchbox').fill(`${run} n7n`);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(cards).toHaveCount(1);
  await expect(page.getByText(`Results for “${run} n7n”`)).toBeVisible();

  const [tab] = await Promise.all([context.waitForEvent('page'), cards.first().getByRole('link').click()]);
  await expect(tab).toHaveURL(/\/OpenNews\?key=/);
  await expect(tab.getByRole('heading', { level: 1 })).toHaveText(`Routine ${run} notice n7n`);
  await expect(tab.getByText('Announcement')).toBeVisible();
  await expect(tab.getByText('1 min read')).toBeVisible();
  await expect(tab).toHaveTitle(`Routine ${run} notice n7n · Batchwise`);
});

test('a staff member publishes news and it appears on /welcome and, live, on /blog', async ({
  page,
  context,
  browser,
}) => {
  test.slow(); // signs in, edits, publishes and waits for the live update
  const title = `January admission open ${Date.now().toString(36)}`;
  // A visitor already reading the blog in another browser.
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  const connected = liveUpdatesOpen(visitor);
  await visitor.goto('/blog');
  await expect(visitor.locator('main article').first()).toBeVisible();
  await connected; // the blog connects its live updates after loading

  await signInAsStaff(context.request);
  await staffPublishes(page, title);

  await expect(visitor.getByRole('heading', { name: title })).toBeVisible();
  await visitorContext.close();

  await page.goto('/welcome');
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  const [tab] = await Promise.all([
    context.waitForEvent('page'),
    page.getByRole('link', { name: new RegExp(title) }).click(),
  ]);
  await expect(tab.locator('main b, main strong').filter({ hasText: 'Seats are limited.' })).toBeVisible();
});

test('/welcome shows the latest news from the server, without JavaScript, in the cookie language', async ({
  browser,
  request,
  baseURL,
}) => {
  const title = `Open day ${Date.now().toString(36)}`;
  await publish(request, title);
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/welcome');
  const cards = page.locator('[data-news-slot] article');
  await expect(cards).toHaveCount(3);
  await expect(cards.first().getByRole('heading')).toHaveText(
    `${title} ${text('en', 'public:news.opensInNewTab')}`,
  );
  await expect(cards.first().getByText(text('en', 'public:news.defaultLabel'))).toBeVisible();

  await context.addCookies([{ name: 'bw_lng', value: 'bn', url: baseURL! }]);
  await page.goto('/welcome');
  await expect(cards.first().getByRole('heading')).toContainText(title);
  await expect(cards.first().getByText(text('bn', 'public:news.defaultLabel'))).toBeVisible();
  await context.close();
});

test('news published while /welcome is open appears without starting the app', async ({ page, request }) => {
  test.slow(); // waits for the page to connect its live updates
  const scripts = scriptsOf(page);
  const connected = liveUpdatesOpen(page);
  await open(page, '/welcome');
  await connected; // live updates connect a moment after the page has loaded
  const title = `Scholarship results ${Date.now().toString(36)}`;
  await publish(request, title);
  await expect(page.locator('[data-news-slot] article').first().getByRole('heading')).toContainText(title);
  await expect(page.locator('[data-news-slot] article')).toHaveCount(3);
  expect(scripts.some((path) => path.startsWith('/assets/start-app-'))).toBe(false);
});
