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
