import type { Deps } from '../deps';
import { newId } from '../lib/ids';
import type { Sample } from './matrix-samples';
import { readersOfA } from './matrix-samples-students';
import { seedPublishedTerm } from './report-cards';
import type { World } from './world';

// Matrix samples of the AI tools: everyone working in an account may read its AI credits and ask
// the SMS writer for drafts (nothing is sent; the drafts go through the normal review). A
// report-card comment is drafted from a card, so whoever may read the classroom's cards asks for
// one (as report cards: the one-classroom viewer too); the other side's card is not found.

const account = (w: World, _d: unknown, side: 'A' | 'B') => ({ params: { accountId: w.accounts[side] } });

// Saved question papers follow the classroom's assessments: whoever works them (the same readers)
// keeps, prints and reuses its papers. Each call names a paper saved for that call.
const CONTENT = {
  title: 'Class test',
  mcq: [{ text: 'Unit of speed?', options: ['m', 'm/s', 's', 'kg'], answer: 1, marks: 1 }],
  short: [],
  creative: [],
};
const PAPER_INPUT = {
  classLevel: 'Class 9',
  subject: 'Physics',
  language: 'en',
  durationMinutes: 30,
  paper: CONTENT,
};

async function freshPaper(w: World, deps: Deps, side: 'A' | 'B') {
  const now = deps.clock.now();
  const id = newId(now);
  await deps.db.kysely
    .insertInto('question_papers')
    .values({
      id,
      account_id: w.accounts[side],
      classroom_id: w.classrooms[side],
      title: CONTENT.title,
      class_level: 'Class 9',
      subject: 'Physics',
      language: 'en',
      duration_minutes: 30,
      content: JSON.stringify(CONTENT),
      total_marks: 1,
      questions: 1,
      created_by: null,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return id;
}
const classroom = (w: World, side: 'A' | 'B') => ({
  accountId: w.accounts[side],
  classroomId: w.classrooms[side],
});
const paper =
  (extra: (w: World) => object = () => ({})): Sample['call'] =>
  async (w, d, side) => ({
    params: { accountId: w.accounts[side], paperId: await freshPaper(w, d, side) },
    ...extra(w),
  });

export const AI_SAMPLES: Record<string, Sample> = {
  'GET /api/accounts/:accountId/ai/credits': { institution: true, allowed: readersOfA, call: account },
  'POST /api/accounts/:accountId/ai/sms-drafts': {
    institution: true,
    allowed: readersOfA,
    call: (w, d, side) => ({
      ...account(w, d, side),
      body: { description: 'fees due by the 10th, polite', language: 'en', maxParts: 1, kind: 'typed' },
    }),
  },
  'POST /api/accounts/:accountId/ai/report-comment': {
    institution: true,
    allowed: readersOfA,
    call: async (w, d, side) => {
      const { term } = await seedPublishedTerm(d, w.accounts[side], w.classrooms[side], [w.students[side]]);
      return {
        ...account(w, d, side),
        body: { classroomId: w.classrooms[side], studentId: w.students[side], term, language: 'en' },
      };
    },
  },
  'POST /api/accounts/:accountId/ai/question-paper': {
    institution: true,
    allowed: readersOfA,
    call: (w, d, side) => ({
      ...account(w, d, side),
      body: {
        classLevel: 'Class 9',
        subject: 'Physics',
        topics: ['Motion'],
        language: 'en',
        sections: [{ kind: 'mcq', count: 2, marksEach: 1 }],
      },
    }),
  },
  'GET /api/accounts/:accountId/classrooms/:classroomId/question-papers': {
    institution: true,
    allowed: readersOfA,
    call: (w, _d, side) => ({ params: classroom(w, side) }),
  },
  'POST /api/accounts/:accountId/classrooms/:classroomId/question-papers': {
    institution: true,
    allowed: readersOfA,
    call: (w, _d, side) => ({ params: classroom(w, side), body: PAPER_INPUT }),
  },
  'GET /api/accounts/:accountId/question-papers/:paperId': {
    institution: true,
    allowed: readersOfA,
    call: paper(),
  },
  'PUT /api/accounts/:accountId/question-papers/:paperId': {
    institution: true,
    allowed: readersOfA,
    call: paper(() => ({ body: PAPER_INPUT })),
  },
  'DELETE /api/accounts/:accountId/question-papers/:paperId': {
    institution: true,
    allowed: readersOfA,
    call: paper(),
  },
  'GET /api/accounts/:accountId/question-papers/:paperId/pdf': {
    institution: true,
    allowed: readersOfA,
    call: paper(),
  },
  'POST /api/accounts/:accountId/question-papers/:paperId/assessment': {
    institution: true,
    allowed: readersOfA,
    call: paper(() => ({ body: { name: 'Class test', term: 'Term 1', heldOn: '2026-05-02' } })),
  },
};
