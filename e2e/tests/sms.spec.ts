import { formatMoney, smsCount } from '@batchwise/domain';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { CSRF, chooseLanguage, signUpTeacher, uniquePhone } from './page-helpers';
import { filledText, text } from './texts';

/**
 * SMS sending in a real browser: switched to Bangla, a message composed to a whole
 * classroom, its parts and cost read in the confirmation, sent, and followed in the history until
 * the console gateway (dispatched by the in-process worker) has sent every message.
 */

const bangla = (value: string | number) => String(value).replace(/\d/g, (d) => '০১২৩৪৫৬৭৮৯'[Number(d)]!);
const bn = (key: string, values?: Record<string, string>) => filledText('bn', key, values);

async function post(api: APIRequestContext, url: string, data: unknown) {
  const res = await api.post(url, { data, headers: CSRF });
  expect(res.status(), await res.text()).toBe(200);
  return res.json() as Promise<Record<string, unknown>>;
}

test('in Bangla: compose to a classroom, confirm parts and cost, send, and see it sent', async ({ page }) => {
  const accountId = await signUpTeacher(page, 'SMS');
  const room = (await post(page.request, `/api/accounts/${accountId}/classrooms`, {
    grade: 'Class 8',
    subject: 'Bangla',
    name: 'এসএমএস ব্যাচ',
    tuitionFeePaisa: 50_000,
  })) as { id: string };
  for (const name of ['নাফিসা তাবাসসুম', 'রাকিব হাসান'])
    await post(page.request, `/api/accounts/${accountId}/students`, {
      name,
      phone: uniquePhone(),
      institution: 'Test School',
      enrolments: [{ classroomId: room.id }],
    });
  const quota = (await (await page.request.get(`/api/accounts/${accountId}/sms/quota`)).json()) as {
    ratePaisa: number;
  };

  await page.goto('/teacher/sms');
  await expect(page.getByRole('heading', { name: 'SMS', level: 2 })).toBeVisible();
  await chooseLanguage(page, 'bn');
  await expect(page.getByRole('heading', { name: bn('sms:title'), level: 2 })).toBeVisible();

  const classrooms = page.getByRole('tabpanel').getByRole('combobox').first();
  await classrooms.fill('এসএমএস ব্যাচ');
  await classrooms.press('Enter');
  await classrooms.press('Escape');
  const message = 'প্রিয় অভিভাবক, আগামী রবিবার সকাল ১০টায় পরীক্ষা হবে। অনুগ্রহ করে পনেরো মিনিট আগে উপস্থিত থাকবেন।';
  // Its name also holds the required field's asterisk.
  await page.getByRole('textbox', { name: bn('sms:compose.text') }).fill(message);
  const { sms: parts, length } = smsCount(message, 'typed');
  expect(parts).toBe(2);
  // The counter is computed in the browser as the text is typed, with the rule it counts by.
  const counter = page.getByTestId('sms-counter');
  await expect(counter).toContainText(bn('sms-count:length', { length: bangla(length) }));
  await expect(counter).toContainText(bn('sms-count:rule.typed', { perSms: bangla(160) }));
  await expect(counter).toContainText(bn('sms-count:sms_other', { formatted: bangla(parts) }));
  // Urgent, so the 00:00–08:00 quiet hours never hold the test's message back.
  await page.getByRole('switch', { name: bn('sms:compose.urgent') }).click();
  await page.getByRole('button', { name: bn('sms:compose.review') }).click();

  const review = page.getByRole('dialog', { name: bn('sms:review.title') });
  await expect(review).toContainText(bn('sms:review.recipients'));
  const total = parts * 2;
  await expect(review).toContainText(
    `${bn('sms:review.parts')}প্রতিটি ${bangla(parts)}, মোট ${bangla(total)}`,
  );
  await expect(review).toContainText(bangla(formatMoney((total * quota.ratePaisa) / 100, 'BDT')));
  await expect(review).toContainText('নাফিসা তাবাসসুম');
  await review.getByRole('button', { name: bn('sms:review.send'), exact: true }).click();

  await expect(page.getByText(bn('sms:compose.sent_other', { formatted: bangla(2) }))).toBeVisible();
  await expect(page).toHaveURL(/tab=history/);
  const row = page.getByRole('row').filter({ hasText: 'প্রিয় অভিভাবক' });
  // The list asks again every few seconds while the worker sends, besides live events.
  await expect(row).toContainText(bn('sms:counts.sent', { formatted: bangla(2) }));
  await expect(row).toContainText(bn('sms:sendStatus.done'));

  await row.getByRole('button', { name: bn('sms:history.details') }).click();
  const drawer = page.getByRole('dialog', { name: bn('sms:detail.title') });
  await expect(drawer.getByRole('row').filter({ hasText: 'রাকিব হাসান' })).toContainText(
    bn('sms:messageStatus.sent'),
  );
});

test('the welcome SMS: off until someone is included, previewed as typed, saved and kept', async ({
  page,
}) => {
  const accountId = await signUpTeacher(page, 'SMS');
  const en = (key: string) => text('en', key);
  await page.goto('/teacher/sms?tab=welcome');
  await expect(page.getByText(en('sms:welcome.off'))).toBeVisible();

  await page.getByRole('checkbox', { name: en('sms:compose.toParent1') }).check();
  await page
    .getByRole('textbox', { name: en('sms:welcome.message') })
    .fill('Welcome {name} ({id}) to {classroom}.');
  // The preview fills the placeholders with sample values as the message is typed.
  await expect(page.getByText('Welcome Nafisa Tabassum (ID-1) to Class 8 Bangla.')).toBeVisible();
  await page.getByRole('button', { name: en('sms:welcome.save') }).click();
  await expect(page.getByText(en('sms:welcome.saved'))).toBeVisible();

  const saved = await (await page.request.get(`/api/accounts/${accountId}/sms/welcome`)).json();
  expect(saved).toEqual({
    includeStudent: false,
    includeParent1: true,
    includeParent2: false,
    message: 'Welcome {name} ({id}) to {classroom}.',
  });
  await page.reload();
  await expect(page.getByRole('textbox', { name: en('sms:welcome.message') })).toHaveValue(saved.message);
  await expect(page.getByRole('checkbox', { name: en('sms:compose.toParent1') })).toBeChecked();
});
