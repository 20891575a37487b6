import type { Config } from './config/config';
import type { Db } from './db/database';
import { type ChatModel, createChatModel } from './drivers/ai/chat-model';
import type { Clock } from './lib/clock';
import type { AccessPolicy } from './modules/access/access.policy';
import { AiService } from './modules/ai/ai.service';
import { QuestionPapersService } from './modules/ai/question-papers.service';
import { ReportCommentsService } from './modules/ai/report-comments.service';
import { SmsWriterService } from './modules/ai/sms-writer.service';
import type { PlansService } from './modules/plans/plans.service';
import type { ReportCardsService } from './modules/report-cards/report-cards.service';

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
}): AiServices {
  const aiModel = createChatModel(base.config.ai);
  const { cards, ...gateway } = base;
  const ai = new AiService({ ...gateway, model: aiModel });
  return {
    aiModel,
    ai,
    smsWriter: new SmsWriterService(ai),
    reportComments: new ReportCommentsService({ ai, cards }),
    questionPapers: new QuestionPapersService(ai),
  };
}
