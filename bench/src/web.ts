import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Figure } from './lib';

export interface PageRun {
  performance: number;
  accessibility: number;
  seo: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** Paths of the scripts and style sheets the page loaded. */
  scripts: string[];
  styles: string[];
  /** Every request of the load (documents, scripts, styles, fonts, texts, API calls). */
  requests: number;
  /** Bytes of JavaScript as transferred (compressed, with headers), as the browser counted them. */
  scriptTransferBytes: number;
}

/**
 * One Lighthouse run with its default mobile settings (simulated slow 4G, 4× CPU slowdown) in
 * the local Chromium. Besides the scores it returns the scripts and style sheets the page really
 * fetched, so the first-load figures count what a browser downloads, not what we think it does.
 */
export async function lighthouseMobile(
  url: string,
  chromePath: string,
  language = 'en',
  /** A session cookie (`bw_session=…`) for a signed-in page. */
  session = '',
  /**
   * How long the network and the CPU must stay quiet before the load counts as done. Lighthouse's
   * default (1 s) ends a page that loads its code in steps (session, then the page's chunks) early
   * on a busy machine, and the figures then miss the later chunks.
   */
  quietMs?: number,
): Promise<PageRun> {
  const { default: lighthouse } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--no-first-run',
    ],
  });
  try {
    // The session goes into the browser's cookie jar: a Cookie in `extraHeaders` does not reach the
    // page's own API calls, and the page would land on sign-in. Lighthouse clears the cache and
    // the origin's storage before loading, not cookies, so the load is still cold.
    if (session) {
      const puppeteer = await import('puppeteer-core');
      const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
      const [page] = await browser.pages();
      const [name = '', value = ''] = session.split('=');
      await page?.setCookie({ name, value, url });
      await browser.disconnect();
    }
    const run = () =>
      lighthouse(url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'seo'],
        ...(quietMs
          ? { networkQuietThresholdMs: quietMs, cpuQuietThresholdMs: quietMs, pauseAfterLoadMs: quietMs }
          : {}),
        // The server sends each page pre-rendered in the language of this cookie.
        extraHeaders: { Cookie: `bw_lng=${language}` },
      });
    let result = await run();
    // Lighthouse sometimes fails to record its own trace (NO_NAVSTART on a busy machine); its
    // scores are then 0, which says nothing about the page. One more run settles it.
    if (result?.lhr.runtimeError) result = await run();
    if (!result) throw new Error('Lighthouse returned nothing');
    if (result.lhr.runtimeError) throw new Error(`Lighthouse failed: ${result.lhr.runtimeError.message}`);
    const { categories, audits } = result.lhr;
    const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
    const requests = ((audits['network-requests']?.details as { items?: unknown[] } | undefined)?.items ??
      []) as { url: string; resourceType?: string; transferSize?: number }[];
    const pathsOf = (type: string) =>
      requests.filter((r) => r.resourceType === type).map((r) => new URL(r.url).pathname);
    return {
      performance: score('performance'),
      accessibility: score('accessibility'),
      seo: score('seo'),
      lcpMs: Math.round(audits['largest-contentful-paint']?.numericValue ?? 0),
      tbtMs: Math.round(audits['total-blocking-time']?.numericValue ?? 0),
      cls: Math.round((audits['cumulative-layout-shift']?.numericValue ?? 0) * 1000) / 1000,
      scripts: pathsOf('Script'),
      styles: pathsOf('Stylesheet'),
      requests: requests.length,
      scriptTransferBytes: requests
        .filter((r) => r.resourceType === 'Script')
        .reduce((total, r) => total + (r.transferSize ?? 0), 0),
    };
  } finally {
    chrome.kill();
  }
}

/** The gzip size of files of the web build, by the paths the browser asked for. */
export function gzipBytes(dist: string, urlPaths: string[]): number {
  return urlPaths.reduce((total, urlPath) => {
    const file = path.join(dist, urlPath);
    if (!fs.existsSync(file)) throw new Error(`${urlPath} is not a file of the web build`);
    return total + zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length;
  }, 0);
}

const kB = (bytes: number) => Math.round(bytes / 100) / 10;

/**
 * The public site capability's figures: first-load JavaScript and CSS (gzip) of /welcome and /blog, and Lighthouse
 * mobile scores of /welcome (and of /blog and the Bangla /welcome, for information).
 */
export async function publicSiteFigures(appUrl: string, dist: string, chromePath: string): Promise<Figure[]> {
  const figures: Figure[] = [];
  for (const page of ['welcome', 'blog']) {
    const run = await lighthouseMobile(`${appUrl}/${page}`, chromePath);
    const js = kB(gzipBytes(dist, run.scripts));
    const css = kB(gzipBytes(dist, run.styles));
    const gated = page === 'welcome';
    figures.push(
      {
        figure: `${page}_first_load_js_gzip`,
        value: js,
        unit: 'kB',
        ...(gated ? { goal: '<= 100', met: js <= 100 } : {}),
      },
      { figure: `${page}_first_load_css_gzip`, value: css, unit: 'kB' },
    );
    for (const category of ['performance', 'accessibility', 'seo'] as const) {
      figures.push({
        figure: `${page}_lighthouse_mobile_${category}`,
        value: run[category],
        unit: 'score',
        ...(gated ? { goal: '>= 95', met: run[category] >= 95 } : {}),
      });
    }
    figures.push(
      { figure: `${page}_largest_contentful_paint`, value: run.lcpMs, unit: 'ms' },
      { figure: `${page}_total_blocking_time`, value: run.tbtMs, unit: 'ms' },
      { figure: `${page}_cumulative_layout_shift`, value: run.cls, unit: 'score' },
    );
  }
  // Bangla pages load the large Bengali fonts: the landing page in Bangla, for information.
  const bangla = await lighthouseMobile(`${appUrl}/welcome`, chromePath, 'bn');
  figures.push(
    { figure: 'welcome_bn_lighthouse_mobile_performance', value: bangla.performance, unit: 'score' },
    { figure: 'welcome_bn_largest_contentful_paint', value: bangla.lcpMs, unit: 'ms' },
    { figure: 'welcome_bn_cumulative_layout_shift', value: bangla.cls, unit: 'score' },
  );
  return figures;
}
