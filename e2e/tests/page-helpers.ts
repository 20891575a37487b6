import { CSRF_HEADER, dayOf, type SignUpInput } from '@batchwise/domain';
import { type APIRequestContext, expect, type Page } from '@playwright/test';

/**
 * Opens a page and waits until its script is in control: the small script of a pre-rendered
 * marketing page, or the app, which both drop the pre-render marker.
 */
export async function open(page: Page, url: string) {
  await page.goto(url);
  await page.locator('#root:not([data-prerendered])').waitFor({ state: 'attached' });
}

/** Paths of the scripts the page fetches from now on. */
export function scriptsOf(page: Page): string[] {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  return scripts;
}

/** The header every writing API call carries (the server refuses cross-site writes without it). */
export const CSRF = { [CSRF_HEADER]: '1' };

/**
 * Headers for a sign-up by API as if from a client of its own. The suite signs up more teachers
 * than one address may in an hour (20, auth.limits.ts); the e2e server trusts loopback as its
 * proxy (playwright.config.ts), so each sign-up names a made-up address, as clients behind a real
 * balancer do. Sign-ups through the page's own form still count against 127.0.0.1.
 */
export function fromNewClient(): Record<string, string> {
  const octet = () => Math.floor(Math.random() * 254) + 1;
  return { ...CSRF, 'x-forwarded-for': `10.${octet()}.${octet()}.${octet()}` };
}

/** The query of the newest sign-up link mailed to an address (`?token=…`). */
export async function signUpLinkSearch(api: APIRequestContext, email: string): Promise<string> {
  const mail = await outboxMessage(api, 'mail', email.toLowerCase(), /\/signup\?token=/);
  return /\/signup(\?token=[\w-]+)/.exec(mail)![1]!;
}

/** Opens the sign-up link mailed to an address and presses its one button, as its owner would. */
export async function finishSignUpByLink(page: Page, email: string): Promise<void> {
  await page.goto(`/signup${await signUpLinkSearch(page.request, email)}`);
  await expect(page.getByRole('heading', { name: 'Finish creating your account' })).toBeVisible();
  await page.getByRole('button', { name: 'Create my account and sign in' }).click();
}

/**
 * Signs up through the API on a cookie jar, as a person would: the form, then the link mailed to
 * the address (read from the development outbox), which makes the account and signs the jar in.
 */
export async function signUpByApi(api: APIRequestContext, data: SignUpInput) {
  const asked = await api.post('/api/auth/sign-up', { data, headers: fromNewClient() });
  expect(asked.status(), await asked.text()).toBe(200);
  const token = new URLSearchParams(await signUpLinkSearch(api, data.email)).get('token');
  const res = await api.post('/api/auth/sign-up/confirm', { data: { token }, headers: CSRF });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as { userId: string; homePath: string };
}

/** The demo accounts' password (apps/server/src/seed/demo-accounts.ts; the e2e server seeds them). */
const DEMO_PASSWORD = 'Batchwise demo 2026';

/** Signs in on the page's cookie jar as one of the seeded demo accounts. */
export async function signInDemo(page: Page, who: 'teacher' | 'admin' | 'assistant') {
  const res = await page.request.post('/api/auth/sign-in', {
    data: { email: `${who}@demo.batchwise.bd`, password: DEMO_PASSWORD },
    headers: CSRF,
  });
  expect(res.status(), await res.text()).toBe(200);
}

/** The demo account's Physics Morning Batch and its newest assessment, read through the API. */
export async function demoPhysicsBatch(page: Page) {
  const session = (await (await page.request.get('/api/session')).json()) as { accounts: { id: string }[] };
  const accountId = session.accounts[0]!.id;
  const list = (await (await page.request.get(`/api/accounts/${accountId}/classrooms`)).json()) as {
    classrooms: { id: string; name: string }[];
  };
  const classroom = list.classrooms.find((c) => c.name === 'Physics Morning Batch')!;
  const assessments = (await (
    await page.request.get(`/api/accounts/${accountId}/classrooms/${classroom.id}/assessments`)
  ).json()) as { assessments: { id: string }[] };
  return { accountId, classroomId: classroom.id, assessmentId: assessments.assessments[0]!.id };
}

let counter = 0;
/** Text no other test (in this run or a parallel worker) uses: for e-mails, names, phones. */
export function unique(): string {
  counter += 1;
  return `${Date.now().toString(36)}${process.pid}${counter}${Math.floor(Math.random() * 1e4)}`;
}

/** A fresh valid Bangladeshi mobile number as typed, 01XXXXXXXXX (operator 018 unless given). */
export const uniquePhone = (operator = '018') =>
  `${operator}${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;

/**
 * A new teacher of their own (with the sign-up SMS grant), signed in on the page's cookie jar;
 * `label` names the test in the teacher's name, e-mail and institution. Returns the account id.
 */
export async function signUpTeacher(page: Page, label: string): Promise<string> {
  const id = unique();
  await signUpByApi(page.request, {
    accountType: 'Teacher',
    name: `${label} Teacher ${id}`,
    email: `e2e-${label.toLowerCase()}-${id}@school.test`,
    password: `correct horse ${id}`,
    phone: uniquePhone(),
    institution: `${label} Coaching ${id}`,
  });
  const session = (await (await page.request.get('/api/session')).json()) as { accounts: { id: string }[] };
  return session.accounts[0]!.id;
}

/**
 * Installs a tool on the signed-in teacher's account as the Tools page does: Sentinel attendance
 * is not in Lite, so a new account starts its trial before using the devices API.
 */
export async function installTool(page: Page, accountId: string, toolKey: string): Promise<void> {
  const res = await page.request.post(`/api/accounts/${accountId}/tools/${toolKey}`, { headers: CSRF });
  expect(res.status(), await res.text()).toBe(200);
}

/**
 * Installs a tool from the Tools page the way a teacher does: its card's install button (or its
 * trial, when the plan leaves it out), then the card says it is usable.
 */
export async function installFromCatalogue(page: Page, toolKey: string): Promise<void> {
  await page.goto('/teacher/tools');
  const card = page.getByTestId(`tool-${toolKey}`);
  await card.getByRole('button', { name: /^(Install|Start \d+-day free trial)$/ }).click();
  await expect(card.getByRole('link', { name: 'Open' })).toBeVisible();
}

/** A Class 9 Physics classroom made through the API by the signed-in teacher; returns its id. */
export async function createClassroom(
  api: APIRequestContext,
  accountId: string,
  name: string,
): Promise<string> {
  const res = await api.post(`/api/accounts/${accountId}/classrooms`, {
    data: { grade: 'Class 9', subject: 'Physics', name, tuitionFeePaisa: 100_000 },
    headers: CSRF,
  });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { id: string }).id;
}

/**
 * A student enrolled in one classroom at its fee, added through the API; returns the student's id.
 * `extra` sets more of the record (parent phones, an RFID card…).
 */
export async function addEnrolledStudent(
  api: APIRequestContext,
  accountId: string,
  classroomId: string,
  name: string,
  extra: Record<string, unknown> = {},
): Promise<string> {
  const res = await api.post(`/api/accounts/${accountId}/students`, {
    data: {
      name,
      phone: uniquePhone('017'),
      institution: 'Dhaka College',
      enrolments: [{ classroomId, tuitionFeePaisa: null }],
      ...extra,
    },
    headers: CSRF,
  });
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { student: { id: string } }).student.id;
}

/**
 * The page never scrolls sideways (a phone at 375 px shows everything within its width). Polled:
 * after a viewport change the shell re-lays out on React's next render (breakpoint hooks), which
 * on a busy machine comes after the first look; an overflow that stays still fails.
 */
export async function noSidewaysScroll(page: Page, where: string) {
  await expect
    .poll(
      () => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
      {
        message: where,
      },
    )
    .toBeLessThanOrEqual(0);
}

/**
 * A term set up through the API: a Half-yearly 2026 exam (Bangla CQ + MCQ, Mathematics) with
 * marks for the given students (first 175 of 200, second 105), published.
 */
export async function publishTerm(page: Page, accountId: string, classroomId: string, students: string[]) {
  const created = await page.request.post(
    `/api/accounts/${accountId}/classrooms/${classroomId}/assessments`,
    {
      data: {
        name: 'Half-yearly exam',
        term: 'Half-yearly 2026',
        // Held today: an assessment is for the students enrolled on its date (these joined today).
        heldOn: dayOf(Date.now()),
        weight: 100,
        subjects: [
          {
            name: 'Bangla',
            kind: 'compulsory',
            parts: [
              { key: 'cq', name: 'CQ', fullMarks: 70, passMarks: 23 },
              { key: 'mcq', name: 'MCQ', fullMarks: 30, passMarks: 10 },
            ],
          },
          {
            name: 'Mathematics',
            kind: 'compulsory',
            parts: [{ key: 'total', name: '', fullMarks: 100, passMarks: 33 }],
          },
        ],
      },
      headers: CSRF,
    },
  );
  expect(created.status(), await created.text()).toBe(201);
  const assessment = (await created.json()) as { id: string; subjects: { id: string; name: string }[] };
  const [bangla, math] = assessment.subjects;
  const marks: [number, number, number][] = [
    [60, 25, 90],
    [40, 15, 50],
  ];
  const cells = students.flatMap((studentId, i) => [
    { studentId, subjectId: bangla!.id, partKey: 'cq', marks: marks[i]![0], absent: false, version: 0 },
    { studentId, subjectId: bangla!.id, partKey: 'mcq', marks: marks[i]![1], absent: false, version: 0 },
    { studentId, subjectId: math!.id, partKey: 'total', marks: marks[i]![2], absent: false, version: 0 },
  ]);
  const saved = await page.request.patch(`/api/accounts/${accountId}/assessments/${assessment.id}/marks`, {
    data: { cells },
    headers: CSRF,
  });
  expect(saved.status(), await saved.text()).toBe(200);
  const published = await page.request.post(
    `/api/accounts/${accountId}/assessments/${assessment.id}/publish`,
    {
      headers: CSRF,
    },
  );
  expect(published.status(), await published.text()).toBe(200);
}

/** The newest outbox message to a recipient that matches, waiting for the background job to send it. */
export async function outboxMessage(
  api: APIRequestContext,
  kind: 'sms' | 'mail',
  to: string,
  matching: RegExp = /./,
): Promise<string> {
  let body: string | undefined;
  await expect
    .poll(async () => {
      const res = await api.get(`/api/dev/outbox?kind=${kind}&limit=200`);
      const { items } = (await res.json()) as { items: { to: string; body: string }[] };
      body = items.find((item) => item.to === to && matching.test(item.body))?.body;
      return body;
    })
    .toBeTruthy();
  return body as string;
}

/** The sign-in code sent to a phone (an invitation SMS to the same phone is skipped). */
export async function signInCode(api: APIRequestContext, phone: string): Promise<string> {
  const body = await outboxMessage(api, 'sms', phone, /sign-in code/i);
  const code = /\b(\d{6})\b/.exec(body)?.[1];
  expect(code).toBeTruthy();
  return code as string;
}

/**
 * Picks an interface language from the visible language menu (components/language-switch.tsx).
 * Found by its data attribute: its accessible name ("Language", "ভাষা" …) follows the language.
 */
export async function chooseLanguage(page: Page, language: string) {
  await page.locator('select[data-language-select]').filter({ visible: true }).first().selectOption(language);
}

/**
 * Picks an option of the open Ant Design list by keyboard: arrows walk the list from its active
 * option (the first, or the one chosen before) round to the one meant, and Enter picks it. A click
 * can land while the list is still sliding in on a busy machine, or while it is moved back under
 * its box after Playwright scrolled the page to try again, and pick nothing.
 */
export async function pickOption(page: Page, label: string) {
  const list = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
  await expect(list.locator('.ant-select-item-option').filter({ hasText: label })).toBeVisible();
  const active = list.locator('.ant-select-item-option-active');
  await expect(async () => {
    if (!(await active.textContent({ timeout: 1_000 }))?.includes(label))
      await page.keyboard.press('ArrowDown');
    await expect(active).toContainText(label, { timeout: 500 });
  }).toPass({ intervals: [0] });
  await page.keyboard.press('Enter');
}

/**
 * Waits until no Ant Design dialog is still zooming in. On a busy machine the zoom can stall for
 * two frames at its first keyframe, which Playwright takes for "stable": it once clicked a
 * receipt's Done button at a fifth of its size, the button grew before the mouse came up, and the
 * click reached no button. Click inside a freshly opened dialog after this.
 */
export async function dialogSettled(page: Page) {
  await expect(page.locator('.ant-modal[class*="-appear"], .ant-modal[class*="-enter"]')).toHaveCount(0);
}
