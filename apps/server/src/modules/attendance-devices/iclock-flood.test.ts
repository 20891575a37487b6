import { describe, expect, it } from 'vitest';
import { TestClient } from '../../test/http';
import { DIALECTS, useTestApp } from '../../test/test-deps';
import { ICLOCK_LIMITS } from './iclock.service';
import { deviceSchool, uniqueSerial } from './iclock-fixture';

const TEN_MINUTES = 10 * 60_000;
let net = 0;

/**
 * The iclock endpoints flooded with made-up serials from one address: the address is limited
 * before any serial is looked up, and the activity log gets one summary per address and window
 * instead of a row per request, so alerts about real devices stay readable.
 */
describe.each(DIALECTS)('iclock flood [%s]', (dialect) => {
  const ctx = useTestApp(dialect);
  const db = () => ctx.deps.db.kysely;

  /** A fresh documentation address per test (TEST-NET-3), so limits of one test do not leak. */
  const address = () => `203.0.113.${++net + (dialect === 'sqlite' ? 0 : 100)}`;
  const heartbeat = (ip: string, serial: string) =>
    new TestClient(ctx.app).request({
      method: 'GET',
      url: `/iclock/getrequest?SN=${serial}`,
      remoteAddress: ip,
    });
  /** `count` heartbeats with made-up serials, a few at a time, as a flooding script sends them. */
  const flood = async (ip: string, count: number, prefix: string) => {
    const statuses: number[] = [];
    for (let i = 0; i < count; i += 20) {
      const batch = Array.from({ length: Math.min(20, count - i) }, (_, j) =>
        heartbeat(ip, `${prefix}${i + j}X${net}`),
      );
      statuses.push(...(await Promise.all(batch)).map((r) => r.statusCode));
    }
    return statuses;
  };
  const summaries = (ip: string) =>
    db()
      .selectFrom('activity_log')
      .select(['summary', 'data', 'account_id'])
      .where('event_name', '=', 'Attendance Device Refused')
      .where('subject_id', 'like', `${ip}@%`)
      .execute();

  it('rotating made-up serials from one address get 429 and one summary entry', async () => {
    // The start of a ten-minute window, so the limit's minute and the summary's window hold.
    ctx.deps.clock.set(Date.UTC(2031, 2, 3, 10, 0) + 1_000);
    const ip = address();
    const statuses = await flood(ip, ICLOCK_LIMITS.perAddress.max + 20, 'FAKE');
    expect(statuses.filter((s) => s === 403)).toHaveLength(ICLOCK_LIMITS.perAddress.max);
    expect(statuses.filter((s) => s === 429)).toHaveLength(20);

    const rows = await summaries(ip);
    expect(rows).toEqual([
      {
        summary: `100 or more unknown serials from ${ip} in 10 minutes`,
        data: expect.any(String),
        account_id: null,
      },
    ]);
    expect(JSON.parse(rows[0]!.data!).serials).toHaveLength(100);
    // Unknown serials took no per-serial slot: only registered serials have that limit.
    const serialBuckets = await db()
      .selectFrom('rate_limits')
      .select('bucket')
      .where('bucket', 'like', `${ICLOCK_LIMITS.perSerial.name}:FAKE%`)
      .execute();
    expect(serialBuckets).toEqual([]);
  }, 120_000);

  it('counts each unknown serial once, and starts a new summary in the next window', async () => {
    ctx.deps.clock.set(Date.UTC(2031, 2, 4, 10, 0) + 1_000);
    const ip = address();
    const serials = [uniqueSerial(), uniqueSerial(), uniqueSerial()];
    for (const serial of [...serials, ...serials, serials[0]!]) {
      expect((await heartbeat(ip, serial)).statusCode).toBe(403);
    }
    expect((await summaries(ip)).map((r) => r.summary)).toEqual([
      `3 unknown serials from ${ip} in 10 minutes`,
    ]);

    ctx.deps.clock.advance(TEN_MINUTES);
    expect((await heartbeat(ip, serials[0]!)).statusCode).toBe(403);
    expect((await summaries(ip)).map((r) => r.summary).sort()).toEqual([
      `1 unknown serial from ${ip} in 10 minutes`,
      `3 unknown serials from ${ip} in 10 minutes`,
    ]);
  });

  it('a flooding address does not stop a registered device elsewhere', async () => {
    ctx.deps.clock.set(Date.UTC(2031, 2, 5, 10, 0) + 1_000);
    const s = await deviceSchool(ctx);
    const flooder = address();
    await flood(flooder, ICLOCK_LIMITS.perAddress.max, 'FLOOD');
    expect((await heartbeat(flooder, s.serial)).statusCode).toBe(429);
    expect((await heartbeat(address(), s.serial)).statusCode).toBe(200);
  }, 120_000);
});
