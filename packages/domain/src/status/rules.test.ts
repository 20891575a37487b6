import { describe, expect, it } from 'vitest';
import { gatewayState, overallState, queueState, worstState } from './rules';

describe('status rules', () => {
  it.each([
    [0, 0, 'unknown'],
    [10, 0, 'operational'],
    [1, 2, 'operational'],
    [40, 3, 'operational'],
    [20, 3, 'degraded'],
    [3, 3, 'down'],
    [0, 5, 'down'],
  ] as const)('a gateway with %i taken and %i failed is %s', (ok, failed, state) => {
    expect(gatewayState(ok, failed)).toBe(state);
  });

  it.each([
    [null, 0, 'operational'],
    [60_000, 0, 'operational'],
    [3 * 60_000, 0, 'degraded'],
    [11 * 60_000, 0, 'down'],
    [null, 10, 'degraded'],
  ] as const)('a queue whose oldest job waited %s ms with %i failures is %s', (oldest, failed, state) => {
    expect(queueState(oldest, failed)).toBe(state);
  });

  it('takes the worst known state', () => {
    expect(worstState(['operational', 'unknown', 'degraded'])).toBe('degraded');
    expect(worstState(['unknown'])).toBe('unknown');
    expect(worstState(['down', 'degraded'])).toBe('down');
  });

  it('calls a gateway down a partial outage, and the database down a major one', () => {
    const api = { kind: 'api', state: 'operational' } as const;
    expect(overallState([api, { kind: 'sms', state: 'down' }])).toBe('degraded');
    expect(overallState([api, { kind: 'database', state: 'down' }, { kind: 'sms', state: 'unknown' }])).toBe(
      'down',
    );
    expect(overallState([api, { kind: 'payment', state: 'unknown' }])).toBe('operational');
  });
});
