import { type Browser, expect, type Page } from '@playwright/test';
import {
  addEnrolledStudent,
  CSRF,
  createClassroom,
  installTool,
  signInCode,
  signUpTeacher,
  unique,
  uniquePhone,
} from './page-helpers';

/** A phone's viewport: the family portal is used on phones first. */
export const PHONE = { width: 375, height: 740 };

export interface Child {
  id: string;
  name: string;
  /** The student's own phone (their sign-in), typed 01XXXXXXXXX. */
  phone: string;
  /** The RFID card the kiosk reads. */
  card: string;
}

export interface Family {
  accountId: string;
  classroomId: string;
  /** The parent's phone, typed 01XXXXXXXXX, listed as parent 1 on both children. */
  parentPhone: string;
  children: [Child, Child];
}

/**
 * A teacher with online payment on (the loopback gateway stand-ins), a 1,000 ৳ classroom and two
 * children of one parent in it, each with a card for the kiosk.
 */
export async function familyOfTwo(page: Page, label: string): Promise<Family> {
  const accountId = await signUpTeacher(page, label);
  const id = unique().slice(-6);
  const classroomId = await createClassroom(page.request, accountId, `Physics Portal ${id}`);
  const settings = await page.request.put(`/api/accounts/${accountId}/merchant-settings`, {
    data: {
      onlinePayment: true,
      sslcommerz: { enabled: true, mode: 'sandbox', storeId: `store${id}`, storePassword: `pass-${id}` },
      bkash: { enabled: false },
    },
    headers: CSRF,
  });
  expect(settings.ok(), await settings.text()).toBe(true);
  const parentPhone = uniquePhone('019');
  const child = async (name: string): Promise<Child> => {
    const phone = uniquePhone('017');
    const card = `CARD${unique().slice(-8)}`;
    const childId = await addEnrolledStudent(page.request, accountId, classroomId, name, {
      phone,
      parent1Phone: parentPhone,
      rfid: card,
    });
    return { id: childId, name, phone, card };
  };
  const children: [Child, Child] = [await child(`Rafi Islam ${id}`), await child(`Nila Islam ${id}`)];
  return { accountId, classroomId, parentPhone, children };
}

/** A fresh phone-sized browser, optionally in Bangla. */
export async function phoneBrowser(browser: Browser, language: 'en' | 'bn' = 'en'): Promise<Page> {
  const context = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
  if (language === 'bn') await context.addInitScript(() => localStorage.setItem('ln', 'bn'));
  return context.newPage();
}

/** Signs in on the phone-login page with the code from the development outbox. */
export async function signInByPhone(page: Page, phone: string): Promise<void> {
  await page.goto('/phone-login');
  await page.locator('#phone-login-phone').fill(phone);
  await page.locator('form button[type="submit"]').click();
  const code = await signInCode(page.request, `+88${phone}`);
  await page.locator('#phone-login-code').fill(code);
  await page.locator('form button[type="submit"]').click();
  // The portal is an entry of its own: the app's router moves to the dashboard first, then the
  // page loads the portal. Done once the portal's header shows, so no later navigation races it.
  await expect(page.getByTestId('portal-who')).toBeVisible();
}

/** An attendance kiosk of the account (as the owner's devices page issues one): its key. */
export async function issueKiosk(page: Page, accountId: string): Promise<string> {
  // Sentinel attendance is not in Lite: a new account starts its trial first.
  await installTool(page, accountId, 'sentinel-attendance');
  const issued = await page.request.post(`/api/accounts/${accountId}/attendance-devices/kiosk`, {
    data: { name: 'Main gate' },
    headers: CSRF,
  });
  expect(issued.status(), await issued.text()).toBe(201);
  return ((await issued.json()) as { key: string }).key;
}
