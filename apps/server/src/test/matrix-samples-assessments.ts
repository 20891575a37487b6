import type { Deps } from '../deps';
import { newId } from '../lib/ids';
import type { Sample } from './matrix-samples';
import { managers, readersOfA } from './matrix-samples-students';
import type { World } from './world';

// Matrix samples of assessments, marks and grade scales: whoever sees the
// classroom — its owner, the admin over it, the account-wide assistant and the assistant whose
// grant is for that classroom alone (world.ts) — works its assessments and marks; deleting an
// assessment and setting the grade scale are for owners and admins. Nobody of B, no student,
// parent or staff. Each call that writes names an assessment made for that call.

const TERM = 'Half-yearly 2026';
const classroom = (w: World, side: 'A' | 'B') => ({
  accountId: w.accounts[side],
  classroomId: w.classrooms[side],
});

/** An assessment of the side's world classroom with one single-part subject. */
async function freshAssessment(w: World, deps: Deps, side: 'A' | 'B') {
  const now = deps.clock.now();
  const id = newId(now);
  const subjectId = newId(now);
  const db = deps.db.kysely;
  await db
    .insertInto('assessments')
    .values({
      id,
      account_id: w.accounts[side],
      classroom_id: w.classrooms[side],
      name: 'Class test',
      term: TERM,
      held_on: '2026-05-02',
      weight: 100,
      published_at: null,
      created_by: null,
      created_at: now,
      updated_at: now,
    })
    .execute();
  await db
    .insertInto('assessment_subjects')
    .values({
      id: subjectId,
      assessment_id: id,
      name: 'Bangla',
      kind: 'compulsory',
      position: 0,
      parts: JSON.stringify([{ key: 'total', name: '', fullMarks: 100, passMarks: 33 }]),
    })
    .execute();
  return { params: { accountId: w.accounts[side], assessmentId: id }, subjectId };
}

const assessment = async (w: World, d: Deps, side: 'A' | 'B') => ({
  params: (await freshAssessment(w, d, side)).params,
});

const INPUT = {
  name: 'Class test 2',
  term: TERM,
  heldOn: '2026-05-20',
  subjects: [{ name: 'Bangla', parts: [{ key: 'total', fullMarks: 20, passMarks: 7 }] }],
};

export const ASSESSMENT_SAMPLES: Record<string, Sample> = {
  'GET /api/accounts/:accountId/classrooms/:classroomId/assessments': {
    institution: true,
    allowed: readersOfA,
    call: (w, _d, side) => ({ params: classroom(w, side) }),
  },
  'POST /api/accounts/:accountId/classrooms/:classroomId/assessments': {
    institution: true,
    allowed: readersOfA,
    call: (w, _d, side) => ({ params: classroom(w, side), body: INPUT }),
  },
  'GET /api/accounts/:accountId/classrooms/:classroomId/assessment-terms': {
    institution: true,
    allowed: readersOfA,
    call: (w, _d, side) => ({ params: classroom(w, side) }),
  },
  'GET /api/accounts/:accountId/classrooms/:classroomId/term-results': {
    institution: true,
    allowed: readersOfA,
    call: (w, _d, side) => ({ params: classroom(w, side), query: `term=${encodeURIComponent(TERM)}` }),
  },
  'GET /api/accounts/:accountId/assessments/:assessmentId': {
    institution: true,
    allowed: readersOfA,
    call: assessment,
  },
  'PUT /api/accounts/:accountId/assessments/:assessmentId': {
    institution: true,
    allowed: readersOfA,
    call: async (w, d, side) => ({ ...(await assessment(w, d, side)), body: INPUT }),
  },
  'DELETE /api/accounts/:accountId/assessments/:assessmentId': {
    institution: true,
    allowed: managers,
    call: assessment,
  },
  'POST /api/accounts/:accountId/assessments/:assessmentId/publish': {
    institution: true,
    allowed: readersOfA,
    call: assessment,
  },
  'POST /api/accounts/:accountId/assessments/:assessmentId/unpublish': {
    institution: true,
    allowed: readersOfA,
    call: assessment,
  },
  'GET /api/accounts/:accountId/assessments/:assessmentId/marks': {
    institution: true,
    allowed: readersOfA,
    call: assessment,
  },
  'PATCH /api/accounts/:accountId/assessments/:assessmentId/marks': {
    institution: true,
    allowed: readersOfA,
    call: async (w, d, side) => {
      const { params, subjectId } = await freshAssessment(w, d, side);
      return {
        params,
        body: {
          cells: [{ studentId: w.students[side], subjectId, partKey: 'total', marks: 72, version: 0 }],
        },
      };
    },
  },
  'GET /api/accounts/:accountId/assessments/:assessmentId/marks/template': {
    institution: true,
    allowed: readersOfA,
    call: assessment,
  },
  // No file: those allowed get past the access checks to the upload's own refusal.
  'POST /api/accounts/:accountId/assessments/:assessmentId/marks/check': {
    institution: true,
    allowed: readersOfA,
    call: assessment,
  },
  'POST /api/accounts/:accountId/assessments/:assessmentId/marks/import': {
    institution: true,
    allowed: readersOfA,
    call: assessment,
  },
  'GET /api/accounts/:accountId/grade-scale': {
    institution: true,
    allowed: readersOfA,
    call: (w, _d, side) => ({ params: { accountId: w.accounts[side] } }),
  },
  'PUT /api/accounts/:accountId/grade-scale': {
    institution: true,
    allowed: managers,
    call: (w, _d, side) => ({
      params: { accountId: w.accounts[side] },
      body: {
        mode: 'gpa',
        bands: [
          { min: 0, letter: 'F', point: 0 },
          { min: 33, letter: 'P', point: 1 },
        ],
      },
    }),
  },
};
