import type { Deps } from '../deps';
import { newId } from '../lib/ids';
import { SmsTemplatesRepository } from '../modules/sms/sms-templates.repository';
import type { Sample } from './matrix-samples';
import { managers, readersOfA, staffOfA } from './matrix-samples-students';
import type { World } from './world';

// Matrix samples of the SMS routes. A send costs quota, so each call that makes one
// works on its own send; a send to a typed number keeps it independent of the world's students.

const teacherOf = (w: World, side: 'A' | 'B') => (side === 'A' ? w.users.teacherA : w.users.teacherB);

/** A send by the side's teacher, made for one call; scheduled ones can still be cancelled. */
async function freshSend(w: World, deps: Deps, side: 'A' | 'B', scheduled: boolean) {
  const { sendId } = await deps.smsSends.queue({
    accountId: w.accounts[side],
    userId: teacherOf(w, side),
    text: 'Matrix message',
    recipients: [{ phone: '+8801700000001', source: 'typed', studentId: null }],
    urgent: true,
    sendAt: scheduled ? deps.clock.now() + 86_400_000 : undefined,
  });
  return { params: { accountId: w.accounts[side], sendId } };
}

const compose = (w: World, _d: Deps, side: 'A' | 'B') => ({
  params: { accountId: w.accounts[side] },
  body: { text: 'Matrix message', classroomIds: [w.classrooms[side]], urgent: true },
});

const account = (w: World, _d: Deps, side: 'A' | 'B') => ({ params: { accountId: w.accounts[side] } });

/** A template built from two rows, one message to a fixed number. */
const templateSend = (w: World, _d: Deps, side: 'A' | 'B') => ({
  params: { accountId: w.accounts[side] },
  body: {
    template: 'Hi {Name}',
    rows: [
      ['Name', 'Phone'],
      ['Rahim', '01700000001'],
    ],
    urgent: true,
  },
});

/** A saved template of the side's account, made for one call (renamed or deleted by it). */
async function freshTemplate(w: World, deps: Deps, side: 'A' | 'B') {
  const now = deps.clock.now();
  const id = newId(now);
  await new SmsTemplatesRepository(deps.db.kysely).insert({
    id,
    account_id: w.accounts[side],
    name: `Matrix ${id}`,
    name_key: `matrix ${id}`.toLowerCase(),
    body: 'Hi {Name}',
    created_by: null,
    created_at: now,
    updated_at: now,
  });
  return {
    params: { accountId: w.accounts[side], templateId: id },
    body: { name: `Renamed ${id}`, body: 'Hello {Name}' },
  };
}

export const SMS_SAMPLES: Record<string, Sample> = {
  // Templates: the sheet's numbers are typed numbers, so account-wide senders only.
  'POST /api/accounts/:accountId/sms/template-sheets': {
    institution: true,
    allowed: staffOfA,
    call: account,
  },
  'POST /api/accounts/:accountId/sms/template-preview': {
    institution: true,
    allowed: staffOfA,
    call: templateSend,
  },
  'POST /api/accounts/:accountId/sms/template-sends': {
    institution: true,
    allowed: staffOfA,
    call: templateSend,
  },
  'GET /api/accounts/:accountId/sms/templates': { institution: true, allowed: staffOfA, call: account },
  'POST /api/accounts/:accountId/sms/templates': {
    institution: true,
    allowed: staffOfA,
    call: (w, _d, side) => ({
      params: { accountId: w.accounts[side] },
      body: { name: `Matrix ${newId()}`, body: 'Hi' },
    }),
  },
  'PUT /api/accounts/:accountId/sms/templates/:templateId': {
    institution: true,
    allowed: staffOfA,
    call: freshTemplate,
  },
  'DELETE /api/accounts/:accountId/sms/templates/:templateId': {
    institution: true,
    allowed: staffOfA,
    call: freshTemplate,
  },

  'POST /api/accounts/:accountId/sms/preview': { institution: true, allowed: staffOfA, call: compose },
  'POST /api/accounts/:accountId/sms/sends': { institution: true, allowed: staffOfA, call: compose },
  // Everyone who works in A lists sends; an assistant sees only the ones they made.
  'GET /api/accounts/:accountId/sms/sends': {
    institution: true,
    allowed: readersOfA,
    call: (w, _d, side) => ({ params: { accountId: w.accounts[side] } }),
  },
  'GET /api/accounts/:accountId/sms/sends/:sendId': {
    institution: true,
    allowed: managers,
    call: (w, d, side) => freshSend(w, d, side, false),
  },
  'DELETE /api/accounts/:accountId/sms/sends/:sendId': {
    institution: true,
    allowed: managers,
    call: (w, d, side) => freshSend(w, d, side, true),
  },
  'PUT /api/accounts/:accountId/sms/sends/:sendId': {
    institution: true,
    allowed: managers,
    call: async (w, d, side) => ({
      ...(await freshSend(w, d, side, true)),
      body: { text: 'Matrix message, edited', sendAt: d.clock.now() + 2 * 86_400_000 },
    }),
  },
  // A send that has not failed: those allowed are told there is nothing to resend (409).
  'POST /api/accounts/:accountId/sms/sends/:sendId/resend': {
    institution: true,
    allowed: managers,
    call: (w, d, side) => freshSend(w, d, side, false),
  },
  'GET /api/accounts/:accountId/sms/quota': {
    institution: true,
    allowed: managers,
    call: (w, _d, side) => ({ params: { accountId: w.accounts[side] } }),
  },
  'GET /api/accounts/:accountId/sms/welcome': {
    institution: true,
    allowed: managers,
    call: (w, _d, side) => ({ params: { accountId: w.accounts[side] } }),
  },
  'PUT /api/accounts/:accountId/sms/welcome': {
    institution: true,
    allowed: managers,
    call: (w, _d, side) => ({ params: { accountId: w.accounts[side] }, body: { message: '' } }),
  },
  // The gateway's webhook: its secret, not a role, admits it; without one it is not there.
  'POST /api/sms/delivery-reports': {
    allowed: 'everyone',
    missingObject: true,
    call: () => ({ query: 'token=not-the-secret', body: { results: [] } }),
  },
  'POST /api/staff/sms/top-ups': {
    allowed: ['staff'],
    call: (w) => ({ body: { owner: w.users.teacherA, count: 10, note: 'Matrix top-up' } }),
  },
};
