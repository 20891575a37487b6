import type { Deps } from '../deps';
import { newId } from '../lib/ids';
import type { Sample } from './matrix-samples';
import { insertWebhookEndpoint } from './webhook-endpoints';
import type { World } from './world';

// Matrix samples of webhooks: only the account's owner (its teacher) manages its endpoints; the
// admin of the teacher's team, assistants and everyone else are refused. Each call gets an
// endpoint of its own (one with a sent delivery, for replay), written straight to the tables.

const account = (w: World, _d: Deps, side: 'A' | 'B') => ({ params: { accountId: w.accounts[side] } });
const owner = ['teacherA'] as const;
const input = { url: 'http://127.0.0.1:9/hook', description: 'CRM', events: ['student.created'] };

async function freshEndpoint(w: World, deps: Deps, side: 'A' | 'B') {
  const now = deps.clock.now();
  const endpointId = await insertWebhookEndpoint(deps.db.kysely, {
    accountId: w.accounts[side],
    url: input.url,
    events: input.events,
    now,
  });
  const deliveryId = `msg_${newId(now)}`;
  await deps.db.kysely
    .insertInto('webhook_deliveries')
    .values({
      id: deliveryId,
      endpoint_id: endpointId,
      account_id: w.accounts[side],
      event_id: newId(now),
      event_type: 'student.created',
      body: '{}',
      status: 'succeeded',
      attempts: 1,
      replays: 0,
      response_code: 200,
      last_error: null,
      failed_since: null,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return { accountId: w.accounts[side], endpointId, deliveryId };
}

const endpoint = async (w: World, d: Deps, side: 'A' | 'B') => {
  const { accountId, endpointId } = await freshEndpoint(w, d, side);
  return { params: { accountId, endpointId } };
};

export const WEBHOOK_SAMPLES: Record<string, Sample> = {
  'GET /api/accounts/:accountId/webhooks': { institution: true, allowed: owner, call: account },
  'POST /api/accounts/:accountId/webhooks': {
    institution: true,
    allowed: owner,
    call: (w, d, side) => ({ ...account(w, d, side), body: input }),
  },
  'PUT /api/accounts/:accountId/webhooks/:endpointId': {
    institution: true,
    allowed: owner,
    call: async (w, d, side) => ({ ...(await endpoint(w, d, side)), body: input }),
  },
  'DELETE /api/accounts/:accountId/webhooks/:endpointId': {
    institution: true,
    allowed: owner,
    call: endpoint,
  },
  'POST /api/accounts/:accountId/webhooks/:endpointId/rotate': {
    institution: true,
    allowed: owner,
    call: endpoint,
  },
  'GET /api/accounts/:accountId/webhooks/:endpointId/deliveries': {
    institution: true,
    allowed: owner,
    call: endpoint,
  },
  'POST /api/accounts/:accountId/webhooks/:endpointId/deliveries/:deliveryId/replay': {
    institution: true,
    allowed: owner,
    call: async (w, d, side) => ({ params: await freshEndpoint(w, d, side) }),
  },
};
