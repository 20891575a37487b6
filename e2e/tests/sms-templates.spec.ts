import { formatMoney } from '@batchwise/domain';
import { expect, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { signUpTeacher, unique, uniquePhone } from './page-helpers';
import { filledText } from './texts';

/**
 * Messages from a spreadsheet in a real browser (the SMS capability's "Templates from a spreadsheet"): a dues
 * list uploaded as .xlsx, a template written with its columns and an include-if condition, every
 * row's message and the rows left out (with why) previewed as typed, priced by the server in the
 * confirmation, sent, and followed in the history until the console gateway has sent them.
 */

const en = (key: string, values?: Record<string, string>) => filledText('en', key, values);

/** A dues list as a teacher keeps it: one row with no phone, one paid up, one mistyped phone. */
async function duesWorkbook(): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Dues');
  sheet.addRows([
    ['Name', 'Phone', 'Due'],
    ['Rahim Uddin', uniquePhone('017'), 500],
    ['Karim Mia', '', 300],
    ['Nafisa Tabassum', uniquePhone('018'), 0],
    ['Sumon Ahmed', '12345', 200],
    ['Rakib Hasan', uniquePhone('019'), 1200],
  ]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

test('a dues list: upload, write a template, see each message and the rows left out, send', async ({
  page,
}) => {
  const accountId = await signUpTeacher(page, 'Template');
  const quota = (await (await page.request.get(`/api/accounts/${accountId}/sms/quota`)).json()) as {
    ratePaisa: number;
  };
  await page.goto('/teacher/sms?tab=templates');
  const panel = page.getByRole('tabpanel', { name: en('sms:tabs.templates') });
  await expect(panel.getByText(en('sms:templates.upload.drop'))).toBeVisible();

  await panel.locator('input[type=file]').setInputFiles({
    name: 'dues.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: await duesWorkbook(),
  });
  await expect(panel.getByText('dues.xlsx')).toBeVisible();
  await expect(panel.getByRole('button', { name: en('sms:templates.upload.another') })).toBeVisible();
  // The phone column is found by its name.
  await expect(panel.getByRole('combobox', { name: en('sms:templates.editor.phoneColumn') })).toBeVisible();
  await expect(panel.getByText('B · Phone')).toBeVisible();

  const id = unique();
  const template = `${id} Dear guardian, {Name} owes Tk {Due}.{if Due > 0}`;
  await panel.getByRole('textbox', { name: en('sms:templates.editor.text') }).fill(template);

  // The preview is built in the browser as the template is typed.
  const totals = panel.getByTestId('template-totals');
  await expect(totals).toContainText(en('sms:templates.preview.messages_other', { formatted: '2' }));
  await expect(totals).toContainText(en('sms:templates.preview.sms_other', { formatted: '2' }));
  await expect(totals).toContainText(en('sms:templates.preview.dropped_other', { formatted: '3' }));
  const preview = panel.getByTestId('template-preview');
  await expect(preview.getByRole('row').filter({ hasText: 'Rahim Uddin' })).toContainText(
    `${id} Dear guardian, Rahim Uddin owes Tk 500.`,
  );
  await expect(preview.getByRole('row').filter({ hasText: 'Rakib Hasan' })).toContainText(
    `${id} Dear guardian, Rakib Hasan owes Tk 1200.`,
  );
  await expect(preview.getByText('Nafisa Tabassum')).toHaveCount(0);
  const dropped = panel.getByTestId('template-dropped');
  for (const [row, reason] of [
    ['3', 'NO_PHONE'],
    ['4', 'CONDITION'],
    ['5', 'INVALID_PHONE'],
  ] as const) {
    const line = dropped.getByRole('row').filter({ hasText: en(`sms:templates.preview.reasons.${reason}`) });
    await expect(line.getByRole('cell').first()).toHaveText(row);
  }

  // Urgent, so the 00:00–08:00 quiet hours never hold the test's messages back.
  await panel.getByRole('switch', { name: en('sms:compose.urgent') }).click();
  await panel.getByRole('button', { name: en('sms:templates.button') }).click();

  const review = page.getByRole('dialog', { name: en('sms:review.title') });
  await expect(
    review.getByRole('row').filter({ hasText: en('sms:templates.review.messages') }),
  ).toContainText('2');
  await expect(review.getByRole('row').filter({ hasText: en('sms:templates.review.sms') })).toContainText(
    '2',
  );
  await expect(review).toContainText(formatMoney((2 * quota.ratePaisa) / 100, 'BDT'));
  await expect(review).toContainText(en('sms:templates.review.dropped_other', { formatted: '3' }));
  await expect(review).toContainText(`${id} Dear guardian, Rahim Uddin owes Tk 500.`);
  await review.getByRole('button', { name: en('sms:review.send'), exact: true }).click();

  await expect(page.getByText(en('sms:templates.sent_other', { formatted: '2' }))).toBeVisible();
  await expect(page).toHaveURL(/tab=history/);
  const row = page
    .getByRole('tabpanel', { name: en('sms:tabs.history') })
    .getByRole('row')
    .filter({ hasText: id });
  // The list asks again every few seconds while the worker sends, besides live events.
  await expect(row).toContainText(en('sms:counts.sent', { formatted: '2' }));
  await expect(row).toContainText(en('sms:sendStatus.done'));
});

test('saved templates: start from a ready-made one, save it, rename it, delete it', async ({ page }) => {
  const accountId = await signUpTeacher(page, 'Template');
  await page.goto('/teacher/sms?tab=templates');
  const panel = page.getByRole('tabpanel', { name: en('sms:tabs.templates') });

  const start = panel.getByRole('combobox', { name: en('sms:templates.editor.start') });
  await start.fill(`${en('sms:templates.builtIn.fee-due')} · ${en('sms:templates.language.en')}`);
  await start.press('Enter');
  const editor = panel.getByRole('textbox', { name: en('sms:templates.editor.text') });
  await expect(editor).toHaveValue(/^Dear guardian, \{Name\}'s fee of Tk \{Due\} is due/);

  const name = `Fees ${unique()}`;
  await panel.getByRole('button', { name: en('sms:templates.saved.save') }).click();
  const naming = page.getByRole('dialog', { name: en('sms:templates.saved.saveTitle') });
  await naming.getByRole('textbox', { name: en('sms:templates.saved.name') }).fill(name);
  await naming.getByRole('button', { name: en('sms:templates.saved.ok') }).click();
  await expect(page.getByText(en('sms:templates.saved.created', { name }))).toBeVisible();
  await expect(panel.getByText(en('sms:templates.saved.editing', { name }))).toBeVisible();

  await panel.getByRole('button', { name: new RegExp(en('sms:templates.saved.manage')) }).click();
  const manage = page.getByRole('dialog', { name: en('sms:templates.saved.manage') });
  await manage.getByRole('button', { name: en('sms:templates.saved.rename') }).click();
  const renaming = page.getByRole('dialog', { name: en('sms:templates.saved.renameTitle') });
  await renaming.getByRole('textbox', { name: en('sms:templates.saved.name') }).fill(`${name} (renamed)`);
  await renaming.getByRole('button', { name: en('sms:templates.saved.ok') }).click();
  await expect(manage.getByText(`${name} (renamed)`)).toBeVisible();
  const listed = (await (await page.request.get(`/api/accounts/${accountId}/sms/templates`)).json()) as {
    items: { name: string; body: string }[];
  };
  expect(listed.items.map((t) => t.name)).toEqual([`${name} (renamed)`]);

  await manage.getByRole('button', { name: en('sms:templates.saved.delete') }).click();
  // The confirmation's button can take a click while it is still opening and do nothing (seen on
  // a busy machine): click it again until the list is empty, never once the confirmation closed.
  const deleteOk = page.getByRole('button', { name: en('sms:templates.saved.deleteOk') });
  await expect(async () => {
    if (await deleteOk.isVisible()) await deleteOk.click();
    await expect(manage.getByText(en('sms:templates.saved.empty'))).toBeVisible({ timeout: 2_000 });
  }).toPass();
});
