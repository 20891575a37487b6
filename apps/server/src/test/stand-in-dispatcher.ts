import { createSslWirelessGateway } from '../drivers/sms/ssl-wireless';
import { type DispatchOptions, SmsDispatcher, type SmsDispatcherDeps } from '../modules/sms/sms-dispatcher';

/**
 * An SMS dispatcher on the test app's database, clock, queue and pace that sends through a
 * stand-in gateway's SSL Wireless API (drivers/sms/stand-in-gateway.ts), so a test sets the
 * gateway's faults and sees what the real dispatcher makes of them.
 */
export function standInDispatcher(
  deps: Omit<SmsDispatcherDeps, 'gateway' | 'senderOf'>,
  sslwirelessUrl: string,
  options: Partial<DispatchOptions> = {},
): SmsDispatcher {
  return new SmsDispatcher(
    {
      db: deps.db,
      clock: deps.clock,
      jobs: deps.jobs,
      pace: deps.pace,
      gateway: createSslWirelessGateway({ url: sslwirelessUrl, apiKey: 'k', senderId: '880' }),
    },
    { leaseMs: 60_000, retryBaseMs: 10, maxAttempts: 3, requestsPerSecond: 100, ...options },
  );
}
