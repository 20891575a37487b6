import type { Sample } from './matrix-samples';
import { readersOfA } from './matrix-samples-students';
import { seedPublishedTerm } from './report-cards';
import type { World } from './world';

// Matrix samples of the AI tools: everyone working in an account may read its AI credits and ask
// the SMS writer for drafts (nothing is sent; the drafts go through the normal review). A
// report-card comment is drafted from a card, so whoever may read the classroom's cards asks for
// one (as report cards: the one-classroom viewer too); the other side's card is not found.

const account = (w: World, _d: unknown, side: 'A' | 'B') => ({ params: { accountId: w.accounts[side] } });

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
};
