import fs from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS } from '../playwright.config';

/**
 * Full-page screenshots of the public pages at 1280 and 375 px in English and Bangla, for a
 * person to look at (not a test). Run against a started server:
 *   BASE_URL=http://127.0.0.1:8080 node --import tsx e2e/scripts/screenshots.ts [out-dir] [paths…]
 */
const base = process.env.BASE_URL ?? 'http://127.0.0.1:8080';
const out = process.argv[2] ?? 'test-results/screenshots';
const only = process.argv.slice(3);
const PAGES = [
  '/welcome',
  '/pricing',
  '/ai',
  '/blog',
  '/casestudy',
  '/contact',
  '/careers',
  '/sentinel',
  '/ex/sms',
  '/Terms',
  '/Privacy',
  '/aboutus',
  '/Support',
  '/under-maintenance',
  '/news',
];

fs.mkdirSync(out, { recursive: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: CHROMIUM_ARGS,
});
try {
  for (const language of ['en', 'bn']) {
    for (const width of [1280, 375]) {
      const context = await browser.newContext({ viewport: { width, height: width === 375 ? 740 : 900 } });
      await context.addInitScript((lng) => localStorage.setItem('lng', lng), language);
      const page = await context.newPage();
      page.on('pageerror', (error) => console.warn(`PAGE ERROR ${page.url()}: ${error.message}`));
      page.on('console', (message) => {
        if (message.type() === 'error') console.warn(`CONSOLE ${page.url()}: ${message.text()}`);
      });
      for (const pagePath of only.length ? only : PAGES) {
        await page.goto(`${base}${pagePath}`);
        await page.waitForLoadState('networkidle');
        // Lazy images load only near the viewport: scroll through once so the picture is complete.
        await page.evaluate(async () => {
          for (let y = 0; y < document.body.scrollHeight; y += 600) {
            window.scrollTo(0, y);
            await new Promise((resolve) => setTimeout(resolve, 40));
          }
          window.scrollTo(0, 0);
        });
        await page.waitForLoadState('networkidle');
        await page.waitForTimeout(200);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        if (overflow > 0) console.warn(`OVERFLOW ${overflow}px: ${pagePath} ${language} ${width}`);
        const name = `${pagePath.slice(1).replace(/\W+/g, '-') || 'root'}-${language}-${width}.png`;
        await page.screenshot({ path: path.join(out, name), fullPage: true });
      }
      await context.close();
    }
  }
} finally {
  await browser.close();
}
