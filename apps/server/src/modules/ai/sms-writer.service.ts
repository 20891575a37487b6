import {
  SMS_DRAFTS_MAX,
  type SmsDrafts,
  type SmsDraftsRequest,
  smsCount,
  smsDraftProblem,
  smsDraftsAnswerSchema,
  smsDraftsRequestSchema,
  templatePlaceholders,
} from '@batchwise/domain';
import type { Principal } from '../../lib/access';
import type { AiService } from './ai.service';
import { SMS_DRAFTS_PROMPT_VERSION, smsDraftsPrompt } from './prompts/sms-drafts.v1';

/**
 * The SMS writer (spec part 1 §1 "AI add-ons"; the SMS capability): two or three drafts of a
 * described message, each fitting the parts asked for as the compose box or the template editor
 * counts them, the template's placeholders kept. Only the description goes to the model; nothing
 * is sent from here (the drafts go through the normal review).
 */
export class SmsWriterService {
  constructor(private readonly ai: AiService) {}

  async drafts(
    principal: Principal,
    accountId: string,
    request: SmsDraftsRequest,
    signal: AbortSignal,
  ): Promise<SmsDrafts> {
    const input = smsDraftsRequestSchema.parse(request);
    const placeholders = templatePlaceholders(input.template);
    const rules = { kind: input.kind, maxParts: input.maxParts, placeholders };
    const { perSms } = smsCount('', input.kind);
    const { value, credits } = await this.ai.run<SmsDrafts['drafts']>({
      principal,
      accountId,
      task: 'sms-drafts',
      promptVersion: SMS_DRAFTS_PROMPT_VERSION,
      messages: smsDraftsPrompt({
        description: input.description,
        language: input.language,
        maxParts: input.maxParts,
        kind: input.kind,
        placeholders,
        maxLength: perSms * input.maxParts,
      }),
      signal,
      accept: (answer) => {
        const parsed = smsDraftsAnswerSchema.safeParse(answer);
        if (!parsed.success) return { problem: 'it did not match {"drafts":[{"text":"..."}]}' };
        const texts = [...new Set(parsed.data.drafts.map((d) => d.text.trim()))];
        const fitting = texts.filter((text) => smsDraftProblem(text, rules) === null);
        // Two drafts at least, or the teacher has nothing to choose between.
        if (fitting.length < Math.min(2, texts.length)) {
          return { problem: 'drafts were too long or changed the placeholders' };
        }
        return {
          value: fitting
            .slice(0, SMS_DRAFTS_MAX)
            .map((text) => ({ text, parts: smsCount(text, input.kind).sms })),
        };
      },
    });
    return { drafts: value, credits };
  }
}
