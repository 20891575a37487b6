import { expect, type Page } from '@playwright/test';
import { CSRF, fromNewClient, signUpTeacher, unique } from './page-helpers';
import { filledText, text } from './texts';

// Shared steps of the online-admission wizard's browser tests (admission-wizard.spec.ts,
// admission-picture.spec.ts): an institution set up by API and the wizard's pages as read.

export type Lang = 'en' | 'bn';

export interface Settings {
  acceptingApplications?: boolean;
  collectPicture?: boolean;
  collectParentsPhone?: boolean;
  requireUniqueParentsPhone?: boolean;
  collectAdditionalInfo?: boolean;
  customFields?: string[];
  attachments?: { name: string; url: string }[];
}

export interface Institution {
  accountId: string;
  name: string;
  classroomId: string;
  classroomLabel: string;
}

/** A 1×1 PNG: small, and a real image for the server's decoder. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** A teacher with one classroom and these admission settings; the page is signed in as them. */
export async function institution(
  page: Page,
  label: string,
  settings: Settings,
  language: Lang,
): Promise<Institution> {
  const accountId = await signUpTeacher(page, label);
  const classroomName = `Physics ${unique().slice(-5)}`;
  const room = await page.request.post(`/api/accounts/${accountId}/classrooms`, {
    data: { grade: 'Class 9', subject: 'Physics', name: classroomName, tuitionFeePaisa: 100_000 },
    headers: CSRF,
  });
  expect(room.status(), await room.text()).toBe(200);
  const classroomId = ((await room.json()) as { id: string }).id;
  const saved = await page.request.put(`/api/accounts/${accountId}/admission/settings`, {
    data: { settings: { acceptingApplications: true, ...settings }, language },
    headers: CSRF,
  });
  expect(saved.status(), await saved.text()).toBe(200);
  const info = await page.request.get(`/api/public/admission/${accountId}`);
  expect(info.status()).toBe(200);
  const { institution: name } = (await info.json()) as { institution: string };
  // The form's own calls come from an address of their own, clear of other tests' limits.
  const { 'x-forwarded-for': address } = fromNewClient();
  await page.context().setExtraHTTPHeaders({ 'x-forwarded-for': address! });
  return { accountId, name, classroomId, classroomLabel: `${classroomName} (Class 9, Physics)` };
}

export type Application = {
  id: string;
  number: number;
  name: string;
  phone: string;
  duplicate: boolean;
  parent1Phone: string;
  parent2Phone: string;
  details: string;
  courseClassroomId: string | null;
  customFields: Record<string, string>;
  avatarUrl: string | null;
};

export async function applications(page: Page, accountId: string): Promise<Application[]> {
  const res = await page.request.get(`/api/accounts/${accountId}/admission/applications`);
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { items: Application[] }).items;
}

export const tr = (lang: Lang, key: string, values: Record<string, string> = {}) =>
  filledText(lang, key, values);
export const stepHeading = (page: Page) => page.locator('#admission-step-title');
export const button = (page: Page, lang: Lang, key: string) =>
  page.getByRole('button', { name: text(lang, `admission:${key}`), exact: true });

export async function expectPage(page: Page, lang: Lang, key: string, progress?: [number, number]) {
  await expect(stepHeading(page)).toHaveText(text(lang, `admission:${key}.title`));
  if (progress) {
    await expect(page.locator('#admission-progress')).toHaveText(
      tr(lang, 'admission:progress', { current: String(progress[0]), total: String(progress[1]) }),
    );
  }
}

/** Saves a look at the page for a person to check, only when asked (ADMISSION_SHOTS=dir). */
export async function shot(page: Page, name: string) {
  const dir = process.env.ADMISSION_SHOTS;
  if (dir) await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
}
