import { pdfLayout } from '@batchwise/domain';
import type { FastifyBaseLogger } from 'fastify';
import { type Browser, chromium } from 'playwright-core';
import { failure } from '../../lib/errors';
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
/** Pages rendered at once; more wait, so a burst of exports cannot exhaust the machine. */
const MAX_PARALLEL = 2;

/**
 * PDFs through the local Chromium (`page.pdf()`): a browser shapes Bangla conjuncts correctly,
 * which jsPDF cannot (TOOLCHAIN.md). One browser is started on first use and kept; pages never
 * load anything from the network.
 */
export class PdfRenderer {
  private browser: Promise<Browser> | undefined;
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    private readonly executablePath: string,
    private readonly log: FastifyBaseLogger,
  ) {}

  async render(table: Table, generatedAt: string): Promise<Buffer> {
    const layout = pdfLayout(table.headers.length);
    await this.slot();
    try {
      const browser = await this.launch();
      const context = await browser.newContext({ javaScriptEnabled: false, offline: true });
      try {
        const page = await context.newPage();
        await page.setContent(tableHtml(table, generatedAt), { waitUntil: 'load' });
        await page.evaluateHandle('document.fonts.ready').catch(() => undefined);
        return await page.pdf({
          format: layout.format === 'a3' ? 'A3' : 'A4',
          landscape: layout.orientation === 'landscape',
          printBackground: true,
          margin: { top: '12mm', bottom: '12mm', left: '10mm', right: '10mm' },
        });
      } finally {
        await context.close();
      }
    } catch (err) {
      this.log.warn({ err }, 'PDF export failed');
      this.browser = undefined;
      throw failure(503, 'EXPORT_UNAVAILABLE');
    } finally {
      this.release();
    }
  }

  async close(): Promise<void> {
    const browser = await this.browser?.catch(() => undefined);
    this.browser = undefined;
    await browser?.close().catch(() => undefined);
  }

  private launch(): Promise<Browser> {
    this.browser ??= chromium.launch({ executablePath: this.executablePath, args: LAUNCH_ARGS });
    return this.browser;
  }

  private async slot(): Promise<void> {
    if (this.running < MAX_PARALLEL) {
      this.running++;
      return;
    }
    await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.running++;
  }

  private release(): void {
    this.running--;
    this.waiting.shift()?.();
  }
}
