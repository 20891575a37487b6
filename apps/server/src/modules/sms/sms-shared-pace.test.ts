import { describe, expect, it } from 'vitest';
import { createSslWirelessGateway } from '../../drivers/sms/ssl-wireless';
import { startStandInGateway } from '../../drivers/sms/stand-in-gateway';
import { signUp, uniquePhone } from '../../test/factories';
import { DIALECTS, testDeps, useTestApp } from '../../test/test-deps';
import { SmsDispatcher } from './sms-dispatcher';

// Two workers sending at once keep one gateway's pace together (sms-dispatcher.ts throttle): the
// gateway counts the account's requests per second, not each worker's, and answers "too many"
// past its rate. Each worker is set to the rate; each alone, they would send twice it together.
// The gateway allows a little more than the rate (a busy machine's timers fire late, bunching two
// requests now and then) and far less than twice it.

const PER_SECOND = 5;
const GATEWAY_PER_SECOND = 8;
const MESSAGES = 14;

describe.each(DIALECTS)('SMS pace shared by two workers [%s]', (dialect) => {
  const ctx = useTestApp(dialect);

  it('two workers on one send never exceed the gateway rate together', async () => {
    const t = await signUp(ctx.app, ctx.deps);
    // A second process's dependencies on PostgreSQL (the scale-out database). SQLite runs in one
    // process; there the second worker shares the first one's connection, and still keeps the
    // pace only through the database (a dispatcher holds none of its own).
    const other = dialect === 'postgres' ? await testDeps(ctx.database) : undefined;
    const gateway = await startStandInGateway({ apiKey: 'k', faults: { maxPerSecond: GATEWAY_PER_SECOND } });
    try {
      const driver = createSslWirelessGateway({
        url: gateway.urls.sslwireless,
        apiKey: 'k',
        senderId: '880',
      });
      // One message a request, so the send takes many requests.
      const oneByOne = { ...driver, batchSize: 1, send: driver.send.bind(driver) };
      const options = { leaseMs: 60_000, retryBaseMs: 60_000, maxAttempts: 3, requestsPerSecond: PER_SECOND };
      const workers = [ctx.deps, other ?? ctx.deps].map(
        (deps) =>
          new SmsDispatcher(
            { db: deps.db, clock: deps.clock, jobs: deps.jobs, pace: deps.pace, gateway: oneByOne },
            options,
          ),
      );
      const numbers = Array.from({ length: MESSAGES }, () => uniquePhone()).join(' ');
      const created = await t.client.post(`/api/accounts/${t.accountId}/sms/sends`, {
        text: 'Exam at 9',
        numbers,
        urgent: true,
      });
      const { sendId } = created.json();
      await Promise.all(workers.map((worker) => worker.dispatch(sendId)));

      // Every message went out on its first request: the gateway never said "too many".
      expect(gateway.accepted()).toHaveLength(MESSAGES);
      expect(gateway.requests()).toBe(MESSAGES);
    } finally {
      await gateway.close();
      await other?.close();
    }
  });
});
