import { newId } from '../lib/ids';
import type { Sample } from './matrix-samples';

// Matrix samples of the staff console and maintenance mode: everything is platform staff's, but
// the maintenance state (public: the /under-maintenance page) and the caller's own notices
// (signed-in). Writes are harmless to the shared world: a restore of an account that is not
// suspended (409), a switch-off of maintenance that is off, labels that do not exist.

const staff = ['staff'] as const;
const missingLabel = { labelId: 'no-such-label' };

export const STAFF_CONSOLE_SAMPLES: Record<string, Sample> = {
  'GET /api/staff/accounts': { allowed: staff, call: () => ({ query: 'q=teacher' }) },
  'GET /api/staff/accounts/:accountId': {
    allowed: staff,
    call: (w) => ({ params: { accountId: w.accounts.A } }),
  },
  'PUT /api/staff/accounts/:accountId/suspension': {
    allowed: staff,
    call: (w) => ({
      params: { accountId: w.accounts.A },
      body: { suspended: false, reason: 'Matrix check' },
    }),
  },
  'GET /api/staff/labels': { allowed: staff },
  'POST /api/staff/labels': {
    allowed: staff,
    call: (_w, d) => ({ body: { name: `matrix ${newId(d.clock.now())}` } }),
  },
  'DELETE /api/staff/labels/:labelId': {
    allowed: staff,
    missingObject: true,
    call: () => ({ params: missingLabel }),
  },
  'PUT /api/staff/accounts/:accountId/labels/:labelId': {
    allowed: staff,
    missingObject: true,
    call: (w) => ({ params: { accountId: w.accounts.A, ...missingLabel } }),
  },
  'DELETE /api/staff/accounts/:accountId/labels/:labelId': {
    allowed: staff,
    missingObject: true,
    call: (w) => ({ params: { accountId: w.accounts.A, ...missingLabel } }),
  },
  // The Firebase import: no file is sent or named that exists, so nothing is imported.
  'POST /api/staff/firebase-imports/files': { allowed: staff },
  'POST /api/staff/firebase-imports': {
    allowed: staff,
    missingObject: true,
    call: () => ({ body: { exportFileId: 'no-such-file', dryRun: true } }),
  },
  'GET /api/staff/firebase-imports': { allowed: staff },
  'GET /api/staff/firebase-imports/:runId': {
    allowed: staff,
    missingObject: true,
    call: () => ({ params: { runId: 'no-such-run' } }),
  },
  'GET /api/maintenance': { allowed: 'everyone' },
  'PUT /api/staff/maintenance': { allowed: staff, call: () => ({ body: { on: false } }) },
};
