import { type Browser, expect, type Page, test } from '@playwright/test';
import { CSRF, noSidewaysScroll, signUpTeacher, unique } from './page-helpers';
import { phoneBrowser } from './portal-helpers';
import { en, filledText } from './texts';
import { expectPlays, lessonClip } from './video-helpers';

/**
 * Public video courses: the teacher publishes a processed course free from the course on their
 * video page; a visitor with no account opens the link on a 375 px phone, within the families'
 * first-load budget, and plays the lesson. Unpublished, the link says the course is not available.
 * Published paid, the visitor is asked to buy, pays through the SSLCommerz stand-in (its hosted
 * page and IPN), lands back on their access link, and plays once the IPN has confirmed; the
 * access link plays again in another browser, while a visitor without it is asked to buy. The
 * teacher sees the buyer.
 */

/** As first-load.spec.ts: the JavaScript a phone on a cold cache downloads for an SMS link page. */
const FAMILY_BUDGET_BYTES = 150_000;

async function playsLesson(visitor: Page) {
  await visitor.getByTestId('video-lesson').filter({ hasText: 'newtons-laws' }).click();
  await expectPlays(visitor);
}

/** Opens the link on a fresh phone and answers the page and the script bytes its first load took. */
async function openOnPhone(browser: Browser, url: string, language: 'en' | 'bn' = 'en') {
  const visitor = await phoneBrowser(browser, language);
  const sizes: Promise<number>[] = [];
  visitor.on('requestfinished', (request) => {
    if (request.resourceType() === 'script') sizes.push(request.sizes().then((s) => s.responseBodySize));
  });
  await visitor.goto(url);
  await expect(visitor.getByRole('heading', { name: 'Physics for everyone', level: 1 })).toBeVisible();
  const bytes = (await Promise.all(sizes)).reduce((sum, b) => sum + b, 0);
  return { visitor, bytes };
}

test('a visitor plays a free public course at 375 px, and buys a paid one through the gateway', async ({
  page,
  browser,
}) => {
  test.slow(); // a transcode, three browsers and a gateway round trip
  const accountId = await signUpTeacher(page, 'PublicVideo');

  // The teacher uploads the lesson, puts it in a course and publishes it free.
  await page.goto('/private-video-course');
  await page.getByTestId('resumable-upload-input').setInputFiles(lessonClip());
  const row = page.getByTestId('video-row').filter({ hasText: 'newtons-laws' });
  await expect(row).toContainText(en('video:status.ready'), { timeout: 110_000 });
  const library = await page.request.get(`/api/accounts/${accountId}/videos`);
  const videoId = ((await library.json()).videos as { id: string }[])[0]!.id;
  const created = await page.request.post(`/api/accounts/${accountId}/video-courses`, {
    data: { title: 'Physics for everyone', chapters: [{ title: 'Motion', videoIds: [videoId] }] },
    headers: CSRF,
  });
  expect(created.ok(), await created.text()).toBe(true);
  await page.reload();
  const course = page.getByTestId('video-course').filter({ hasText: 'Physics for everyone' });
  await course.getByTestId('video-publish-open').click();
  await course.getByTestId('video-publish-submit').click();
  await expect(course.getByTestId('video-publish-state')).toHaveText(en('video:publish.free'));
  const freeLink = await course.getByTestId('video-publish-link').inputValue();
  expect(freeLink).toMatch(/\/public-video-course\?key=[\w-]{32,}$/);

  // A visitor with no account opens it on a phone and plays the lesson.
  const { visitor, bytes } = await openOnPhone(browser, freeLink);
  expect(bytes).toBeGreaterThan(0);
  expect(bytes, `first load: ${bytes} bytes of script`).toBeLessThanOrEqual(FAMILY_BUDGET_BYTES);
  await expect(visitor.getByTestId('video-course-by')).toContainText('PublicVideo Coaching');
  await expect(visitor.getByTestId('video-lesson')).toContainText('0:04');
  await playsLesson(visitor);
  await noSidewaysScroll(visitor, 'public course player at 375 px');

  // Unpublished, the same link says the course is not available.
  await course.getByTestId('video-unpublish').click();
  await page
    .locator('.ant-popconfirm')
    .getByRole('button', { name: en('video:publish.unpublish') })
    .click();
  await expect(course.getByTestId('video-publish-submit')).toBeVisible();
  await visitor.reload();
  await expect(visitor.getByTestId('video-course-unavailable')).toHaveText(
    en('domain:VIDEO_COURSE_UNAVAILABLE'),
  );
  await visitor.context().close();

  // With SSLCommerz switched on, the teacher publishes it again for 250 taka.
  const id = unique().slice(-6);
  const settings = await page.request.put(`/api/accounts/${accountId}/merchant-settings`, {
    data: {
      onlinePayment: true,
      sslcommerz: { enabled: true, mode: 'sandbox', storeId: `store${id}`, storePassword: `pass-${id}` },
    },
    headers: CSRF,
  });
  expect(settings.ok(), await settings.text()).toBe(true);
  await course.getByTestId('video-publish-pricing').getByText(en('video:publish.paid')).click();
  await course.getByTestId('video-publish-price').fill('250');
  await course.getByTestId('video-publish-submit').click();
  await expect(course.getByTestId('video-publish-state')).toHaveText(
    filledText('en', 'video:publish.paidAt', { price: '৳250' }),
  );
  const paidLink = await course.getByTestId('video-publish-link').inputValue();
  expect(paidLink).not.toBe(freeLink);

  // The buyer is asked to pay; the lessons stay shut until then.
  const buyer = (await openOnPhone(browser, paidLink)).visitor;
  await expect(buyer.getByTestId('video-lesson')).toBeDisabled();
  await buyer.getByTestId('video-buy-name').fill('Mitu Akter');
  await buyer.getByTestId('video-buy-phone').fill('01712345678');
  await noSidewaysScroll(buyer, 'buy form at 375 px');
  await buyer.getByTestId('video-buy').click();
  // The stand-in's hosted page: paying posts the IPN to the server, then sends the browser back.
  await buyer.getByTestId('ssl-pay').click();
  await expect(buyer).toHaveURL(/\/public-video-course\?key=.+&access=/);
  await expect(buyer.getByTestId('video-access-granted')).toBeVisible();
  await playsLesson(buyer);
  const accessLink = buyer.url();
  await buyer.context().close();

  // The access link plays again elsewhere without paying; without it, the page asks to buy.
  const again = await phoneBrowser(browser);
  await again.goto(accessLink);
  await playsLesson(again);
  await again.context().close();
  const stranger = (await openOnPhone(browser, paidLink, 'bn')).visitor;
  await expect(stranger.getByTestId('video-buy')).toHaveText(
    filledText('bn', 'video:public.buy', { price: '৳২৫০' }),
  );
  await noSidewaysScroll(stranger, 'buy form in Bangla at 375 px');
  await stranger.context().close();

  // The teacher sees the buyer on the course.
  await page.reload();
  await course.getByTestId('video-publish-open').click();
  const bought = course.getByTestId('video-buyer');
  await expect(bought).toContainText('Mitu Akter');
  await expect(bought).toContainText('+8801712345678');
  await expect(bought).toContainText('৳250');
});
