import { expect, type Page, test } from '@playwright/test';
import { CSRF, signUpTeacher, unique, uniquePhone } from './page-helpers';

/**
 * The public status page (running the platform, item 2): the server's own HTML with no script,
 * a failing SMS gateway showing on it from real sends, and an incident staff post from their
 * dashboard appearing on it.
 */

const STAFF = { email: 'staff@demo.batchwise.bd', password: 'Batchwise demo 2026' };
const FAILING_NUMBERS = 60;

const smsPart = (page: Page) => page.locator('[data-component^="sms:"]');

test('the status page is plain HTML: no script, in English or Bangla', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  await page.goto('/server-status/');
  await expect(page.getByRole('heading', { name: 'Batchwise system status' })).toBeVisible();
  await expect(page.locator('[data-component="database"] [data-state]')).toHaveAttribute(
    'data-state',
    'operational',
  );
  await page.getByRole('link', { name: 'বাংলা' }).click();
  await expect(page.getByRole('heading', { name: 'ব্যাচওয়াইজ সিস্টেমের অবস্থা' })).toBeVisible();
  expect(scripts).toEqual([]);
});

test('a failing SMS gateway shows on the status page within a minute', async ({ page }) => {
  const accountId = await signUpTeacher(page, 'Status');
  // The local gateway fails every message to these numbers, as a gateway in trouble answers.
  const numbers = Array.from({ length: FAILING_NUMBERS }, () => uniquePhone('019'));
  const faults = await page.request.put('/api/dev/sms-faults', {
    data: { failNumbers: numbers.map((n) => `+88${n}`) },
    headers: CSRF,
  });
  expect(faults.status(), await faults.text()).toBe(200);
  try {
    const sent = await page.request.post(`/api/accounts/${accountId}/sms/sends`, {
      data: { text: `Exam moved ${unique()}`, numbers: numbers.join(' '), urgent: true },
      headers: CSRF,
    });
    expect(sent.status(), await sent.text()).toBe(200);
    await page.goto('/server-status/');
    // The page refreshes itself; reloading here only looks sooner. Other tests' SMS go through at
    // the same time, so the gateway may read degraded rather than down: either is "failing".
    await expect(async () => {
      await page.reload();
      expect(await smsPart(page).locator('[data-state]').getAttribute('data-state')).toMatch(/degraded|down/);
    }).toPass({ timeout: 60_000 });
    await expect(smsPart(page)).toContainText(/failed in the last 15 minutes/);
  } finally {
    await page.request.put('/api/dev/sms-faults', { data: { failNumbers: [] }, headers: CSRF });
  }
});

test('staff post an incident and it appears on the status page', async ({ page }) => {
  const signedIn = await page.request.post('/api/auth/sign-in', { data: STAFF, headers: CSRF });
  expect(signedIn.status(), await signedIn.text()).toBe(200);
  const title = `Payments slow ${unique()}`;
  await page.goto('/staff/dashboard');
  const card = page.getByTestId('status-incidents');
  await card.getByLabel('Title').fill(title);
  await card.getByLabel('What we know').first().fill('bKash payments take a few minutes to confirm.');
  await card.getByRole('button', { name: 'Post incident' }).click();
  await expect(card.getByText('The incident is on the status page.')).toBeVisible();
  await expect(card.getByText(title)).toBeVisible();

  await page.goto('/server-status/');
  const incident = page.locator('[data-incident]', { hasText: title });
  await expect(incident).toContainText('bKash payments take a few minutes to confirm.');
  await expect(incident).toContainText('Investigating');
});
