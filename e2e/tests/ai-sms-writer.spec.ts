import { smsCount } from '@batchwise/domain';
import { expect, test } from '@playwright/test';
import { noSidewaysScroll, signUpTeacher } from './page-helpers';
import { en } from './texts';

/**
 * The AI SMS writer in a real browser, answered by the loopback stand-in model: a teacher installs
 * the AI tool from the catalogue, asks for Bangla drafts that fit two SMS, sees each counted by
 * the compose box's own rule, and picks one into the message box (still unsent, for review).
 */
test('a teacher installs the AI tool and picks a Bangla SMS draft that fits two parts into compose', async ({
  page,
}) => {
  await signUpTeacher(page, 'Writer');

  // Lite does not include the AI tool: it installs as a trial from the Tools page.
  await page.goto('/teacher/tools');
  const tool = page.getByTestId('tool-ai');
  await expect(tool).toContainText(en('plans:tools.names.ai'));
  await tool.getByRole('button', { name: en('plans:tools.trial', { days: '30' }) }).click();
  await expect(tool).toContainText('Usable until');

  await page.goto('/teacher/sms');
  await page.getByRole('button', { name: en('sms:aiWriter.open') }).click();
  const dialog = page.getByRole('dialog', { name: en('sms:aiWriter.title') });
  await dialog
    .getByRole('textbox', { name: en('sms:aiWriter.description') })
    .fill('১০ তারিখের মধ্যে এই মাসের বেতন পরিশোধ করুন, বিনীতভাবে');
  await dialog.getByText(en('sms:aiWriter.bangla'), { exact: true }).click();
  await dialog.getByText(en('sms:aiWriter.fitParts_other', { formatted: '2' }), { exact: true }).click();
  await dialog.getByRole('button', { name: en('sms:aiWriter.write') }).click();

  const drafts = dialog.getByTestId('ai-draft');
  await expect(drafts.first()).toBeVisible();
  const count = await drafts.count();
  expect(count).toBeGreaterThanOrEqual(2);
  const texts: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const draft = (await drafts.nth(i).locator('.ant-typography').first().textContent()) ?? '';
    expect(draft).toMatch(/[\u0980-\u09FF]/u);
    expect(smsCount(draft, 'typed').sms).toBeLessThanOrEqual(2);
    texts.push(draft);
  }
  // One credit of Lite's 30 a month went on this set of drafts.
  await expect(dialog.getByTestId('ai-credits')).toContainText('29');
  await page.setViewportSize({ width: 375, height: 800 });
  await noSidewaysScroll(page, 'AI SMS writer');

  await dialog.getByRole('button', { name: en('sms:aiWriter.use', { n: '2' }) }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('textbox', { name: en('sms:compose.text') })).toHaveValue(texts[1]!);
  const counter = page.getByTestId('sms-counter');
  await expect(counter).toContainText(`${smsCount(texts[1]!, 'typed').sms} SMS`);
});
