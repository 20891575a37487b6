import { type Browser, expect, type Locator, type Page, test } from '@playwright/test';
import {
  addEnrolledStudent,
  CSRF,
  createClassroom,
  noSidewaysScroll,
  open,
  publishTerm,
  scriptsOf,
  signInDemo,
  signUpTeacher,
  unique,
} from './page-helpers';
import { text } from './texts';

/**
 * The five locale packs beside English and Bangla (spec part 1 §1, part 2 §9) at 375 px: the
 * teacher's dashboard, the students list with a student's drawer open, the fees counter, SMS
 * compose and a family's report card, each in the language (html `lang`, a known text that is not
 * the English one) and never wider than the phone. Arabic reads right to left: `dir="rtl"`, side
 * panels open from the left edge and the menu slides in from the right.
 */

const PHONE = { width: 375, height: 740 };
const LANGUAGES = ['zh', 'ar', 'it', 'es', 'fr'] as const;

/** A phone-sized context whose app starts in `language` (the stored language, lib/language.ts). */
async function phoneIn(browser: Browser, language: string): Promise<Page> {
  const context = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
  await context.addInitScript((lng) => localStorage.setItem('lng', lng), language);
  return context.newPage();
}

/** The text of `key` in `language`, checked to differ from English so the assertion means something. */
function translated(language: string, key: string): string {
  const value = text(language, key);
  expect(value, `${language} ${key} is still English`).not.toBe(text('en', key));
  return value;
}

async function inLanguage(page: Page, language: string, where: string) {
  await expect(page.locator('html')).toHaveAttribute('lang', language);
  await expect(page.locator('html')).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');
  await noSidewaysScroll(page, `${where} in ${language} at 375 px`);
}

/** The edge a side panel is attached to, read from antd's placement class on its root. */
async function drawerEdge(inside: Locator): Promise<string> {
  return inside.evaluate((element) => {
    const root = element.closest('.ant-drawer') ?? element;
    return root.classList.contains('ant-drawer-left')
      ? 'left'
      : root.classList.contains('ant-drawer-right')
        ? 'right'
        : 'other';
  });
}

/** A family's report-card link from a new teacher's published term (report-cards.spec.ts). */
async function reportCardLink(browser: Browser): Promise<string> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const accountId = await signUpTeacher(page, 'Languages');
  const id = unique().slice(-6);
  const classroomId = await createClassroom(page.request, accountId, `Class 9 Languages ${id}`);
  const student = await addEnrolledStudent(page.request, accountId, classroomId, `Asha Akter ${id}`);
  await publishTerm(page, accountId, classroomId, [student]);
  const issued = await page.request.post(
    `/api/accounts/${accountId}/classrooms/${classroomId}/report-cards/links`,
    {
      data: { term: 'Half-yearly 2026' },
      headers: CSRF,
    },
  );
  expect(issued.status(), await issued.text()).toBe(201);
  const { links } = (await issued.json()) as { links: { url: string }[] };
  await context.close();
  return links[0]!.url;
}

for (const language of LANGUAGES) {
  test(`the teacher's main pages and a report card in ${language} at 375 px`, async ({ browser }) => {
    test.slow(); // five pages, a drawer, the counter and a published term
    const page = await phoneIn(browser, language);
    await signInDemo(page, 'teacher');

    // The dashboard.
    await page.goto('/teacher/dashboard');
    await expect(
      page.getByRole('heading', { name: translated(language, 'app:dashboard.titles.teacher') }),
    ).toBeVisible();
    await inLanguage(page, language, 'the dashboard');

    // The menu: from the reading start of the line, so the right edge in Arabic.
    await page.getByRole('button', { name: translated(language, 'app:nav.open') }).click();
    const menu = page.locator('.ant-drawer').getByRole('menu');
    await expect(menu).toBeVisible();
    expect(await drawerEdge(menu)).toBe(language === 'ar' ? 'right' : 'left');
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();

    // The students list with a student's drawer open: from the reading end, the left in Arabic.
    await page.goto('/teacher/students');
    await expect(
      page.getByRole('button', { name: translated(language, 'students:verification.button') }),
    ).toBeVisible();
    // At 375 px the list is cards; a card's name opens the student's drawer.
    await page
      .getByTestId('student-cards')
      .getByTestId('student-row')
      .first()
      .getByRole('button')
      .first()
      .click();
    const drawer = page.getByTestId('student-drawer');
    await expect(drawer).toBeVisible();
    expect(await drawerEdge(drawer)).toBe(language === 'ar' ? 'left' : 'right');
    const box = await drawer.boundingBox();
    if (language === 'ar') expect(box?.x ?? -1).toBeLessThanOrEqual(1);
    await inLanguage(page, language, 'the students list with the drawer open');

    // The fees counter.
    await page.goto('/teacher/fees');
    await expect(
      page.getByRole('heading', { name: translated(language, 'fees:title'), level: 2 }),
    ).toBeVisible();
    await page.getByTestId('dues-row').first().click();
    await expect(page.getByTestId('due-line').first()).toBeVisible();
    await expect(page.getByRole('button', { name: translated(language, 'fees:counter.back') })).toBeVisible();
    await inLanguage(page, language, 'the fees counter');

    // SMS compose ("SMS" itself is the same word in several languages: the tab names it).
    await page.goto('/teacher/sms');
    await expect(page.getByRole('tab', { name: translated(language, 'sms:tabs.compose') })).toBeVisible();
    await expect(
      page.getByText(translated(language, 'sms:compose.to'), { exact: true }).first(),
    ).toBeVisible();
    await inLanguage(page, language, 'SMS compose');

    // A family's report card, opened from its link on a phone.
    const family = await phoneIn(browser, language);
    await open(family, await reportCardLink(browser));
    await expect(family).toHaveURL(/\/viewreport\?key=/);
    await expect(
      family.getByRole('heading', { name: translated(language, 'report-cards:card.title') }),
    ).toBeVisible();
    await inLanguage(family, language, 'the report card');
  });
}

for (const language of LANGUAGES) {
  test(`/welcome?lng=${language} comes pre-rendered in ${language}, without the app`, async ({ browser }) => {
    const context = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    const scripts = scriptsOf(page);
    await open(page, `/welcome?lng=${language}`);
    await inLanguage(page, language, 'the landing page');
    // The server sent the page in the language asked for, so the small first script is all that
    // runs: the landing page keeps its first load in every language.
    expect(scripts.some((path) => path.startsWith('/assets/start-app-'))).toBe(false);
    // The footer's menu lists all seven languages by their own names, this one chosen.
    const select = page.locator('footer select[data-language-select]');
    await expect(select).toHaveValue(language);
    await expect(select.locator('option')).toHaveText([
      'English',
      'বাংলা',
      '简体中文',
      'العربية',
      'Italiano',
      'Español',
      'Français',
    ]);
    await context.close();
  });
}
