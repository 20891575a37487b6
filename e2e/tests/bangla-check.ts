import { liveEventsEndpoint } from '@batchwise/domain';
import { expect, type Page, type Request } from '@playwright/test';

/**
 * The Bangla check: on a page shown in Bangla, every visible text (text nodes, placeholders and
 * the dates in date pickers) is Bangla, except what users typed. Latin letters or ASCII digits
 * anywhere else mean an English string or an unformatted number slipped through.
 *
 * What users typed is known from the data the page itself loaded: string values of the API's
 * data fields (names, e-mails, phones, institutions, grades, subjects, ids…), collected from the
 * page's own responses. Fields that hold codes the interface must translate (a status, a payment
 * method, a kind) are not data and stay checked.
 */

/** API fields whose string values are typed by users (or are ids), matched on the key's end. */
const DATA_FIELD =
  /(name|email|phone|phones|institution|grade|subject|address|rfid|card|note|reason|title|term|text|message|body|id|ids|number|roll|slug|sender|transaction|transactionId)$/i;

/**
 * Names spelt the same in every language: products (ours, the payment gateway, the attendance
 * devices, the spreadsheet) and file formats, which readers see on their files as they are.
 */
const NAMES = [
  'Batchwise',
  'SSLCommerz',
  'ZKTeco',
  'Excel',
  'CSV',
  'PDF',
  'PNG',
  'JPG',
  'JPEG',
  'pdf',
  'png',
  'jpg',
  'jpeg',
  'xlsx',
];

/** The SMS template language's placeholders ({Name}, {Pay Link}): typed by users as they are. */
const TEMPLATE_PLACEHOLDER = /\{[^{}]+\}/g;

const LATIN_OR_ASCII_DIGIT = /[A-Za-z0-9]/;

/** Collects user-typed strings from every JSON response the page receives from our API. */
export function collectUserData(page: Page): { values: Set<string>; settled: () => Promise<void> } {
  const values = new Set<string>();
  const pending: Promise<void>[] = [];
  // API requests on their way (not the live events stream, which stays open): a page may draw a
  // response before Playwright has handed it over, so settling waits for every one of them.
  const inFlight = new Map<Request, { finished: Promise<void>; finish: () => void }>();
  const walk = (node: unknown, key: string) => {
    if (typeof node === 'string') {
      const value = node.trim();
      // A short number (a count, a receipt number) is the interface's to write in Bangla digits;
      // only long digit strings (phones, card numbers) are shown as typed.
      if (!DATA_FIELD.test(key) || value.length < 2 || (/^\d+$/.test(value) && value.length < 6)) return;
      values.add(value);
      // A phone is stored with the country code and shown as typed (01XXXXXXXXX).
      if (/^\+88\d{11}$/.test(value)) values.add(value.slice(3));
    } else if (Array.isArray(node)) {
      for (const item of node) walk(item, key);
    } else if (node && typeof node === 'object') {
      for (const [k, v] of Object.entries(node)) walk(v, k);
    }
  };
  const isApi = (url: string) => {
    const { pathname } = new URL(url);
    return pathname.startsWith('/api/') && pathname !== liveEventsEndpoint.path;
  };
  page.on('request', (request) => {
    if (!isApi(request.url())) return;
    let finish = () => {};
    const finished = new Promise<void>((resolve) => {
      finish = resolve;
    });
    inFlight.set(request, { finished, finish });
  });
  const ended = (request: Request) => {
    inFlight.get(request)?.finish();
    inFlight.delete(request);
  };
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  page.on('response', (response) => {
    if (!isApi(response.url())) return;
    if (!(response.headers()['content-type'] ?? '').includes('json')) return;
    pending.push(
      response
        .json()
        .then((body) => walk(body, ''))
        .catch(() => undefined),
    );
  });
  return {
    values,
    settled: async () => {
      while (inFlight.size > 0 || pending.length > 0) {
        await Promise.all([...[...inFlight.values()].map((r) => r.finished), ...pending.splice(0)]);
      }
    },
  };
}

export interface Leak {
  text: string;
  where: string;
}

/**
 * The visible texts on the page that are not Bangla once user data and brands are taken out.
 * Elements marked `translate="no"` hold what must not be translated: what users typed in a shape
 * the API does not return as one string (a phone written without +88, a name's initial) and
 * official notation (letter grades); elements in another `lang` are skipped likewise.
 */
export async function latinLeaks(page: Page, userData: Iterable<string>): Promise<Leak[]> {
  const allowed = [...new Set([...userData, ...NAMES])].sort((a, b) => b.length - a.length);
  return page.evaluate(
    ({ allowed, pattern, placeholder }) => {
      const latin = new RegExp(pattern);
      const leaks: { text: string; where: string }[] = [];
      const describe = (element: Element) => {
        const parts: string[] = [];
        for (let at: Element | null = element; at && parts.length < 4; at = at.parentElement) {
          const testId = at.getAttribute('data-testid');
          const cls = [...at.classList].filter((c) => !c.startsWith('css-')).slice(0, 2);
          parts.unshift(
            `${at.tagName.toLowerCase()}${testId ? `[data-testid=${testId}]` : ''}${cls.length ? `.${cls.join('.')}` : ''}`,
          );
        }
        return parts.join(' > ');
      };
      const strip = (text: string) => {
        let rest = text.replace(new RegExp(placeholder, 'g'), ' ');
        for (const value of allowed) if (rest.includes(value)) rest = rest.split(value).join(' ');
        return rest;
      };
      // Text in another language says so (`lang`, as the language switch's "English" does), and
      // text that is not to be translated (user data, official notation) says so (`translate`).
      const inBangla = (element: Element) =>
        (element.closest('[lang]')?.getAttribute('lang') ?? 'bn').startsWith('bn') &&
        !element.closest('[translate="no"]');
      const visible = (element: Element) =>
        element.checkVisibility({ opacityProperty: true, visibilityProperty: true }) &&
        !element.closest('[aria-hidden="true"], script, style, noscript, template') &&
        // Keys and what is typed on the keyboard (Enter, "ab" for absent) are written as on it.
        !element.closest('kbd') &&
        inBangla(element);
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? '';
        const parent = node.parentElement;
        if (!parent || !latin.test(text) || !visible(parent)) continue;
        if (latin.test(strip(text))) leaks.push({ text: text.trim(), where: describe(parent) });
      }
      // A date picker's box shows the chosen date as the app formats it, not as anyone typed it.
      for (const field of document.querySelectorAll<HTMLInputElement>('.ant-picker input')) {
        if (visible(field) && latin.test(field.value))
          leaks.push({ text: `date: ${field.value}`, where: describe(field) });
      }
      for (const field of document.querySelectorAll<HTMLInputElement>(
        'input[placeholder], textarea[placeholder]',
      )) {
        if (visible(field) && latin.test(strip(field.placeholder)))
          leaks.push({ text: `placeholder: ${field.placeholder}`, where: describe(field) });
      }
      return leaks;
    },
    { allowed, pattern: LATIN_OR_ASCII_DIGIT.source, placeholder: TEMPLATE_PLACEHOLDER.source },
  );
}

/** Waits until the page has drawn its data: the app in control, a heading, no spinner. */
export async function drawn(page: Page) {
  await page.locator('#root:not([data-prerendered])').waitFor({ state: 'attached' });
  await expect(page.locator('h1, h2').first()).toBeVisible();
  await expect(page.locator('.ant-spin-spinning, .ant-skeleton-active')).toHaveCount(0);
}
