import type { Deps } from '../deps';
import { newId } from '../lib/ids';
import { AdmissionRepository } from '../modules/admission/admission.repository';
import { uniquePhone } from './factories';
import type { Sample } from './matrix-samples';
import { managers, staffOfA } from './matrix-samples-students';
import type { World } from './world';

// Matrix samples of online admission. The public calls name A's institution and carry
// bodies the contract refuses, so they are answered without storing anything. The inbox is for
// owners, admins and the assistant with account-wide manageStudents; each call gets a fresh
// pending application, so an allowed accept or reject really decides it. The settings are the
// owner's and admins' only.

async function freshApplication(w: World, deps: Deps, side: 'A' | 'B') {
  const now = deps.clock.now();
  const id = newId(now);
  const repo = new AdmissionRepository(deps.db.kysely);
  await repo.insert({
    id,
    account_id: w.accounts[side],
    number: await repo.nextNumber(w.accounts[side]),
    name: 'Applicant',
    phone: uniquePhone(),
    parent1_phone: '',
    parent2_phone: '',
    details: 'Class 9 Physics',
    course_classroom_id: null,
    custom_fields: '{}',
    avatar_url: null,
    status: 'Pending',
    reject_reason: null,
    student_id: null,
    created_at: now,
    decided_at: null,
    decided_by_user_id: null,
  });
  return { accountId: w.accounts[side], applicationId: id };
}

const key = (w: World) => ({ key: w.accounts.A });
const application = (body?: unknown) => async (w: World, d: Deps, side: 'A' | 'B') => ({
  params: await freshApplication(w, d, side),
  body,
});

export const ADMISSION_SAMPLES: Record<string, Sample> = {
  'GET /api/public/admission/:key': { allowed: 'everyone', call: (w) => ({ params: key(w) }) },
  'POST /api/public/admission/:key/phone-check': {
    allowed: 'everyone',
    call: (w) => ({ params: key(w), body: { phone: '' } }),
  },
  'POST /api/public/admission/:key/applications': {
    allowed: 'everyone',
    call: (w) => ({ params: key(w), body: {} }),
  },
  // No file: everyone gets past the access check to the upload's own refusal.
  'POST /api/public/admission/:key/picture': { allowed: 'everyone', call: (w) => ({ params: key(w) }) },
  'GET /api/accounts/:accountId/admission/applications': {
    institution: true,
    allowed: staffOfA,
    call: (w, _d, side) => ({ params: { accountId: w.accounts[side] } }),
  },
  'GET /api/accounts/:accountId/admission/applications/:applicationId': {
    institution: true,
    allowed: staffOfA,
    call: application(),
  },
  // No classroom chosen: those allowed get past the access checks to "select at least 1 classroom".
  'POST /api/accounts/:accountId/admission/applications/:applicationId/accept': {
    institution: true,
    allowed: staffOfA,
    call: application({ classroomIds: [], welcomeSms: false }),
  },
  'POST /api/accounts/:accountId/admission/applications/:applicationId/reject': {
    institution: true,
    allowed: staffOfA,
    call: application({ reason: 'Batch is full' }),
  },
  'GET /api/accounts/:accountId/admission/settings': {
    institution: true,
    allowed: managers,
    call: (w, _d, side) => ({ params: { accountId: w.accounts[side] } }),
  },
  'POST /api/accounts/:accountId/admission/attachments': {
    institution: true,
    allowed: managers,
    call: (w, _d, side) => ({ params: { accountId: w.accounts[side] } }),
  },
  'PUT /api/accounts/:accountId/admission/settings': {
    institution: true,
    allowed: managers,
    call: (w, _d, side) => ({
      params: { accountId: w.accounts[side] },
      body: { settings: { collectPicture: true, customFields: ['Blood Group'] }, language: 'bn' },
    }),
  },
};
