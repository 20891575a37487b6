import type { Deps } from '../deps';
import { newId } from '../lib/ids';
import { digest } from '../modules/auth/tokens';
import { newReportKey } from '../modules/report-cards/report-links.service';
import type { Sample } from './matrix-samples';
import { managers, readersOfA, staffOfA } from './matrix-samples-students';
import { seedPublishedTerm } from './report-cards';
import type { World } from './world';

// Matrix samples of report cards. Whoever sees the classroom works its cards
// (the one-classroom viewer too, as for marks); a result SMS needs the classroom's sendSms
// permission (the viewer has none); the class table link is the owner's and admins'. Each call
// gets a term of its own, published with the side's world student in it. Families' routes are
// public and take the key of a link made for the call.

const room = async (w: World, d: Deps, side: 'A' | 'B') => {
  const { term, assessmentId } = await seedPublishedTerm(d, w.accounts[side], w.classrooms[side], [
    w.students[side],
  ]);
  return {
    params: { accountId: w.accounts[side], classroomId: w.classrooms[side] },
    term,
    assessmentId,
  };
};

/** A live link of the side's world student (or the class table) with its key. */
async function liveKey(w: World, d: Deps, kind: 'student' | 'table') {
  const { term, assessmentId } = await seedPublishedTerm(d, w.accounts.A, w.classrooms.A, [w.students.A]);
  const key = newReportKey();
  const now = d.clock.now();
  await d.db.kysely
    .insertInto('report_links')
    .values({
      id: newId(now),
      key_hash: digest(key),
      kind,
      account_id: w.accounts.A,
      student_id: kind === 'student' ? w.students.A : null,
      classroom_id: w.classrooms.A,
      term,
      created_by: null,
      created_at: now,
      revoked_at: null,
      last_opened_at: null,
    })
    .execute();
  return { key, assessmentId };
}

const base = '/api/accounts/:accountId/classrooms/:classroomId/report-cards';

export const REPORT_CARD_SAMPLES: Record<string, Sample> = {
  [`GET ${base}/terms`]: {
    institution: true,
    allowed: readersOfA,
    call: async (w, d, side) => ({ params: (await room(w, d, side)).params }),
  },
  [`GET ${base}`]: {
    institution: true,
    allowed: readersOfA,
    call: async (w, d, side) => {
      const r = await room(w, d, side);
      return { params: r.params, query: `term=${encodeURIComponent(r.term)}` };
    },
  },
  [`GET ${base}/assessments/:assessmentId`]: {
    institution: true,
    allowed: readersOfA,
    call: async (w, d, side) => {
      const r = await room(w, d, side);
      return { params: { ...r.params, assessmentId: r.assessmentId } };
    },
  },
  [`GET ${base}/students/:studentId`]: {
    institution: true,
    allowed: readersOfA,
    call: async (w, d, side) => {
      const r = await room(w, d, side);
      return {
        params: { ...r.params, studentId: w.students[side] },
        query: `term=${encodeURIComponent(r.term)}`,
      };
    },
  },
  [`PUT ${base}/students/:studentId/remark`]: {
    institution: true,
    allowed: readersOfA,
    call: async (w, d, side) => {
      const r = await room(w, d, side);
      return { params: { ...r.params, studentId: w.students[side] }, body: { term: r.term, remark: 'Good' } };
    },
  },
  // Renders a real PDF for each caller allowed (one student's card: a single page).
  [`GET ${base}/pdf`]: {
    institution: true,
    allowed: readersOfA,
    call: async (w, d, side) => {
      const r = await room(w, d, side);
      return { params: r.params, query: `term=${encodeURIComponent(r.term)}&studentId=${w.students[side]}` };
    },
  },
  [`POST ${base}/links`]: {
    institution: true,
    allowed: readersOfA,
    call: async (w, d, side) => {
      const r = await room(w, d, side);
      return { params: r.params, body: { term: r.term } };
    },
  },
  [`POST ${base}/links/revoke`]: {
    institution: true,
    allowed: readersOfA,
    call: async (w, d, side) => {
      const r = await room(w, d, side);
      return { params: r.params, body: { term: r.term } };
    },
  },
  [`POST ${base}/table-link`]: {
    institution: true,
    allowed: managers,
    call: async (w, d, side) => {
      const r = await room(w, d, side);
      return { params: r.params, body: { term: r.term } };
    },
  },
  [`POST ${base}/table-link/revoke`]: {
    institution: true,
    allowed: managers,
    call: async (w, d, side) => {
      const r = await room(w, d, side);
      return { params: r.params, body: { term: r.term } };
    },
  },
  [`GET ${base}/feedback`]: {
    institution: true,
    allowed: readersOfA,
    call: async (w, d, side) => {
      const r = await room(w, d, side);
      return { params: r.params, query: `term=${encodeURIComponent(r.term)}` };
    },
  },
  [`POST ${base}/feedback/read`]: {
    institution: true,
    allowed: readersOfA,
    call: async (w, d, side) => {
      const r = await room(w, d, side);
      return { params: r.params, body: { term: r.term } };
    },
  },
  [`POST ${base}/result-sms/preview`]: {
    institution: true,
    allowed: staffOfA,
    call: async (w, d, side) => {
      const r = await room(w, d, side);
      return { params: r.params, body: { term: r.term, template: 'Result of {Name}: {Marks}' } };
    },
  },
  [`POST ${base}/result-sms`]: {
    institution: true,
    allowed: staffOfA,
    call: async (w, d, side) => {
      const r = await room(w, d, side);
      return {
        params: r.params,
        body: { term: r.term, template: 'Result of {Name}: {Marks} {Report Link}' },
      };
    },
  },
  'GET /api/public/report-cards/:key': {
    allowed: 'everyone',
    call: async (w, d) => ({ params: { key: (await liveKey(w, d, 'student')).key } }),
  },
  // A key that exists nowhere (every caller reaches the check; no PDF is rendered for it).
  'GET /api/public/report-cards/:key/pdf': {
    allowed: 'everyone',
    call: () => ({ params: { key: newReportKey() } }),
  },
  'POST /api/public/report-cards/:key/acknowledge': {
    allowed: 'everyone',
    call: async (w, d) => ({ params: { key: (await liveKey(w, d, 'student')).key } }),
  },
  'POST /api/public/report-cards/:key/feedback': {
    allowed: 'everyone',
    call: async (w, d) => ({
      params: { key: (await liveKey(w, d, 'student')).key },
      body: { text: 'Thanks' },
    }),
  },
  'GET /api/public/report-tables/:key': {
    allowed: 'everyone',
    call: async (w, d) => ({ params: { key: (await liveKey(w, d, 'table')).key } }),
  },
  'GET /api/public/report-tables/:key/assessments/:assessmentId': {
    allowed: 'everyone',
    call: async (w, d) => {
      const { key, assessmentId } = await liveKey(w, d, 'table');
      return { params: { key, assessmentId } };
    },
  },
  'GET /rc/:key': { allowed: 'everyone', call: () => ({ params: { key: newReportKey() } }) },
};
