import { type Browser, expect, type Page } from '@playwright/test';
import { CSRF, signUpByApi, unique, uniquePhone } from './page-helpers';

// The staff console's browser tests: the demo staff member and a new teacher of their own.

export const STAFF = { email: 'staff@demo.batchwise.bd', password: 'Batchwise demo 2026' };
export const INSTITUTION = { accountType: 'Default', currency: 'BDT', manageMultiBranches: false };

export async function staffPage(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  const signIn = await page.request.post('/api/auth/sign-in', { data: STAFF, headers: CSRF });
  expect(signIn.status(), await signIn.text()).toBe(200);
  return page;
}

/** A new teacher signed in on `page`; their phone as they typed it at sign-up. */
export async function teacher(page: Page) {
  const id = unique();
  const phone = uniquePhone();
  const institution = `Console Coaching ${id}`;
  await signUpByApi(page.request, {
    accountType: 'Teacher',
    name: `Console Teacher ${id}`,
    email: `e2e-console-${id}@school.test`,
    password: `correct horse ${id}`,
    phone,
    institution,
  });
  const session = (await (await page.request.get('/api/session')).json()) as { accounts: { id: string }[] };
  return { phone, institution, accountId: session.accounts[0]!.id };
}
