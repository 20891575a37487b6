import { CSRF_HEADER } from '@batchwise/domain';
import type { Page } from '@playwright/test';

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

let counter = 0;
/** Text no other test (in this run or a parallel worker) uses: for e-mails, names, phones. */
export function unique(): string {
  counter += 1;
  return `${Date.now().toString(36)}${process.pid}${counter}${Math.floor(Math.random() * 1e4)}`;
}

/** A fresh valid Bangladeshi mobile number as typed, 01XXXXXXXXX (operator 018 unless given). */
export const uniquePhone = (operator = '018') =>
  `${operator}${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
