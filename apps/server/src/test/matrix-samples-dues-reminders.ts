import { DUES_REMINDER_TEMPLATES } from '@batchwise/domain';
import type { Sample } from './matrix-samples';
import { managers, staffOfA } from './matrix-samples-students';

// Matrix samples of dues reminders. Sending needs the collect and the send
// grants: the world's account-wide assistant holds both (world.ts), the one-classroom viewer
// neither. The automatic monthly reminder's settings: owner and admins only.

const account = (w: { accounts: { A: string; B: string } }, side: 'A' | 'B') => ({
  accountId: w.accounts[side],
});

const send = (w: { accounts: { A: string; B: string } }, side: 'A' | 'B') => ({
  params: account(w, side),
  body: { template: DUES_REMINDER_TEMPLATES.en },
});

export const DUES_REMINDER_SAMPLES: Record<string, Sample> = {
  'POST /api/accounts/:accountId/dues-reminders/preview': {
    institution: true,
    allowed: staffOfA,
    call: (w, _d, side) => send(w, side),
  },
  'POST /api/accounts/:accountId/dues-reminders/sends': {
    institution: true,
    allowed: staffOfA,
    call: (w, _d, side) => send(w, side),
  },
  'GET /api/accounts/:accountId/dues-reminders/settings': {
    institution: true,
    allowed: managers,
    call: (w, _d, side) => ({ params: account(w, side) }),
  },
  'PUT /api/accounts/:accountId/dues-reminders/settings': {
    institution: true,
    allowed: managers,
    call: (w, _d, side) => ({
      params: account(w, side),
      body: {
        enabled: false,
        dayOfMonth: 5,
        template: DUES_REMINDER_TEMPLATES.bn,
        language: 'bn',
        to: { student: false, parent1: true, parent2: true },
      },
    }),
  },
};
