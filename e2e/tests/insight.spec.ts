import { monthOf } from '@batchwise/domain';
import { type APIRequestContext, expect, test } from '@playwright/test';
import {
  addEnrolledStudent,
  CSRF,
  createClassroom,
  noSidewaysScroll,
  signUpTeacher,
  unique,
} from './page-helpers';
import { text } from './texts';

/**
 * Running the platform in a real browser: an owner's business insight shows their collection rate
 * (what was collected of what the dues rules ask this month), with its charts, on a phone too;
 * staff change the landing page's hero on `/config-landing-page` and the public page shows it in
 * both languages.
 */

const STAFF = { email: 'staff@demo.batchwise.bd', password: 'Batchwise demo 2026' };

async function signInAsStaff(api: APIRequestContext) {
  const res = await api.post('/api/auth/sign-in', { data: STAFF, headers: CSRF });
  expect(res.ok()).toBe(true);
}

test("an owner's business insight shows their collection rate", async ({ page }) => {
  test.slow(); // sign-up, a classroom, two students, a payment and the charts' own chunk
  const accountId = await signUpTeacher(page, 'Insight');
  const id = unique().slice(-6);
  const classroomId = await createClassroom(page.request, accountId, `Physics Insight ${id}`);
  // Two students at 1,000 ৳ a month each: 2,000 ৳ due; 500 ৳ collected is a 25% collection rate.
  const studentId = await addEnrolledStudent(page.request, accountId, classroomId, `Nabila Rahman ${id}`);
  await addEnrolledStudent(page.request, accountId, classroomId, `Tanvir Hasan ${id}`);
  const paid = await page.request.post(`/api/accounts/${accountId}/students/${studentId}/payments`, {
    data: {
      method: 'cash',
      allocations: [{ kind: 'month', classroomId, month: monthOf(Date.now()), amountPaisa: 50_000 }],
    },
    headers: CSRF,
  });
  expect(paid.status(), await paid.text()).toBe(201);

  await page.goto('/business-insight');
  await expect(
    page.getByRole('heading', { name: text('en', 'insight:insight.title'), level: 1 }),
  ).toBeVisible();
  await expect(page.getByTestId('insight-collection-rate')).toHaveText('25%');
  await expect(page.getByText('৳500 collected of ৳2,000 due')).toBeVisible();
  await expect(page.locator('.recharts-wrapper').first()).toBeVisible();

  await page.setViewportSize({ width: 375, height: 800 });
  await expect(page.locator('.recharts-wrapper').first()).toBeVisible();
  await noSidewaysScroll(page, '/business-insight at 375 px');
});

test('staff change the landing page hero and the public page shows it', async ({ page, browser }) => {
  test.slow(); // the editor, a save, and the landing page in two languages
  await signInAsStaff(page.request);
  const id = unique().slice(-6);
  // The pitch changes; the titles stay the built-in ones, so other tests reading the landing
  // page's heading at the same time are not disturbed.
  const hero = {
    title: { en: text('en', 'public:welcome.heroTitle'), bn: text('bn', 'public:welcome.heroTitle') },
    pitch: {
      en: `Fees, attendance and SMS for every branch ${id}`,
      bn: `প্রতিটি শাখার বেতন, হাজিরা আর এসএমএস ${id}`,
    },
  };
  try {
    await page.goto('/config-landing-page');
    await expect(
      page.getByRole('heading', { name: text('en', 'insight:landing.title'), level: 1 }),
    ).toBeVisible();
    await page.getByTestId('landing-use-hero').check();
    await page.getByTestId('landing-hero-title-en').fill(hero.title.en);
    await page.getByTestId('landing-hero-title-bn').fill(hero.title.bn);
    await page.getByTestId('landing-hero-pitch-en').fill(hero.pitch.en);
    await page.getByTestId('landing-hero-pitch-bn').fill(hero.pitch.bn);
    await page.getByRole('button', { name: text('en', 'insight:landing.save') }).click();
    await expect(page.getByTestId('landing-saved')).toBeVisible();

    // Visitors (no sign-in) see it on the static landing page, in English and, with the Bangla
    // cookie, in Bangla.
    for (const language of ['en', 'bn'] as const) {
      const visitor = await browser.newContext();
      if (language === 'bn') await visitor.addCookies([{ name: 'bw_lng', value: 'bn', url: page.url() }]);
      const welcome = await visitor.newPage();
      await welcome.goto('/welcome');
      await expect(welcome.getByText(hero.pitch[language])).toBeVisible();
      await expect(welcome.getByRole('heading', { level: 1 })).toHaveText(hero.title[language]);
      await visitor.close();
    }
  } finally {
    const reset = await page.request.put('/api/staff/landing-config', {
      data: { hero: null, testimonials: null, caseStudy: null, featuredNews: [] },
      headers: CSRF,
    });
    expect(reset.ok()).toBe(true);
  }
});
