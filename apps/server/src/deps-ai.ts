import type { Config } from './config/config';
import type { Db } from './db/database';
import { type ChatModel, createChatModel } from './drivers/ai/chat-model';
import type { Clock } from './lib/clock';
import type { AccessPolicy } from './modules/access/access.policy';
import { AiService } from './modules/ai/ai.service';
import { SmsWriterService } from './modules/ai/sms-writer.service';
import type { PlansService } from './modules/plans/plans.service';

/** The AI tools, part of `Deps`. */
export interface AiServices {
  /** The configured model (or the loopback stand-in), undefined when none is. */
  aiModel: ChatModel | undefined;
  /** The model gateway's rules: privacy guard, credits, JSON answers with one retry. */
  ai: AiService;
  /** Drafts of an SMS from a description, fitted to its parts. */
  smsWriter: SmsWriterService;
}

/** The AI tools' part of the composition root (deps.ts). */
export function createAiServices(base: {
  config: Config;
  db: Db;
  clock: Clock;
  access: AccessPolicy;
  plans: PlansService;
}): AiServices {
  const aiModel = createChatModel(base.config.ai);
  const ai = new AiService({ ...base, model: aiModel });
  return { aiModel, ai, smsWriter: new SmsWriterService(ai) };
}
