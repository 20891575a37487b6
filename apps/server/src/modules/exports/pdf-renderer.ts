import { availableParallelism } from 'node:os';
import { pdfLayout } from '@batchwise/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { failure, tooMany } from '../../lib/errors';
import { tableHtml } from './table-html';
import type { Table } from './xlsx';

const LAUNCH_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
export interface PdfLimits {
  /** Pages rendered at once: Chromium takes a core per page, and the API needs one too. */
  concurrency: number;
  /** Exports admitted beyond those rendering, waiting their turn; more answer 503. */
  queue: number;
  /** The page handed to Chromium, fonts included: layout time grows with it. */
  maxHtmlBytes: number;
  /** A render taking longer is stopped, so one export cannot hold a place forever. */
  renderTimeoutMs: number;
}

// Measured here (2 cores): 5,000 rows of 10 Bangla columns are about 2 MB of HTML and take
// 17 s to render, 10,000 rows 48 s.
export const PDF_LIMITS: PdfLimits = {
  concurrency: Math.max(1, Math.min(2, Math.floor(availableParallelism() / 2))),
  queue: 2,
  maxHtmlBytes: 3 * 1024 * 1024,
  renderTimeoutMs: 90_000,
};

// What a refused export should wait (`Retry-After`): the user's own export is seconds from done;
// a full queue takes a few renders to drain.
const BUSY_WAIT_MS = 10_000;
const QUEUE_FULL_WAIT_S = 30;

/** A place in the renderer's queue; give it back with `release` whether or not it rendered. */
export interface PdfJob {
  render(table: Table, generatedAt: string): Promise<Buffer>;
  /** A page of our own (report cards): A4 portrait unless said; `maxHtmlBytes` over the default. */
  renderHtml(html: string, options?: HtmlPdfOptions): Promise<Buffer>;
  release(): void;
}

export interface HtmlPdfOptions {
  landscape?: boolean;
  /** A page that inlines pictures (a class of report cards) may be bigger than a table. */
  maxHtmlBytes?: number;
  margin?: { top: string; bottom: string; left: string; right: string };
}

/**
 * PDFs through the local Chromium (`page.pdf()`): a browser shapes Bangla conjuncts correctly,
 * which jsPDF cannot (TOOLCHAIN.md). One browser is started on first use and kept; pages never
 * load anything from the network.
 *
 * A render is the costliest thing the server does, so it is rationed: each user has at most one
 * export admitted (rendering or waiting), and at most `concurrency + queue` are admitted at all;
 * the rest are refused at once rather than left to pile up. The ration is per process, like the
 * browser it protects.
 */
/** A page kept between renders, in a context of its own (scripts off, offline). */
interface Tab {
  context: BrowserContext;
  page: Page;
}

export class PdfRenderer {
  private browser: Promise<Browser> | undefined;
  /**
   * Pages kept for the next render, at most one per rendering place: a new context and page cost
   * Chromium a renderer process, ~250 ms of the ~500 ms a one-card PDF takes here. Each render
   * replaces the whole document, and scripts are off, so nothing of one export reaches the next.
   */
  private idle: Tab[] = [];
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  /** Users with an admitted export. */
  private readonly owners = new Set<string>();

  constructor(
    private readonly executablePath: string,
    private readonly log: FastifyBaseLogger,
    readonly limits: PdfLimits = PDF_LIMITS,
  ) {}

  /** Exports admitted (rendering or waiting) and rendering now. */
  get load(): { admitted: number; rendering: number } {
    return { admitted: this.owners.size, rendering: this.running };
  }

  /** Admits one export for `owner`, or refuses: 429 while they have one, 503 when the queue is full. */
  admit(owner: string): PdfJob {
    if (this.owners.has(owner)) throw tooMany('EXPORT_PDF_BUSY', BUSY_WAIT_MS);
    if (this.owners.size >= this.limits.concurrency + this.limits.queue) {
      const full = failure(503, 'EXPORT_PDF_QUEUE_FULL');
      full.retryAfterSeconds = QUEUE_FULL_WAIT_S;
      throw full;
    }
    this.owners.add(owner);
    let released = false;
    return {
      render: (table, generatedAt) => this.render(table, generatedAt),
      renderHtml: (html, options = {}) =>
        this.renderPage(html, {
          format: 'A4',
          landscape: options.landscape ?? false,
          maxHtmlBytes: options.maxHtmlBytes ?? this.limits.maxHtmlBytes,
          margin: options.margin,
        }),
      release: () => {
        if (!released) this.owners.delete(owner);
        released = true;
      },
    };
  }

  async close(): Promise<void> {
    const browser = await this.browser?.catch(() => undefined);
    this.browser = undefined;
    this.idle = [];
    await browser?.close().catch(() => undefined);
  }

  private render(table: Table, generatedAt: string): Promise<Buffer> {
    const layout = pdfLayout(table.headers.length);
    return this.renderPage(tableHtml(table, generatedAt), {
      format: layout.format === 'a3' ? 'A3' : 'A4',
      landscape: layout.orientation === 'landscape',
      maxHtmlBytes: this.limits.maxHtmlBytes,
    });
  }

  private async renderPage(
    html: string,
    page: {
      format: 'A3' | 'A4';
      landscape: boolean;
      maxHtmlBytes: number;
      margin?: HtmlPdfOptions['margin'];
    },
  ): Promise<Buffer> {
    if (Buffer.byteLength(html) > page.maxHtmlBytes) throw failure(413, 'EXPORT_PDF_CONTENT_TOO_LARGE');
    await this.slot();
    let timedOut = false;
    let deadline: NodeJS.Timeout | undefined;
    try {
      const tab = await this.tab();
      deadline = setTimeout(() => {
        timedOut = true;
        // Closing the context stops the page mid-render; the browser itself stays.
        void tab.context.close().catch(() => undefined);
      }, this.limits.renderTimeoutMs);
      let kept = false;
      try {
        await tab.page.setContent(html, { waitUntil: 'load', timeout: this.limits.renderTimeoutMs });
        await tab.page.evaluateHandle('document.fonts.ready').catch(() => undefined);
        const pdf = await tab.page.pdf({
          format: page.format,
          landscape: page.landscape,
          printBackground: true,
          margin: page.margin ?? { top: '12mm', bottom: '12mm', left: '10mm', right: '10mm' },
        });
        if (!timedOut && this.idle.length < this.limits.concurrency) {
          // Emptied before it waits, so no export's data stays in memory meanwhile.
          kept = await tab.page.setContent('').then(
            () => true,
            () => false,
          );
          if (kept) this.idle.push(tab);
        }
        return pdf;
      } finally {
        if (!kept) await tab.context.close().catch(() => undefined);
      }
    } catch (err) {
      this.log.warn({ err, timedOut }, 'PDF export failed');
      if (!timedOut) {
        this.browser = undefined;
        this.idle = [];
      }
      throw failure(503, 'EXPORT_UNAVAILABLE');
    } finally {
      clearTimeout(deadline);
      this.release();
    }
  }

  /** A kept page, or a new one in a context of its own. */
  private async tab(): Promise<Tab> {
    const kept = this.idle.pop();
    if (kept) return kept;
    const browser = await this.launch();
    const context = await browser.newContext({ javaScriptEnabled: false, offline: true });
    return { context, page: await context.newPage() };
  }

  private launch(): Promise<Browser> {
    // Loaded with the first PDF: the library takes most of a second to load, which every process
    // (and every test file) would otherwise pay at start whether it prints or not.
    this.browser ??= import('playwright-core').then(({ chromium }) =>
      chromium.launch({ executablePath: this.executablePath, args: LAUNCH_ARGS }),
    );
    return this.browser;
  }

  private async slot(): Promise<void> {
    if (this.running < this.limits.concurrency) {
      this.running++;
      return;
    }
    // The place is handed over by release() as it is: counting it again here would let a newcomer
    // take it in between.
    await new Promise<void>((resolve) => this.waiting.push(resolve));
  }

  private release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.running--;
  }
}
