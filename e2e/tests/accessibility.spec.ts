import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { demoPhysicsBatch, open, publishTerm, signInDemo } from './page-helpers';
import { familyOfTwo, signInByPhone } from './portal-helpers';

/**
 * WCAG 2 A and AA in a real browser: axe-core on the main pages of every role (teacher, admin,
 * assistant, parent, student) and the public pages, in the light and the dark theme. A serious or
 * critical violation fails the test; every one found is printed with the elements it names.
 */

type Theme = 'light' | 'dark';
const THEMES: Theme[] = ['light', 'dark'];

interface Finding {
  page: string;
  theme: Theme;
  rule: string;
  impact: string;
  nodes: string[];
}

/** Waits until the page has drawn its data: no spinner or skeleton, no transition running. */
async function settled(page: Page) {
  await page.locator('#root:not([data-prerendered])').waitFor({ state: 'attached' });
  await expect(page.locator('h1, h2').first()).toBeVisible();
  await expect(page.locator('.ant-spin-spinning, .ant-skeleton-active')).toHaveCount(0);
  // Fades and slides in progress have colours in between; axe measures the final ones.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter(
          (animation) =>
            animation.playState === 'running' &&
            animation.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY,
        )
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

const say = (line: string) => process.stdout.write(`${line}\n`);

/** The page in a theme: the `theme` URL parameter wins over the stored setting (lib/theme.ts). */
const inTheme = (url: string, theme: Theme) => `${url}${url.includes('?') ? '&' : '?'}theme=${theme}`;

/** Runs axe on each page in both themes; prints and returns the serious and critical findings. */
async function audit(page: Page, urls: string[]): Promise<Finding[]> {
  const findings: Finding[] = [];
  for (const theme of THEMES) {
    for (const url of urls) {
      await open(page, inTheme(url, theme));
      await settled(page);
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      // A third-party frame (the contact page's map) is not ours to check and may never load here.
      const result = await new AxeBuilder({ page })
        .withTags(['wcag2a', 'wcag2aa'])
        .options({ iframes: false })
        .analyze();
      const serious = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      say(`axe ${theme} ${url}: ${serious.reduce((sum, v) => sum + v.nodes.length, 0)} serious or critical`);
      for (const violation of serious) {
        const nodes = violation.nodes.map(
          (node) =>
            `${node.target.join(' ')} — ${(node.failureSummary ?? '').split('\n').slice(1).join(' ')}`,
        );
        say(`  ${violation.id} (${violation.impact}) ×${nodes.length}`);
        for (const node of nodes) say(`    ${node}`);
        findings.push({ page: url, theme, rule: violation.id, impact: violation.impact ?? '', nodes });
      }
    }
  }
  return findings;
}

test('the teacher’s lists have no serious accessibility violation in either theme', async ({ page }) => {
  test.slow(); // five pages, twice
  await signInDemo(page, 'teacher');
  const { accountId, classroomId } = await demoPhysicsBatch(page);
  const findings = await audit(page, [
    '/teacher/dashboard',
    '/teacher/classrooms',
    `/teacher/classrooms/${accountId}/${classroomId}`,
    '/teacher/students',
    '/teacher/fees',
  ]);
  expect(findings).toEqual([]);
});

test('the teacher’s SMS, roll call, marks and report cards have no serious accessibility violation', async ({
  page,
}) => {
  test.slow(); // four pages, twice
  await signInDemo(page, 'teacher');
  const { accountId, classroomId, assessmentId } = await demoPhysicsBatch(page);
  const findings = await audit(page, [
    '/teacher/sms',
    `/teacher/attendance?classroom=${classroomId}`,
    `/teacher/assessments/${accountId}/${assessmentId}`,
    `/teacher/reports?classroom=${classroomId}`,
  ]);
  expect(findings).toEqual([]);
});

test('the admin’s pages have no serious accessibility violation in either theme', async ({ page }) => {
  test.slow();
  await signInDemo(page, 'admin');
  const findings = await audit(page, [
    '/admin/dashboard',
    '/admin/classrooms',
    '/admin/students',
    '/admin/fees',
    '/admin/team',
  ]);
  expect(findings).toEqual([]);
});

test('the assistant’s pages have no serious accessibility violation in either theme', async ({ page }) => {
  test.slow();
  await signInDemo(page, 'assistant');
  const findings = await audit(page, [
    '/teacherAssistant/dashboard',
    '/teacherAssistant/classrooms',
    '/teacherAssistant/students',
    '/teacherAssistant/attendance',
  ]);
  expect(findings).toEqual([]);
});

test('the parent’s and the student’s portal pages have no serious accessibility violation', async ({
  page,
  browser,
}) => {
  test.slow(); // two sign-ins by code, four pages each, twice
  // A family of its own (a published term, so Results has a card): the demo family's phones are
  // signed in by other tests at the same time, and a newer code would replace this test's.
  const family = await familyOfTwo(page, 'Axe');
  const [rafi, nila] = family.children;
  await publishTerm(page, family.accountId, family.classroomId, [rafi.id, nila.id]);

  const parentContext = await browser.newContext();
  const parentPage = await parentContext.newPage();
  await signInByPhone(parentPage, family.parentPhone);
  await expect(parentPage).toHaveURL(/\/parent\/dashboard$/);
  const parent = await audit(parentPage, [
    '/parent/dashboard',
    '/parent/fees',
    '/parent/attendance',
    '/parent/reports',
  ]);
  await parentContext.close();

  const context = await browser.newContext();
  const student = await context.newPage();
  await signInByPhone(student, rafi.phone);
  await expect(student).toHaveURL(/\/student\/dashboard$/);
  const own = await audit(student, ['/student/dashboard', '/student/fees', '/student/reports']);
  await context.close();
  expect([...parent, ...own]).toEqual([]);
});

test('the public pages have no serious accessibility violation in either theme', async ({ page }) => {
  test.slow(); // seven pages, twice
  await open(page, '/welcome');
  const findings = await audit(page, [
    '/welcome',
    '/pricing',
    '/contact',
    '/blog',
    '/signin',
    '/signup',
    '/phone-login',
  ]);
  expect(findings).toEqual([]);
});

test('a reader who asks for less motion gets the menu drawer without Ant Design motion', async ({
  browser,
}) => {
  // WCAG 2.3.3 (Animation from Interactions): with the system's "reduce motion" on, opening a
  // panel adds none of the enter or appear classes that drive Ant Design's slide and zoom.
  const context = await browser.newContext({
    reducedMotion: 'reduce',
    viewport: { width: 375, height: 740 },
  });
  const page = await context.newPage();
  await signInDemo(page, 'teacher');
  await open(page, '/teacher/dashboard');
  await settled(page);
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { motionClasses: string[] }).motionClasses = seen;
    new MutationObserver((records) => {
      for (const record of records) {
        const target = record.target instanceof Element ? [record.target] : [];
        const added = [...record.addedNodes].filter((n): n is Element => n instanceof Element);
        for (const element of [...target, ...added, ...added.flatMap((a) => [...a.querySelectorAll('*')])])
          for (const name of element.classList) if (/-(appear|enter|leave)(-|$)/.test(name)) seen.push(name);
      }
    }).observe(document.body, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['class'],
    });
  });
  await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.getByRole('dialog', { name: 'Menu' });
  await expect(menu).toBeVisible();
  await menu.getByRole('button', { name: 'Close' }).click();
  await expect(menu).toBeHidden();
  expect(await page.evaluate(() => (window as unknown as { motionClasses: string[] }).motionClasses)).toEqual(
    [],
  );
  await context.close();
});
