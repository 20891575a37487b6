import type { WebhookDeliveryList } from '@batchwise/domain';
import { describe, expect, it } from 'vitest';
import { startStandInGateway } from '../../drivers/sms/stand-in-gateway';
import { signUp, uniquePhone } from '../../test/factories';
import { standInDispatcher } from '../../test/stand-in-dispatcher';
import { DIALECTS, useTestApp } from '../../test/test-deps';

// The `sms.failed` webhook (webhooks capability) for messages that fail while being sent, not only
// for those a delivery report later calls undelivered: an account's CRM hears of every SMS that
// never reached its number.

describe.each(DIALECTS)('sms.failed webhook from dispatch [%s]', (dialect) => {
  const ctx = useTestApp(dialect);

  it('queues one sms.failed delivery per message that failed for good, and none for those sent', async () => {
    const t = await signUp(ctx.app, ctx.deps);
    const created = await t.client.post(`/api/accounts/${t.accountId}/webhooks`, {
      url: 'http://127.0.0.1:9/hooks',
      description: 'School CRM',
      events: ['sms.failed'],
    });
    expect(created.statusCode).toBe(201);
    const endpointId = created.json().endpoint.id as string;
    const gateway = await startStandInGateway({ apiKey: 'k' });
    let sendId = '';
    try {
      // Every message refused by the gateway: each fails for good at once.
      gateway.setFaults({ failShare: 1, failAs: 'refused', seed: 3 });
      const dispatcher = standInDispatcher(ctx.deps, gateway.urls.sslwireless, {
        maxAttempts: 10,
        requestsPerSecond: 1_000,
      });
      const numbers = [uniquePhone(), uniquePhone(), uniquePhone()];
      const sent = await t.client.post(`/api/accounts/${t.accountId}/sms/sends`, {
        text: 'Exam at 9',
        numbers: numbers.join(' '),
        urgent: true,
      });
      expect(sent.statusCode).toBe(200);
      sendId = sent.json().sendId;
      await dispatcher.dispatch(sendId);
    } finally {
      await gateway.close();
    }
    const failed = await ctx.deps.db.kysely
      .selectFrom('sms_messages')
      .select(['id', 'phone'])
      .where('send_id', '=', sendId)
      .where('status', '=', 'failed')
      .execute();
    expect(failed).toHaveLength(3);
    const list = (
      await t.client.get(`/api/accounts/${t.accountId}/webhooks/${endpointId}/deliveries`)
    ).json() as WebhookDeliveryList;
    expect(list.deliveries.map((d) => d.eventType)).toEqual(['sms.failed', 'sms.failed', 'sms.failed']);
    const bodies = await ctx.deps.db.kysely
      .selectFrom('webhook_deliveries')
      .select('body')
      .where('endpoint_id', '=', endpointId)
      .execute();
    const data = bodies.map(
      (b) => JSON.parse(b.body).data as { messageId: string; sendId: string; to: string },
    );
    expect(data.map((d) => d.messageId).sort()).toEqual(failed.map((m) => m.id).sort());
    expect(data.every((d) => d.sendId === sendId)).toBe(true);
    expect(data.map((d) => d.to).sort()).toEqual(failed.map((m) => m.phone).sort());
  });
});
