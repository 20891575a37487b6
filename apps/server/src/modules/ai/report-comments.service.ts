import {
  firstNameOf,
  REPORT_COMMENT_PSEUDONYM,
  type ReportComment,
  type ReportCommentRequest,
  reportCommentAnswerSchema,
  reportCommentProblem,
  reportCommentRequestSchema,
  withStudentName,
} from '@batchwise/domain';
import type { Principal } from '../../lib/access';
import type { ReportCardsService } from '../report-cards/report-cards.service';
import type { AiService } from './ai.service';
import { REPORT_COMMENT_PROMPT_VERSION, reportCommentPrompt } from './prompts/report-comment.v1';

/**
 * Report-card comments (spec part 1 §1 "AI add-ons"; spec part 2 §2 "Report card"): a draft of
 * the teacher's remark from the student's card of the term (marks by subject, the class's
 * average, attendance), in the card's language and the tone asked for. The card is read through
 * the report cards service, so whoever may not see it gets "not found" before anything is asked
 * or charged. The model reads figures and a pseudonym only; the draft comes back with the
 * student's first name and is saved by nobody here: the teacher edits it and saves the remark.
 */
export class ReportCommentsService {
  constructor(private readonly deps: { ai: AiService; cards: ReportCardsService }) {}

  async draft(
    principal: Principal,
    accountId: string,
    request: ReportCommentRequest,
    signal: AbortSignal,
  ): Promise<ReportComment> {
    const input = reportCommentRequestSchema.parse(request);
    const card = await this.deps.cards.card(
      principal,
      accountId,
      input.classroomId,
      input.studentId,
      input.term,
    );
    const { student, overview, attendance } = card;
    const first = firstNameOf(student.name);
    // A first name in the teacher's notes goes as the pseudonym too: the model never reads a name.
    const notes = first.length >= 2 ? input.notes.split(first).join(REPORT_COMMENT_PSEUDONYM) : input.notes;
    const { value, credits } = await this.deps.ai.run<string>({
      principal,
      accountId,
      task: 'report-comment',
      promptVersion: REPORT_COMMENT_PROMPT_VERSION,
      messages: reportCommentPrompt({
        language: input.language,
        tone: input.tone,
        notes,
        term: card.term,
        overall: {
          percent: overview.percent,
          letter: overview.letter,
          gpa: overview.gpa,
          passed: overview.passed,
          position: overview.position,
          classSize: overview.classSize,
          classPercent: card.average.classPercent,
        },
        subjects: overview.subjects.map((s) => ({
          name: s.name,
          percent: s.percent,
          letter: s.letter,
          passed: s.passed,
        })),
        attendancePercent: attendance?.percent ?? null,
        absentSessions: attendance?.absent ?? null,
      }),
      known: [student.name, student.id, ...(student.customId ? [student.customId] : [])],
      signal,
      accept: (answer) => {
        const parsed = reportCommentAnswerSchema.safeParse(answer);
        if (!parsed.success) return { problem: 'it did not match {"comment":"..."}' };
        const problem = reportCommentProblem(parsed.data.comment, input.language);
        if (problem) return { problem: `the comment was not usable (${problem})` };
        return { value: withStudentName(parsed.data.comment, student.name) };
      },
    });
    return { comment: value, credits };
  }
}
