import type { Deps } from '../deps';
import type { Sample } from './matrix-samples';
import { staffOfA } from './matrix-samples-students';
import type { World } from './world';

// Matrix samples of bulk onboarding: owners, admins and the assistant with account-wide
// manageStudents and modifyCustomID. The check and import calls carry no file: those allowed get
// past the access checks to the upload's own refusal.

const account = (w: World, _d: Deps, side: 'A' | 'B') => ({ params: { accountId: w.accounts[side] } });

export const ONBOARDING_SAMPLES: Record<string, Sample> = {
  'GET /api/accounts/:accountId/onboarding/template': { institution: true, allowed: staffOfA, call: account },
  'POST /api/accounts/:accountId/onboarding/check': { institution: true, allowed: staffOfA, call: account },
  'POST /api/accounts/:accountId/onboarding/import': { institution: true, allowed: staffOfA, call: account },
};
