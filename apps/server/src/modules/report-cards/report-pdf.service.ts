import type { ReportCard, ReportLanguage } from '@batchwise/domain';
import sharp from 'sharp';
import type { Db } from '../../db/database';
import type { Storage } from '../../drivers/storage/storage';
import type { Principal } from '../../lib/access';
import type { Clock } from '../../lib/clock';
import { notFound } from '../../lib/errors';
import type { AccessPolicy } from '../access/access.policy';
import type { PdfRenderer } from '../exports/pdf-renderer';
import { requireReportsOf } from './report-cards.policy';
import { cardsFor, type LoadedTerm } from './report-data';
import { reportCardsHtml } from './report-html';
import type { ReportLinksService } from './report-links.service';
import type { TermReader } from './term-cache';

export interface ReportPdfDeps {
  db: Db;
  clock: Clock;
  access: AccessPolicy;
  pdf: PdfRenderer;
  storage: Storage;
  readTerm: TermReader;
}

export interface ReportPdfFile {
  body: Buffer;
  fileName: string;
}

/** A class's page may inline every student's photo: more than a table's page, far below memory limits. */
const CARDS_MAX_HTML_BYTES = 24 * 1024 * 1024;
/** Pictures are printed at 20 mm: 160 px is 200 dpi, and a class stays a few MB. */
const PICTURE_PX = 160;

/**
 * Report cards as PDF: one student's card or a whole class, a page each, through
 * the shared Chromium renderer (its rations apply: one PDF at a time per person, a short queue).
 */
export class ReportPdfService {
  constructor(private readonly deps: ReportPdfDeps) {}

  async staffPdf(
    principal: Principal,
    accountId: string,
    classroomId: string,
    query: { term: string; studentId?: string; lang: ReportLanguage },
  ): Promise<ReportPdfFile> {
    const scope = await this.deps.access.requireAccount(principal, accountId);
    requireReportsOf(scope, classroomId);
    const term = await this.deps.readTerm(accountId, classroomId, query.term);
    const ids = query.studentId ? [query.studentId] : term.students.map((s) => s.id);
    if (query.studentId && !term.students.some((s) => s.id === query.studentId)) throw notFound();
    return this.render(principal.user.id, term, ids, query.lang);
  }

  /** The card a family's link shows, as a PDF. */
  async publicPdf(links: ReportLinksService, key: string, lang: ReportLanguage): Promise<ReportPdfFile> {
    const { link, term } = await links.studentLink(key);
    return this.render(`report-link:${link.id}`, term, [link.student_id!], lang);
  }

  /** The PDF of these students' cards; `owner` holds the renderer's place while it renders. */
  async render(owner: string, term: LoadedTerm, studentIds: readonly string[], lang: ReportLanguage) {
    const job = this.deps.pdf.admit(owner);
    try {
      const cards = await cardsFor(this.deps.db.kysely, term, studentIds, this.deps.clock.now());
      if (cards.length === 0) throw notFound();
      const html = reportCardsHtml(cards, lang, await this.pictures(cards));
      const body = await job.renderHtml(html, {
        maxHtmlBytes: CARDS_MAX_HTML_BYTES,
        margin: { top: '10mm', bottom: '10mm', left: '12mm', right: '12mm' },
      });
      const who = cards.length === 1 ? cards[0]!.student.name : term.classroom.name;
      return { body, fileName: `${who} – ${term.term}.pdf` };
    } finally {
      job.release();
    }
  }

  /** The logo and photos the cards show, as small JPEG data URLs (the page loads nothing). */
  private async pictures(cards: readonly ReportCard[]): Promise<Map<string, string>> {
    const urls = new Set<string>();
    for (const card of cards) {
      if (card.institution.logoUrl) urls.add(card.institution.logoUrl);
      if (card.student.avatarUrl) urls.add(card.student.avatarUrl);
    }
    const out = new Map<string, string>();
    for (const url of urls) {
      const data = await this.picture(url).catch(() => undefined);
      if (data) out.set(url, data);
    }
    return out;
  }

  /** A stored picture as a small JPEG data URL; question papers print the logo through it too. */
  async picture(url: string): Promise<string | undefined> {
    if (!url.startsWith('/media/')) return undefined;
    const stored = await this.deps.storage.get(url.slice('/media/'.length));
    if (!stored) return undefined;
    const chunks: Buffer[] = [];
    for await (const chunk of stored.body) chunks.push(chunk as Buffer);
    const jpeg = await sharp(Buffer.concat(chunks))
      .resize(PICTURE_PX, PICTURE_PX, { fit: 'inside' })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 72 })
      .toBuffer();
    return `data:image/jpeg;base64,${jpeg.toString('base64')}`;
  }
}
