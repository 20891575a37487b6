import { CSRF_HEADER } from '@batchwise/domain';
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
  const res = await page.request.post('/api/auth/sign-up', {
    data: {
      accountType: 'Teacher',
      name: `${label} Teacher ${id}`,
      email: `e2e-${label.toLowerCase()}-${id}@school.test`,
      password: `correct horse ${id}`,
      phone: uniquePhone(),
      institution: `${label} Coaching ${id}`,
    },
    headers: fromNewClient(),
  });
  expect(res.status(), await res.text()).toBe(200);
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

/** A student enrolled in one classroom at its fee, added through the API; returns the student's id. */
export async function addEnrolledStudent(
  api: APIRequestContext,
  accountId: string,
  classroomId: string,
  name: string,
): Promise<string> {
  const res = await api.post(`/api/accounts/${accountId}/students`, {
    data: {
      name,
      phone: uniquePhone('017'),
      institution: 'Dhaka College',
      enrolments: [{ classroomId, tuitionFeePaisa: null }],
    },
    headers: CSRF,
  });
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { student: { id: string } }).student.id;
}

/** The page never scrolls sideways (a phone at 375 px shows everything within its width). */
export async function noSidewaysScroll(page: Page, where: string) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, where).toBeLessThanOrEqual(0);
}
