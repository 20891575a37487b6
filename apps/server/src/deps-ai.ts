import type { Config } from './config/config';
import type { Db } from './db/database';
import { type ChatModel, createChatModel } from './drivers/ai/chat-model';
import type { Clock } from './lib/clock';
import type { AccessPolicy } from './modules/access/access.policy';
import { AiService } from './modules/ai/ai.service';
import { QuestionPapersService } from './modules/ai/question-papers.service';
import { ReportCommentsService } from './modules/ai/report-comments.service';
import { SavedPapersService } from './modules/ai/saved-papers.service';
import { SmsWriterService } from './modules/ai/sms-writer.service';
import type { AssessmentsService } from './modules/assessments/assessments.service';
import type { PdfRenderer } from './modules/exports/pdf-renderer';
import type { PlansService } from './modules/plans/plans.service';
import type { ReportCardsService } from './modules/report-cards/report-cards.service';
import type { ReportPdfService } from './modules/report-cards/report-pdf.service';

/** The AI tools, part of `Deps`. */
export interface AiServices {
  /** The configured model (or the loopback stand-in), undefined when none is. */
  aiModel: ChatModel | undefined;
  /** The model gateway's rules: privacy guard, credits, JSON answers with one retry. */
  ai: AiService;
  /** Drafts of an SMS from a description, fitted to its parts. */
  smsWriter: SmsWriterService;
  /** Drafts of the teacher's remark on a report card from its marks and attendance. */
  reportComments: ReportCommentsService;
  /** Draft question papers with answer keys. */
  questionPapers: QuestionPapersService;
  /** Question papers kept per classroom: printed and made into assessments. */
  savedPapers: SavedPapersService;
}

/** The AI tools' part of the composition root (deps.ts). */
export function createAiServices(base: {
  config: Config;
  db: Db;
  clock: Clock;
  access: AccessPolicy;
  plans: PlansService;
  /** The cards a comment is drafted from, read with the caller's access. */
  cards: ReportCardsService;
  /** Saved papers print through the shared renderer, their logo as report cards print theirs. */
  pdf: PdfRenderer;
  reportPdf: ReportPdfService;
  assessments: AssessmentsService;
}): AiServices {
  const aiModel = createChatModel(base.config.ai);
  const { cards, pdf, reportPdf, assessments, ...gateway } = base;
  const ai = new AiService({ ...gateway, model: aiModel });
  return {
    aiModel,
    ai,
    smsWriter: new SmsWriterService(ai),
    reportComments: new ReportCommentsService({ ai, cards }),
    questionPapers: new QuestionPapersService(ai),
    savedPapers: new SavedPapersService({
      db: base.db,
      clock: base.clock,
      access: base.access,
      pdf,
      assessments,
      picture: (url) => reportPdf.picture(url),
    }),
  };
}
