import { expect, test } from '@playwright/test';
import { noSidewaysScroll, open, publishTerm } from './page-helpers';
import { familyOfTwo, issueKiosk, phoneBrowser, signInByPhone } from './portal-helpers';
import { en, filledText, text } from './texts';

/**
 * The family portal for a parent on a 375 px phone (the acceptance of the family portal): signs
 * in by a code to the phone, gives a name, sees both children, pays a month online through the
 * SSLCommerz stand-in and comes back to the fees page with the receipt and the dues updated; a
 * kiosk punch shows on the open attendance page without a reload; in Bangla, the parent opens a
 * published report card from Results and acknowledges it.
 */

test('a parent signs in by code, gives a name, sees two children and pays a month online', async ({
  page,
  browser,
}) => {
  test.slow(); // a sign-in by SMS code, a gateway round trip and the receipt
  const family = await familyOfTwo(page, 'PortalPay');
  const [rafi, nila] = family.children;

  const parent = await phoneBrowser(browser);
  await signInByPhone(parent, family.parentPhone);
  await expect(parent).toHaveURL(/\/parent\/dashboard$/);

  // Asked once for a name; until then the header says whose parent this is.
  await expect(parent.getByTestId('name-prompt')).toBeVisible();
  const parentOf = (name: string) => filledText('en', 'portal:who.parentOf', { name });
  await expect(parent.getByTestId('portal-who')).toHaveText(
    new RegExp(`^(${parentOf(rafi.name)}|${parentOf(nila.name)})$`),
  );
  await parent.getByTestId('name-input').fill('Rahima Khatun');
  await parent.getByTestId('name-save').click();
  await expect(parent.getByTestId('name-prompt')).toBeHidden();
  await expect(parent.getByTestId('portal-who')).toHaveText('Rahima Khatun');

  // One card per child, each with what is due.
  const cards = parent.getByTestId('child-card');
  await expect(cards).toHaveCount(2);
  await expect(cards.filter({ hasText: rafi.name }).getByTestId('child-due')).toHaveText('৳1,000');
  await expect(cards.filter({ hasText: nila.name }).getByTestId('child-due')).toHaveText('৳1,000');
  await noSidewaysScroll(parent, 'parent home at 375 px');
  // Every menu entry is in view on the phone (the menu wraps rather than scrolling sideways).
  const menuLinks = parent.getByRole('navigation', { name: en('portal:menu.label') }).getByRole('link');
  expect(await menuLinks.count()).toBeGreaterThan(4);
  for (const box of await menuLinks.evaluateAll((links) => links.map((a) => a.getBoundingClientRect().right)))
    expect(box).toBeLessThanOrEqual(375);

  // Pay now leads to the child's fees; the month is ticked and paid at the gateway stand-in.
  await cards.filter({ hasText: rafi.name }).getByTestId('child-pay').click();
  await expect(parent).toHaveURL(new RegExp(`/parent/fees\\?student=${rafi.id}$`));
  await expect(parent.getByTestId('fees-total-due')).toContainText('৳1,000');
  await expect(parent.getByTestId('fees-pay-total')).toHaveText('৳1,000');
  await noSidewaysScroll(parent, 'fees at 375 px');
  await parent.getByTestId('fees-pay').click();
  await parent.getByTestId('ssl-pay').click();
  await expect(parent).toHaveURL(/\/paymentsuccess\?tran=/);
  await expect(parent.getByTestId('pay-outcome-paid')).toBeVisible();

  // Back on the portal's fees page: nothing due, the payment listed with its receipt.
  await parent.getByTestId('pay-back-to-portal').click();
  await expect(parent).toHaveURL(new RegExp(`/parent/fees\\?student=${rafi.id}$`));
  await expect(parent.getByTestId('fees-total-due')).toContainText('৳0');
  await expect(parent.getByTestId('fees-payment')).toHaveCount(1);
  await parent.getByTestId('fees-receipt').click();
  await expect(parent).toHaveURL(/\/student-payment-receipt\?key=/);
  await expect(parent.getByTestId('receipt-total')).toHaveText('৳1,000');

  // The other child still owes its month.
  await parent.goto('/parent/dashboard');
  await expect(cards.filter({ hasText: rafi.name }).getByTestId('child-due')).toHaveText('৳0');
  await expect(cards.filter({ hasText: nila.name }).getByTestId('child-due')).toHaveText('৳1,000');
  await parent.context().close();
});

test('a punch at the kiosk appears on the parent’s open attendance page without a reload', async ({
  page,
  browser,
}) => {
  test.slow();
  const family = await familyOfTwo(page, 'PortalLive');
  const [rafi] = family.children;
  const key = await issueKiosk(page, family.accountId);

  const parent = await phoneBrowser(browser);
  await signInByPhone(parent, family.parentPhone);
  await expect(parent).toHaveURL(/\/parent\/dashboard$/);
  await parent.goto(`/parent/attendance?student=${rafi.id}`);
  await expect(
    parent.getByRole('heading', { name: filledText('en', 'portal:attendance.title', { name: rafi.name }) }),
  ).toBeVisible();
  await expect(parent.getByTestId('attendance-today-empty')).toBeVisible();
  await noSidewaysScroll(parent, 'attendance at 375 px');

  // Anything set on the page now is gone after a reload.
  await parent.evaluate(() => {
    (window as unknown as { stillHere: boolean }).stillHere = true;
  });

  // The gate's kiosk reads Rafi's card.
  const tablet = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
  await open(tablet, `/access-control-qr-scanner?key=${encodeURIComponent(key)}`);
  const field = tablet.getByTestId('kiosk-rfid');
  await expect(field).toBeFocused();
  await tablet.keyboard.type(rafi.card);
  await tablet.keyboard.press('Enter');
  await expect(tablet.getByTestId('kiosk-student-name')).toHaveText(rafi.name);

  // The parent's page shows the entry, with no reload in between.
  await expect(parent.getByTestId('attendance-punch')).toHaveCount(1);
  await expect(parent.getByTestId('attendance-punch')).toHaveAttribute('data-direction', 'entry');
  // No roll call was taken today: the calendar still marks the day as "at the centre".
  await expect(parent.locator('[data-testid="attendance-day"][data-today]').first()).toHaveAttribute(
    'data-status',
    'arrived',
  );
  expect(await parent.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);
  await tablet.context().close();
  await parent.context().close();
});

test('in Bangla, the parent opens a published report card from Results and acknowledges it', async ({
  page,
  browser,
}) => {
  test.slow();
  const family = await familyOfTwo(page, 'PortalResults');
  const [rafi, nila] = family.children;
  await publishTerm(page, family.accountId, family.classroomId, [rafi.id, nila.id]);

  const parent = await phoneBrowser(browser, 'bn');
  await signInByPhone(parent, family.parentPhone);
  await expect(parent).toHaveURL(/\/parent\/dashboard$/);
  await expect(parent.locator('html')).toHaveAttribute('lang', 'bn');
  await parent.getByTestId('name-skip').click();
  await expect(parent.getByTestId('name-prompt')).toBeHidden();

  // Bangla words and digits: ৳১,০০০ due, the latest result on the card.
  const card = parent.getByTestId('child-card').filter({ hasText: rafi.name });
  await expect(card.getByTestId('child-due')).toHaveText('৳১,০০০');
  await expect(card.getByTestId('child-result')).toContainText('Half-yearly 2026');
  await expect(parent.getByTestId('portal-menu-reports')).toHaveText(text('bn', 'portal:menu.reports'));

  await card.getByRole('link', { name: text('bn', 'portal:menu.reports') }).click();
  await expect(parent).toHaveURL(new RegExp(`/parent/reports\\?student=${rafi.id}$`));
  await expect(parent.getByTestId('results-assessment')).toHaveCount(1);
  await expect(parent.getByTestId('results-assessment')).toContainText('২০০-এর মধ্যে ১৭৫');
  await noSidewaysScroll(parent, 'results at 375 px in Bangla');
  await parent.getByTestId('results-open').click();

  // The report card page (the same as from a result SMS): acknowledge it.
  await expect(parent).toHaveURL(/\/viewreport\?key=/);
  await expect(parent.getByTestId('report-student')).toHaveText(rafi.name);
  await parent.getByTestId('report-acknowledge').click();
  await expect(parent.getByTestId('report-acknowledged')).toBeVisible();

  // Results now say it was acknowledged.
  await parent.goto(`/parent/reports?student=${rafi.id}`);
  await expect(parent.getByTestId('results-card')).toHaveAttribute('data-acknowledged', 'true');
  await parent.context().close();
});
