import { dayOf, monthOf } from '@batchwise/domain';
import type { Deps } from '../deps';
import type { Sample } from './matrix-samples';
import { managers } from './matrix-samples-students';
import type { World } from './world';

// Matrix samples of the activity summary, business insight and the landing page's content:
// platform figures and the landing editor are staff's; an account's figures its owner's and its
// admin's, never its assistants'. (The landing page's public content is a public GET: implied.)

const account = (w: World, _d: Deps, side: 'A' | 'B') => ({ params: { accountId: w.accounts[side] } });
const days = (d: Deps) => `from=${dayOf(d.clock.now())}&to=${dayOf(d.clock.now())}`;
const months = (d: Deps) => `from=${monthOf(d.clock.now())}&to=${monthOf(d.clock.now())}`;

export const INSIGHT_SAMPLES: Record<string, Sample> = {
  'GET /api/staff/activity-summary': { allowed: ['staff'], call: (_w, d) => ({ query: days(d) }) },
  'GET /api/accounts/:accountId/activity-summary': {
    institution: true,
    allowed: managers,
    call: (w, d, side) => ({ ...account(w, d, side), query: days(d) }),
  },
  'GET /api/staff/insight': { allowed: ['staff'], call: (_w, d) => ({ query: months(d) }) },
  'GET /api/accounts/:accountId/insight': {
    institution: true,
    allowed: managers,
    call: (w, d, side) => ({ ...account(w, d, side), query: months(d) }),
  },
  'GET /api/staff/landing-config': { allowed: ['staff'] },
  'PUT /api/staff/landing-config': {
    allowed: ['staff'],
    call: () => ({ body: { hero: null, testimonials: null, caseStudy: null, featuredNews: [] } }),
  },
};
