import type { Db } from './db/database';
import type { Storage } from './drivers/storage/storage';
import type { Clock } from './lib/clock';
import type { AccessPolicy } from './modules/access/access.policy';
import { AssessmentsService } from './modules/assessments/assessments.service';
import { MarksService } from './modules/assessments/marks.service';
import { MarksImportService } from './modules/assessments/marks-import.service';
import type { EventBus } from './modules/events/event-bus';
import type { PdfRenderer } from './modules/exports/pdf-renderer';
import type { RateLimiter } from './modules/rate-limit/rate-limit.service';
import type { RecycleBinService } from './modules/recycle-bin/recycle-bin.service';
import { ReportCardsService } from './modules/report-cards/report-cards.service';
import { publishedTermAssessments } from './modules/report-cards/report-data';
import { ReportLinksService } from './modules/report-cards/report-links.service';
import { ReportPdfService } from './modules/report-cards/report-pdf.service';
import { ResultSmsService } from './modules/report-cards/result-sms.service';
import { TermCache } from './modules/report-cards/term-cache';
import type { SmsSendService } from './modules/sms/sms-send.service';

/** Assessments and report cards' services, part of `Deps`. */
export interface ReportCardServices {
  /** Assessments, marks and grade scales (items 1–2). */
  assessments: AssessmentsService;
  marks: MarksService;
  marksImport: MarksImportService;
  /** Report cards: staff views, family links, PDFs and result SMS (items 3–4). */
  reportCards: ReportCardsService;
  reportLinks: ReportLinksService;
  reportPdf: ReportPdfService;
  resultSms: ResultSmsService;
}

/**
 * Assessments and report cards' part of the composition root (deps.ts). The report cards read a
 * term's published assessments through the assessments module's own query, handed in here.
 */
export function createReportCardServices(base: {
  db: Db;
  clock: Clock;
  events: EventBus;
  access: AccessPolicy;
  limiter: RateLimiter;
  storage: Storage;
  pdf: PdfRenderer;
  smsSends: SmsSendService;
  appUrl: string;
  maskedSender: (accountId: string) => Promise<boolean>;
  recycleBin: RecycleBinService;
}): ReportCardServices {
  const { db, clock, events, access, appUrl } = base;
  const terms = new TermCache(db, (accountId, classroomId, term) =>
    publishedTermAssessments(db.kysely, accountId, classroomId, term),
  );
  const reportDeps = { db, clock, access, events, readTerm: terms.read };
  return {
    assessments: new AssessmentsService({ db, clock, access, events, recycleBin: base.recycleBin }),
    marks: new MarksService({ db, clock, access, events }),
    marksImport: new MarksImportService({ db, clock, access, events }),
    reportCards: new ReportCardsService(reportDeps),
    reportLinks: new ReportLinksService({ ...reportDeps, limiter: base.limiter, appUrl }),
    reportPdf: new ReportPdfService({ ...reportDeps, pdf: base.pdf, storage: base.storage }),
    resultSms: new ResultSmsService({
      ...reportDeps,
      sends: base.smsSends,
      appUrl,
      maskedSender: base.maskedSender,
    }),
  };
}
