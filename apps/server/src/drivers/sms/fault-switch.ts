import type { SmsGateway } from './gateway';

/**
 * A gateway that can be told to fail (developer tools only, DEV_OUTBOX): messages to the numbers
 * set here answer as a gateway in trouble does (`retry`, the dispatcher tries again later), the
 * rest go through. Browser tests use it to see the status page notice a failing gateway without
 * failing the SMS of tests running beside them.
 */
export interface FaultSwitchGateway extends SmsGateway {
  setFailing(numbers: readonly string[]): void;
}

export function withFaultSwitch(gateway: SmsGateway): FaultSwitchGateway {
  let failing = new Set<string>();
  return {
    name: gateway.name,
    idempotent: gateway.idempotent,
    batchSize: gateway.batchSize,
    masking: gateway.masking,
    setFailing(numbers) {
      failing = new Set(numbers);
    },
    async send(messages) {
      const through = messages.filter((m) => !failing.has(m.to));
      const results = through.length ? await gateway.send(through) : [];
      const refused = messages
        .filter((m) => failing.has(m.to))
        .map((m) => ({
          key: m.key,
          outcome: 'retry' as const,
          code: 'STAND_IN_FAULT',
          reason: 'The gateway is set to fail for this number (developer tools)',
        }));
      return [...results, ...refused];
    },
  };
}
