import type { Sample } from './matrix-samples';
import { managers } from './matrix-samples-students';
import type { World } from './world';

// Matrix samples of the dashboard's first-run checklist: the account's owner and admins read it
// and hide it; assistants are refused (getting-started.policy.ts).

const account = (w: World, side: 'A' | 'B') => ({ accountId: w.accounts[side] });

export const GETTING_STARTED_SAMPLES: Record<string, Sample> = {
  'GET /api/accounts/:accountId/getting-started': {
    institution: true,
    allowed: managers,
    call: (w, _d, side) => ({ params: account(w, side) }),
  },
  'PUT /api/accounts/:accountId/getting-started': {
    institution: true,
    allowed: managers,
    call: (w, _d, side) => ({ params: account(w, side), body: { admissionLinkOpened: true } }),
  },
};
