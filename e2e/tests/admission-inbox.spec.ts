import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { liveUpdatesOpen } from './live-updates';
import {
  CSRF,
  createClassroom,
  fromNewClient,
  noSidewaysScroll,
  signUpTeacher,
  unique,
  uniquePhone,
} from './page-helpers';
import { en, filledText, text } from './texts';

/**
 * The staff side of online admission in a real browser: the settings
 * saved through the page with the link and its QR code; an application sent by a stranger through
 * the public API arriving live in the open inbox (and the menu's pending count); accepted into a
 * classroom and found there; rejected with a reason; hostile applicant text shown as text; and
 * the pages at 375 px without sideways scrolling.
 */

/** An application from a client of its own (the `request` fixture shares no cookies with the page). */
async function apply(request: APIRequestContext, key: string, body: Record<string, unknown>) {
  const res = await request.post(`/api/public/admission/${encodeURIComponent(key)}/applications`, {
    data: { phone: uniquePhone('017'), details: 'Class 9 Physics, morning batch', ...body },
    headers: fromNewClient(),
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

const row = (page: Page, name: string) => page.getByTestId('application-row').filter({ hasText: name });

test('settings saved with link and QR → an application arrives live → accepted into a classroom', async ({
  page,
  request,
}) => {
  test.slow(); // sign-up, settings, a live arrival, an acceptance and the classroom page
  const accountId = await signUpTeacher(page, 'Admit');
  const id = unique().slice(-6);
  const classroom = `Physics Morning ${id}`;
  const classroomId = await createClassroom(page.request, accountId, classroom);

  // The settings page: ask for parents' phones and the blood group, save, see the link and QR code.
  const live = liveUpdatesOpen(page);
  await page.goto('/teacher/admissions/settings');
  await expect(
    page.getByRole('heading', { name: en('applications:settings.title'), level: 2 }),
  ).toBeVisible();
  await page.getByRole('switch', { name: en('applications:settings.flags.collectParentsPhone') }).click();
  await page.getByRole('button', { name: '+ Blood Group' }).click();
  await expect(page.getByTestId('custom-fields')).toContainText('Blood Group');
  await expect(page.getByText(en('applications:settings.unsaved'))).toBeVisible();
  await page.getByRole('button', { name: en('applications:settings.save') }).click();
  await expect(page.getByText(en('applications:settings.saved'))).toBeVisible();
  const link = page.getByTestId('admission-link-url');
  await expect(link).toHaveValue(
    new RegExp(`^http://127\\.0\\.0\\.1:\\d+/s-online-admission\\?key=${accountId}$`),
  );
  await expect(page.getByTestId('admission-qr').locator('svg')).toBeVisible();
  await expect(page.getByRole('link', { name: en('applications:settings.link.preview') })).toHaveAttribute(
    'target',
    '_blank',
  );
  const saved = (await (await page.request.get(`/api/accounts/${accountId}/admission/settings`)).json()) as {
    settings: { collectParentsPhone: boolean; customFields: string[] };
  };
  expect(saved.settings.collectParentsPhone).toBe(true);
  expect(saved.settings.customFields).toEqual(['Blood Group']);

  // The inbox, empty, explains how to share the link.
  await page.getByRole('link', { name: en('applications:settings.back') }).click();
  await expect(page).toHaveURL(/\/teacher\/admissions$/);
  await expect(page.getByRole('heading', { name: en('applications:title'), level: 2 })).toBeVisible();
  await expect(page.getByTestId('applications-empty')).toContainText(en('applications:empty.pendingTitle'));
  const badge = page.getByRole('navigation').getByTestId('admissions-badge');
  await live;

  // A stranger applies; the open inbox and the menu's count show it without a reload.
  const name = `Rahim Uddin ${id}`;
  const parentPhone = uniquePhone('019');
  await apply(request, accountId, {
    name,
    course: classroomId,
    parent1phone: parentPhone,
    customFields: { 'Blood Group': 'B+' },
  });
  await expect(row(page, name)).toBeVisible();
  await expect(badge).toContainText('1');

  // Opened: everything the applicant gave.
  await row(page, name).click();
  const drawer = page.getByTestId('application-drawer');
  await expect(drawer.getByTestId('applicant-name')).toHaveText(name);
  await expect(drawer).toContainText(`+88${parentPhone}`);
  await expect(drawer).toContainText('Blood Group');
  await expect(drawer).toContainText('B+');
  await expect(drawer).toContainText('Class 9 Physics, morning batch');
  await expect(drawer).toContainText(classroom);

  // Accepted into the course's classroom (preselected): the new student's ID and a way to them.
  await drawer.getByRole('button', { name: en('applications:detail.accept') }).click();
  const accept = page.getByTestId('accept-modal');
  await expect(accept.getByText(classroom)).toBeVisible();
  await accept.getByRole('button', { name: en('applications:accept.ok') }).click();
  await expect(page.getByTestId('accepted-custom-id')).not.toBeEmpty();
  await expect(badge).not.toContainText('1');
  await page.getByRole('button', { name: en('applications:accept.openClassroom') }).click();
  await expect(page).toHaveURL(new RegExp(`/teacher/classrooms/${accountId}/${classroomId}$`));
  await expect(page.getByText(name).first()).toBeVisible();

  // Back in the inbox it is under Accepted, not Pending.
  await page.goto('/teacher/admissions?status=Accepted');
  await expect(row(page, name)).toBeVisible();
});

test('rejected with a reason → listed under Rejected with the reason', async ({ page, request }) => {
  const accountId = await signUpTeacher(page, 'Reject');
  const name = `Karim Hasan ${unique().slice(-6)}`;
  await apply(request, accountId, { name });
  await page.goto('/teacher/admissions');
  await row(page, name).click();
  const drawer = page.getByTestId('application-drawer');
  await drawer.getByRole('button', { name: en('applications:detail.reject') }).click();
  const dialog = page.getByTestId('reject-modal');
  // The reason is required.
  await dialog.getByRole('button', { name: en('applications:reject.ok') }).click();
  await expect(dialog.getByText(text('en', 'domain:ADMISSION_REJECT_REASON_REQUIRED'))).toBeVisible();
  const reason = 'The morning batch is full this term.';
  await dialog.getByRole('textbox', { name: en('applications:reject.reason') }).fill(reason);
  await dialog.getByRole('button', { name: en('applications:reject.ok') }).click();
  await expect(page.getByText(en('applications:reject.done', { name }))).toBeVisible();
  await expect(drawer).toContainText(reason);
  await page.keyboard.press('Escape');

  await page.getByRole('tab', { name: en('applications:tabs.Rejected') }).click();
  await expect(page).toHaveURL(/status=Rejected/);
  await expect(row(page, name)).toContainText(reason);
  await page.getByRole('tab', { name: en('applications:tabs.Pending') }).click();
  await expect(page.getByTestId('applications-empty')).toBeVisible();
});

test('decided by someone else while the accept dialog is open → told so, and the inbox refreshed', async ({
  page,
  request,
}) => {
  const accountId = await signUpTeacher(page, 'Race');
  const name = `Tanvir Ahmed ${unique().slice(-6)}`;
  const applicationId = await apply(request, accountId, { name });
  await page.goto('/teacher/admissions');
  await row(page, name).click();
  await page
    .getByTestId('application-drawer')
    .getByRole('button', { name: en('applications:detail.accept') })
    .click();
  const dialog = page.getByRole('dialog', { name: en('applications:accept.title', { name }) });
  await expect(dialog).toBeVisible();
  // A colleague rejects it meanwhile (the same account's cookies, another tab).
  const res = await page.request.post(
    `/api/accounts/${accountId}/admission/applications/${applicationId}/reject`,
    {
      data: { reason: 'Decided at the front desk' },
      headers: CSRF,
    },
  );
  expect(res.status(), await res.text()).toBe(200);
  await dialog.getByRole('button', { name: en('applications:accept.ok') }).click();
  await expect(page.getByText(en('applications:alreadyDecided'))).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('application-drawer')).toContainText('Decided at the front desk');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('applications-empty')).toBeVisible();
});

test("an applicant's markup is shown as text, never run", async ({ page, request }) => {
  const accountId = await signUpTeacher(page, 'Escape');
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  const name = '<img src=x onerror=alert(1)>';
  await apply(request, accountId, { name, details: '<b>bold</b> <script>alert(2)</script>' });
  await page.goto('/teacher/admissions');
  await expect(page.getByText(name, { exact: true }).first()).toBeVisible();
  await row(page, name).click();
  await expect(page.getByTestId('applicant-name')).toHaveText(name);
  await expect(page.getByTestId('application-drawer')).toContainText('<b>bold</b> <script>alert(2)</script>');
  await expect(page.locator('img[src="x"]')).toHaveCount(0);
  expect(dialogs).toEqual([]);
});

test('at 375 px: inbox, an open application, the accept dialog and the settings fit the screen', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 375, height: 740 });
  const accountId = await signUpTeacher(page, 'Narrow');
  await createClassroom(page.request, accountId, 'Narrow Batch');
  const name = `Nafisa Tabassum ${unique().slice(-6)}`;
  const phone = uniquePhone('016');
  await apply(request, accountId, {
    name,
    phone,
    details: 'Class 9 Physics and Chemistry, evening batch, with a long description that has to wrap nicely',
  });
  // The same phone again, confirmed by the applicant as a duplicate (the D mark): flagged.
  await apply(request, accountId, { name: `Sabrina Akter ${phone}`, phone: `${phone}D` });
  await page.goto('/teacher/admissions');
  await expect(row(page, name)).toBeVisible();
  await expect(row(page, `Sabrina Akter ${phone}`).getByTestId('duplicate-tag')).toBeVisible();
  await noSidewaysScroll(page, 'inbox');

  await row(page, name).click();
  await expect(page.getByTestId('applicant-name')).toHaveText(name);
  await noSidewaysScroll(page, 'open application');
  await page.getByRole('button', { name: en('applications:detail.accept') }).click();
  await expect(page.getByRole('dialog', { name: en('applications:accept.title', { name }) })).toBeVisible();
  await noSidewaysScroll(page, 'accept dialog');

  await page.goto('/teacher/admissions/settings');
  await expect(page.getByTestId('admission-qr').locator('svg')).toBeVisible();
  await noSidewaysScroll(page, 'settings');
});

test('an uploaded attachment fills its address, saves, and a fake file is refused by its content', async ({
  page,
}) => {
  const accountId = await signUpTeacher(page, 'Attach');
  await page.goto('/teacher/admissions/settings');
  const attachments = page.getByTestId('attachments');
  await expect(attachments).toContainText(en('applications:settings.attachments.none'));
  const input = attachments.locator('input[type=file]');
  const pdf = Buffer.from(
    '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
  );
  await input.setInputFiles({ name: 'Prospectus 2026.pdf', mimeType: 'application/pdf', buffer: pdf });
  await expect(page.getByText(en('applications:settings.attachments.uploaded'))).toBeVisible();
  const address = attachments.getByRole('textbox', { name: en('applications:settings.attachments.url') });
  await expect(address).toHaveValue(/^\/media\/attachments\/[0-9A-Z]{26}\.pdf$/);
  await expect(
    attachments.getByRole('textbox', { name: en('applications:settings.attachments.name') }),
  ).toHaveValue('Prospectus 2026');

  // A "pdf" that is not one is refused by what it contains, in the reader's words.
  await input.setInputFiles({ name: 'fees.pdf', mimeType: 'application/pdf', buffer: Buffer.from('hello') });
  await expect(
    page.getByText(filledText('en', 'domain:ADMISSION_ATTACHMENT_TYPE_INVALID', { file: 'fees.pdf' })),
  ).toBeVisible();

  // A typed link needs a label and a web address before it is saved.
  await attachments.getByRole('button', { name: en('applications:settings.attachments.addLink') }).click();
  const save = page.getByRole('button', { name: en('applications:settings.save') });
  await save.click();
  await expect(page.getByText(en('applications:settings.attachments.invalid'))).toBeVisible();
  const labels = attachments.getByRole('textbox', { name: en('applications:settings.attachments.name') });
  const addresses = attachments.getByRole('textbox', { name: en('applications:settings.attachments.url') });
  await labels.nth(1).fill('Fee chart');
  await addresses.nth(1).fill('javascript:alert(1)');
  await save.click();
  await expect(page.getByText(en('applications:settings.attachments.invalid'))).toBeVisible();
  await addresses.nth(1).fill('https://example.com/fees.pdf');

  await save.click();
  await expect(page.getByText(en('applications:settings.saved'))).toBeVisible();
  const saved = (await (await page.request.get(`/api/accounts/${accountId}/admission/settings`)).json()) as {
    settings: { attachments: { name: string; url: string }[] };
  };
  expect(saved.settings.attachments).toEqual([
    { name: 'Prospectus 2026', url: await addresses.first().inputValue() },
    { name: 'Fee chart', url: 'https://example.com/fees.pdf' },
  ]);
});
