import {
  type QuestionPaper,
  type QuestionPaperDraft,
  type QuestionPaperRequest,
  questionMarks,
  questionPaperDraftSchema,
  questionPaperRequestSchema,
} from '@batchwise/domain';
import type { Principal } from '../../lib/access';
import type { AiService } from './ai.service';
import { QUESTION_PAPER_PROMPT_VERSION, questionPaperPrompt } from './prompts/question-paper.v1';

/**
 * Question papers (spec part 1 §1 "AI add-ons": "Question papers in minutes"): a draft paper
 * with its answer key from the class, subject, topics and the questions of each kind asked for.
 * Only the teacher's description of the paper goes to the model (no student is involved); a
 * draft with another number of questions than asked for is asked again once, then refused.
 */
export class QuestionPapersService {
  constructor(private readonly ai: AiService) {}

  async draft(
    principal: Principal,
    accountId: string,
    request: QuestionPaperRequest,
    signal: AbortSignal,
  ): Promise<QuestionPaper> {
    const input = questionPaperRequestSchema.parse(request);
    const { value, credits } = await this.ai.run<QuestionPaperDraft>({
      principal,
      accountId,
      task: 'question-paper',
      promptVersion: QUESTION_PAPER_PROMPT_VERSION,
      messages: questionPaperPrompt(input),
      signal,
      accept: (answer) => {
        const parsed = questionPaperDraftSchema.safeParse(answer);
        if (!parsed.success) return { problem: 'it did not match the paper’s JSON shape' };
        const wrong = input.sections.find((s) => parsed.data[s.kind].length !== s.count);
        if (wrong) return { problem: `the ${wrong.kind} section needs exactly ${wrong.count} questions` };
        const asked = new Set(input.sections.map((s) => s.kind));
        return {
          value: {
            ...parsed.data,
            mcq: asked.has('mcq') ? parsed.data.mcq : [],
            short: asked.has('short') ? parsed.data.short : [],
            creative: asked.has('creative') ? parsed.data.creative : [],
          },
        };
      },
    });
    const totalMarks = input.sections.reduce(
      (sum, s) => sum + s.count * questionMarks(s.kind, s.marksEach),
      0,
    );
    return { paper: value, totalMarks, credits };
  }
}
