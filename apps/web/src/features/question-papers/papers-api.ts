import {
  type PaperContent,
  paperWithMarks,
  type QuestionPaper,
  type QuestionPaperRequest,
  questionPaperEndpoints,
  type SavedPaperInput,
} from '@batchwise/domain';
import { endpointQuery } from '../../lib/api-client';

/** What the editor holds: a paper with its print details, saved or not yet. */
export type PaperEdit = SavedPaperInput & { paper: PaperContent };

export const papersQuery = (accountId: string, classroomId: string | undefined) => ({
  ...endpointQuery(questionPaperEndpoints.classroomPapers, {
    params: { accountId, classroomId: classroomId ?? '' },
  }),
  enabled: !!classroomId,
});

/** A drafted paper made editable: the marks asked for on each question, the board's on creative parts. */
export function editFromDraft(request: QuestionPaperRequest, answer: QuestionPaper): PaperEdit {
  // A first guess the teacher changes: a minute and a half a mark, in steps of five minutes.
  const minutes = Math.min(600, Math.max(5, Math.round((answer.totalMarks * 3) / 2 / 5) * 5));
  return {
    classLevel: request.classLevel,
    subject: request.subject,
    language: request.language,
    durationMinutes: minutes,
    paper: paperWithMarks(answer.paper, request.sections),
  };
}
