import { DEFAULT_PLANS } from '@batchwise/domain';
import type { Deps } from '../deps';
import { installOpeningTools } from '../modules/tools/tools-opening';
import type { Sample } from './matrix-samples';
import { managers, readersOfA } from './matrix-samples-students';
import type { World } from './world';

// Matrix samples of plans and tools: anyone reads the plan table, only platform staff edit it
// (with Lite's own values, so the world's limits stay as they are); everyone working in an
// account sees its tools, its teacher and admins install, remove and pin them.

const { id: _id, ...liteInput } = DEFAULT_PLANS[0]!;
const tool = (w: World, _d: Deps, side: 'A' | 'B') => ({
  params: { accountId: w.accounts[side], toolKey: 'online-pay' },
});
/** Removing needs the tool there: each call puts it back first. */
async function installed(w: World, d: Deps, side: 'A' | 'B') {
  await installOpeningTools(d.db.kysely, w.accounts[side], ['online-pay'], d.clock.now());
  return tool(w, d, side);
}

export const PLAN_SAMPLES: Record<string, Sample> = {
  'GET /api/plans': { allowed: 'everyone' },
  'PUT /api/staff/plans/:planId': {
    allowed: ['staff'],
    call: () => ({ params: { planId: 'lite' }, body: liteInput }),
  },
  'GET /api/accounts/:accountId/tools': {
    institution: true,
    allowed: readersOfA,
    call: (w, _d, side) => ({ params: { accountId: w.accounts[side] } }),
  },
  'POST /api/accounts/:accountId/tools/:toolKey': { institution: true, allowed: managers, call: tool },
  'DELETE /api/accounts/:accountId/tools/:toolKey': { institution: true, allowed: managers, call: installed },
  'PUT /api/accounts/:accountId/tools/:toolKey/pin': {
    institution: true,
    allowed: managers,
    call: async (w, d, side) => ({ ...(await installed(w, d, side)), body: { pinned: true } }),
  },
};
