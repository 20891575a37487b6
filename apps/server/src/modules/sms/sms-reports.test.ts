import { describe, expect, it } from 'vitest';
import { reportsWebhookBody, startStandInGateway } from '../../drivers/sms/stand-in-gateway';
import { signUp, uniquePhone } from '../../test/factories';
import { standInDispatcher } from '../../test/stand-in-dispatcher';
import { DIALECTS, useTestApp } from '../../test/test-deps';

// Delivery reports (the SMS capability's "Dispatch": delivered / undelivered where the gateway reports it):
// the stand-in gateway reports what it took, some undelivered and every report twice, and pushes
// them to the real app's webhook.

const TOKEN = 'stand-in-reports-secret-0123456789';

describe.each(DIALECTS)('SMS delivery reports [%s]', (dialect) => {
  const ctx = useTestApp(dialect, { SMS_REPORTS_TOKEN: TOKEN });

  const push = (body: unknown, token = TOKEN) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/sms/delivery-reports?token=${token}`,
      payload: body as object,
    });

  it('marks sent messages delivered or undelivered once, whatever repeats, and refuses a wrong secret', async () => {
    const t = await signUp(ctx.app, ctx.deps);
    const gateway = await startStandInGateway({ apiKey: 'k' });
    try {
      const dispatcher = standInDispatcher(ctx.deps, gateway.urls.sslwireless);
      const send = async (undeliveredShare: number) => {
        gateway.setFaults({ reports: { undeliveredShare, duplicate: true } });
        const { sendId } = (
          await t.client.post(`/api/accounts/${t.accountId}/sms/sends`, {
            text: 'Class at 5 pm',
            numbers: `${uniquePhone()} ${uniquePhone()}`,
            urgent: true,
          })
        ).json();
        await dispatcher.dispatch(sendId);
        return sendId as string;
      };
      const delivered = await send(0);
      const undelivered = await send(1);
      const reports = reportsWebhookBody(gateway.takeReports());
      expect(reports.results).toHaveLength(8);

      expect((await push(reports, 'a-wrong-secret-of-the-same-size-xx')).statusCode).toBe(404);
      const first = await push(reports);
      expect([first.statusCode, first.json()]).toEqual([200, { applied: 4 }]);
      // The same reports again (gateways repeat them) change nothing.
      expect((await push(reports)).json()).toEqual({ applied: 0 });
      // A pending report, or one on a message we never sent, is ignored.
      const stray = { results: [{ messageId: 'ssl-unknown', status: { groupName: 'DELIVERED' } }] };
      expect((await push(stray)).json()).toEqual({ applied: 0 });

      const detail = async (sendId: string) =>
        (await t.client.get(`/api/accounts/${t.accountId}/sms/sends/${sendId}`)).json();
      expect((await detail(delivered)).counts).toEqual({ delivered: 2 });
      const failed = await detail(undelivered);
      expect(failed.counts).toEqual({ undelivered: 2 });
      expect(failed.messages.map((m: { error: string }) => m.error)).toEqual([
        'handset unreachable',
        'handset unreachable',
      ]);
      // Undelivered messages can be sent again from the history.
      const again = await t.client.post(`/api/accounts/${t.accountId}/sms/sends/${undelivered}/resend`, {});
      expect(again.json()).toMatchObject({ recipients: 2 });
    } finally {
      await gateway.close();
    }
  });

  it('answers a report without the secret as if the route were not there', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/sms/delivery-reports',
      payload: { results: [] },
    });
    expect(res.statusCode).toBe(404);
  });
});
