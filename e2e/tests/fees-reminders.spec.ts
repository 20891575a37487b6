import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { CSRF, signUpTeacher, unique, uniquePhone } from './page-helpers';
import { en, filledText } from './texts';

/**
 * The fees and payments capability in a real browser: a teacher texts a defaulter's parent a dues SMS from
 * the dues list (preview with count and cost, then the send, paid from the quota) and turns the
 * monthly reminder on; an assistant the teacher invited with "May take payments" works the
 * counter, without the owner's actions (voids, refunds, adjustments, special payments).
 */

/** A 1,500 ৳ classroom with one student who has a parent's phone; returns the names. */
async function classroomWithDefaulter(page: Page, accountId: string) {
  const id = unique().slice(-6);
  const classroom = `Physics Dues ${id}`;
  const made = await page.request.post(`/api/accounts/${accountId}/classrooms`, {
    data: { grade: 'Class 9', subject: 'Physics', name: classroom, tuitionFeePaisa: 150_000 },
    headers: CSRF,
  });
  expect(made.status(), await made.text()).toBe(200);
  const classroomId = ((await made.json()) as { id: string }).id;
  const name = `Sadia Rahman ${id}`;
  const parentPhone = uniquePhone('019');
  const added = await page.request.post(`/api/accounts/${accountId}/students`, {
    data: {
      name,
      phone: uniquePhone('017'),
      parent1Phone: parentPhone,
      institution: 'Viqarunnisa Noon School',
      enrolments: [{ classroomId, tuitionFeePaisa: null }],
    },
    headers: CSRF,
  });
  expect(added.ok(), await added.text()).toBe(true);
  return { classroom, name, parentPhone };
}

const dueRow = (page: Page, name: string) => page.getByTestId('dues-row').filter({ hasText: name });

async function quotaOf(api: APIRequestContext, accountId: string): Promise<number> {
  const res = await api.get(`/api/accounts/${accountId}/sms/quota`);
  return ((await res.json()) as { balance: number }).balance;
}

test('a dues SMS to a picked defaulter: preview, send, paid from the quota; the monthly reminder saved', async ({
  page,
}) => {
  test.slow(); // sign-up, the list, a preview, a send and the settings
  const accountId = await signUpTeacher(page, 'DuesSms');
  const { name, parentPhone } = await classroomWithDefaulter(page, accountId);
  const before = await quotaOf(page.request, accountId);

  await page.goto('/teacher/fees');
  await expect(dueRow(page, name)).toContainText('৳1,500');
  await dueRow(page, name)
    .getByRole('checkbox', { name: filledText('en', 'fees:reminders.pick', { name }) })
    .check();
  await page.getByTestId('dues-sms').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByTestId('reminder-template')).toHaveValue(/\{Amount\}/);
  const sample = dialog.getByTestId('reminder-sample');
  // A click while the dialog is still opening can be lost on a busy machine; a preview costs
  // nothing, so it is asked again until it shows.
  await expect(async () => {
    await dialog.getByTestId('reminder-preview').click();
    await expect(sample.first()).toBeVisible({ timeout: 5_000 });
  }).toPass();
  await expect(sample).toContainText(`Dear guardian, ${name} has TK 1,500 in fees due for`);
  await expect(sample).toContainText(parentPhone);
  await dialog.getByTestId('reminder-send').click();
  await expect(dialog).toBeHidden();
  const history = await page.request.get(`/api/accounts/${accountId}/sms/sends`);
  const { items } = (await history.json()) as { items: { parts: number; recipients: number }[] };
  expect(items).toMatchObject([{ recipients: 1 }]);
  expect(await quotaOf(page.request, accountId)).toBe(before - items[0]!.parts);

  // The monthly reminder: on, the 5th, in Bangla.
  await page.getByRole('tab', { name: en('fees:tabs.reminders') }).click();
  const settings = page.getByTestId('reminder-settings');
  await settings.getByRole('switch', { name: en('fees:reminders.settings.enabled') }).click();
  await settings.getByRole('radio', { name: 'বাংলা' }).check();
  await expect(settings.getByTestId('reminder-template')).toHaveValue(/বকেয়া/);
  await settings.getByTestId('reminder-settings-save').click();
  await expect(page.getByText(en('fees:reminders.settings.saved'))).toBeVisible();
  const saved = await page.request.get(`/api/accounts/${accountId}/dues-reminders/settings`);
  expect(await saved.json()).toMatchObject({ enabled: true, dayOfMonth: 5, language: 'bn', lastRun: null });
});

/** The newest SMS to a phone that matches, once the background job has sent it. */
async function smsTo(api: APIRequestContext, to: string, matching: RegExp): Promise<string> {
  let body: string | undefined;
  await expect
    .poll(async () => {
      const res = await api.get('/api/dev/outbox?kind=sms&limit=200');
      const { items } = (await res.json()) as { items: { to: string; body: string }[] };
      body = items.find((item) => item.to === to && matching.test(item.body))?.body;
      return body;
    })
    .toBeTruthy();
  return body as string;
}

test('an assistant invited with "May take payments" collects at the counter, without the owner’s actions', async ({
  page,
  browser,
}) => {
  test.slow(); // two people, an invitation, a sign-in by code and a payment
  const accountId = await signUpTeacher(page, 'Collector');
  const { classroom, name } = await classroomWithDefaulter(page, accountId);
  const phone = uniquePhone();
  await page.goto('/teacher/team');
  const inviteForm = page.locator('.ant-card').filter({ hasText: 'Invite an assistant' });
  await inviteForm.getByText('By phone').click();
  await inviteForm.getByLabel('Mobile number').fill(phone);
  await inviteForm.getByLabel(en('app:team.assistant.collectPayments')).click();
  await inviteForm.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText('The invitation has been sent.').last()).toBeVisible();

  const context = await browser.newContext();
  const assistant = await context.newPage();
  await assistant.goto('/phone-login');
  await assistant.getByLabel('Mobile number').fill(phone);
  await assistant.getByRole('button', { name: 'Send code' }).click();
  const code = /\b(\d{6})\b/.exec(await smsTo(assistant.request, `+88${phone}`, /sign-in code/i))?.[1] ?? '';
  await assistant.getByLabel('6-digit code').fill(code);
  await assistant.getByRole('button', { name: 'Sign in', exact: true }).click();
  const invitation = assistant.locator('.ant-list-item').filter({ hasText: 'Collector Coaching' });
  await expect(invitation.getByText(en('app:team.assistant.collectPayments'))).toBeVisible();
  await invitation.getByRole('button', { name: 'Accept' }).click();
  await expect(assistant.getByText('You have no invitations waiting.')).toBeVisible();

  // Fees is in the assistant's menu: the dues list, no special payments or reminders, no dues SMS.
  await assistant
    .getByRole('navigation')
    .getByRole('menuitem', { name: en('app:nav.fees') })
    .click();
  await expect(dueRow(assistant, name)).toContainText('৳1,500');
  await expect(assistant.getByRole('tab', { name: en('fees:tabs.charges') })).toHaveCount(0);
  await expect(assistant.getByRole('tab', { name: en('fees:tabs.reminders') })).toHaveCount(0);
  await expect(assistant.getByTestId('dues-sms')).toHaveCount(0);

  // The counter: no adjusting; a cash payment with receipt no. 1; no void or refund.
  await dueRow(assistant, name).click();
  const line = assistant.getByTestId('due-line').filter({ hasText: classroom });
  await expect(line).toContainText(en('fees:status.due'));
  await expect(line.getByRole('button', { name: en('fees:lines.adjust') })).toHaveCount(0);
  await line.getByRole('checkbox').check();
  await assistant.getByRole('button', { name: en('fees:collect.button') }).click();
  await expect(assistant.getByTestId('receipt-number')).toHaveText(
    filledText('en', 'fees:receipt.number', { number: '1' }),
  );
  await assistant.getByRole('button', { name: en('fees:collect.ok') }).click();
  await expect(line).toContainText(en('fees:status.paid'));
  const payment = assistant.getByTestId('payment-row');
  await expect(payment).toHaveCount(1);
  await expect(payment.getByRole('button', { name: en('fees:history.void') })).toHaveCount(0);
  await expect(payment.getByRole('button', { name: en('fees:history.refundButton') })).toHaveCount(0);
  await context.close();
});
