import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createBulkSmsBdGateway } from './bulksmsbd';
import type { GatewayMessage, GatewayResult } from './gateway';
import { createSslWirelessGateway, sslCsmsId } from './ssl-wireless';
import { type StandInGateway, startStandInGateway } from './stand-in-gateway';

const KEY = 'secret-api-key-123';
const BANGLA = 'আপনার সন্তান আজ উপস্থিত।';

const batch = (n: number, text?: (i: number) => string): GatewayMessage[] =>
  Array.from({ length: n }, (_, i) => ({
    key: `01JZ${String(i).padStart(22, '0')}`,
    to: `+8801712${String(1_000_000 + i).slice(1)}`,
    text: text ? text(i) : 'Your child is present today.',
  }));

const outcomes = (results: GatewayResult[]) => results.map((r) => r.outcome);

let standIn: StandInGateway;
beforeAll(async () => {
  standIn = await startStandInGateway({ apiKey: KEY });
});
afterAll(() => standIn.close());
beforeEach(() => standIn.setFaults({}));

describe('BulkSMSBD gateway', () => {
  const gateway = (timeoutMs = 2000) =>
    createBulkSmsBdGateway({
      url: standIn.urls.bulksmsbd,
      apiKey: KEY,
      senderId: '8809617600000',
      timeoutMs,
    });

  it('is not idempotent and takes up to 100 messages a request', () => {
    expect(gateway()).toMatchObject({ name: 'bulksmsbd', idempotent: false, batchSize: 100 });
  });

  it('sends one text to many numbers in one request, as type=text', async () => {
    const before = standIn.accepted().length;
    const messages = batch(3);
    const results = await gateway().send(messages);
    expect(outcomes(results)).toEqual(['accepted', 'accepted', 'accepted']);
    const taken = standIn.accepted().slice(before);
    expect(taken.map((m) => m.to)).toEqual(messages.map((m) => m.to.slice(1)));
    expect(new Set(taken.map((m) => m.providerId)).size).toBe(1);
    expect(taken[0]).toMatchObject({ type: 'text', senderId: '8809617600000', key: null });
  });

  it('sends different texts through smsapimany, and Bangla as type=unicode', async () => {
    const before = standIn.accepted().length;
    const messages = batch(2, (i) => (i === 0 ? BANGLA : 'Fee due: 500 Tk'));
    expect(outcomes(await gateway().send(messages))).toEqual(['accepted', 'accepted']);
    const taken = standIn.accepted().slice(before);
    expect(taken.map((m) => m.text)).toEqual([BANGLA, 'Fee due: 500 Tk']);
    expect(taken.every((m) => m.type === 'unicode')).toBe(true);
  });

  it('accepts an old SMS_API_URL that names the smsapi endpoint', async () => {
    const old = createBulkSmsBdGateway({
      url: `${standIn.urls.bulksmsbd}/smsapi`,
      apiKey: KEY,
      senderId: undefined,
    });
    expect(outcomes(await old.send(batch(1)))).toEqual(['accepted']);
  });

  it.each([
    [1002, 'refused'],
    [1003, 'refused'],
    [1012, 'refused'],
    [1018, 'refused'],
    [1005, 'retry'],
    [1006, 'retry'],
    [1007, 'retry'],
    [1999, 'retry'],
  ] as const)('maps response code %i to %s for every message', async (code, outcome) => {
    standIn.setFaults({ errorCode: code });
    const results = await gateway().send(batch(2));
    expect(results).toEqual(
      batch(2).map((m) => ({ key: m.key, outcome, code: String(code), reason: `stand-in error ${code}` })),
    );
  });

  it('refuses with a wrong key and never repeats the key in a reason', async () => {
    const wrong = createBulkSmsBdGateway({
      url: standIn.urls.bulksmsbd,
      apiKey: 'nope',
      senderId: undefined,
    });
    const [result] = await wrong.send(batch(1));
    expect(result).toMatchObject({ outcome: 'refused', code: '1011' });
    standIn.setFaults({ httpStatus: 503 });
    const results = await gateway().send(batch(1));
    expect(results[0]).toMatchObject({ outcome: 'retry', code: 'http_503' });
    expect(JSON.stringify([result, results])).not.toContain(KEY);
  });

  it('asks again after a timeout or when the gateway cannot be reached', async () => {
    standIn.setFaults({ timeout: 'drop' });
    expect((await gateway(150).send(batch(1)))[0]).toMatchObject({ outcome: 'retry', code: 'timeout' });
    const gone = await startStandInGateway();
    await gone.close();
    const unreachable = createBulkSmsBdGateway({
      url: gone.urls.bulksmsbd,
      apiKey: KEY,
      senderId: undefined,
    });
    expect((await unreachable.send(batch(1)))[0]).toMatchObject({ outcome: 'retry', code: 'network' });
  });
});

describe('SSL Wireless gateway', () => {
  const gateway = (timeoutMs = 2000) =>
    createSslWirelessGateway({
      url: standIn.urls.sslwireless,
      apiKey: KEY,
      senderId: 'BATCHWISE',
      timeoutMs,
    });

  it('is idempotent, takes up to 100 messages a request, and keeps csms_id to 20 alphanumerics', () => {
    expect(gateway()).toMatchObject({ name: 'sslwireless', idempotent: true, batchSize: 100 });
    expect(sslCsmsId('job:01JZ0000000000000000000000')).toMatch(/^[0-9a-f]{20}$/);
    expect(sslCsmsId('a')).toBe(sslCsmsId('a'));
    expect(sslCsmsId('a')).not.toBe(sslCsmsId('b'));
  });

  it('sends each message with its csms_id and returns the reference ids', async () => {
    const before = standIn.accepted().length;
    const messages = batch(3, (i) => (i === 1 ? BANGLA : `Roll ${i} present`)).map((m, i) => ({
      ...m,
      key: `ssl-ok-${i}`,
    }));
    const results = await gateway().send(messages);
    expect(results.map((r) => r.outcome === 'accepted' && r.providerId)).toEqual([
      expect.stringMatching(/^ssl-/),
      expect.stringMatching(/^ssl-/),
      expect.stringMatching(/^ssl-/),
    ]);
    const taken = standIn.accepted().slice(before);
    expect(taken.map((m) => [m.key, m.type, m.senderId])).toEqual([
      [sslCsmsId('ssl-ok-0'), 'EN', 'BATCHWISE'],
      [sslCsmsId('ssl-ok-1'), 'BN', 'BATCHWISE'],
      [sslCsmsId('ssl-ok-2'), 'EN', 'BATCHWISE'],
    ]);
  });

  it('sends a message once however often the same batch is sent', async () => {
    const messages = batch(2).map((m, i) => ({ ...m, key: `ssl-dup-${i}` }));
    // The first answer is lost (the gateway took the messages); the retry meets csms_id de-dup.
    standIn.setFaults({ timeout: 'accept' });
    expect(outcomes(await gateway(150).send(messages))).toEqual(['retry', 'retry']);
    standIn.setFaults({});
    expect(outcomes(await gateway().send(messages))).toEqual(['accepted', 'accepted']);
    expect(outcomes(await gateway().send(messages.slice(0, 1)))).toEqual(['accepted']);
    const ids = messages.map((m) => sslCsmsId(m.key));
    expect(standIn.accepted().filter((m) => m.key && ids.includes(m.key))).toHaveLength(2);
  });

  it('refuses only the message with a bad number and takes the rest', async () => {
    const messages = batch(3).map((m, i) => ({
      ...m,
      key: `ssl-bad-${i}`,
      to: i === 1 ? '+8801212345678' : m.to,
    }));
    const results = await gateway().send(messages);
    expect(results[1]).toEqual({
      key: 'ssl-bad-1',
      outcome: 'refused',
      code: 'FAILED',
      reason: 'Invalid MSISDN',
    });
    expect(outcomes(results)).toEqual(['accepted', 'refused', 'accepted']);
  });

  it.each([
    [4001, 'refused'],
    [4002, 'refused'],
    [4025, 'refused'],
    [4027, 'refused'],
    [4003, 'retry'],
    [4029, 'retry'],
    [4031, 'retry'],
    [5000, 'retry'],
  ] as const)('maps status code %i to %s for every message', async (code, outcome) => {
    standIn.setFaults({ errorCode: code });
    expect(outcomes(await gateway().send(batch(2)))).toEqual([outcome, outcome]);
  });

  it('asks again on HTTP 5xx and timeouts, never naming the token', async () => {
    standIn.setFaults({ httpStatus: 502 });
    const http = await gateway().send(batch(1));
    expect(http[0]).toMatchObject({ outcome: 'retry', code: 'http_502' });
    standIn.setFaults({ timeout: 'drop' });
    const timedOut = await gateway(150).send(batch(1));
    expect(timedOut[0]).toMatchObject({ outcome: 'retry', code: 'timeout' });
    expect(JSON.stringify([http, timedOut])).not.toContain(KEY);
  });
});

describe('stand-in gateway faults', () => {
  const ssl = () => createSslWirelessGateway({ url: standIn.urls.sslwireless, apiKey: KEY, senderId: 'S' });
  const keyed = (prefix: string, n: number) => batch(n).map((m, i) => ({ ...m, key: `${prefix}-${i}` }));

  it('fails the same share of messages for the same seed', async () => {
    const failing = async (prefix: string) => {
      standIn.setFaults({ failShare: 0.3, seed: 42 });
      const results = await ssl().send(keyed(prefix, 40));
      return results.map((r, i) => (r.outcome === 'retry' ? i : -1)).filter((i) => i >= 0);
    };
    const first = await failing('seed-a');
    expect(first.length).toBeGreaterThan(4);
    expect(first.length).toBeLessThan(20);
    expect(await failing('seed-b')).toEqual(first);
    standIn.setFaults({ failShare: 1, failAs: 'refused' });
    expect(outcomes(await ssl().send(keyed('seed-c', 2)))).toEqual(['refused', 'refused']);
  });

  it('throttles past the requests-per-second limit, and the drivers say it was a throttle', async () => {
    standIn.setFaults({ maxPerSecond: 2 });
    const results = [];
    for (let i = 0; i < 3; i++) results.push((await ssl().send(keyed(`tps-${i}`, 1)))[0]);
    expect(results.map((r) => r?.outcome === 'retry' && r.code)).toEqual([false, false, '4031']);
    expect(results[2]).toMatchObject({ throttled: true });
    const bulk = createBulkSmsBdGateway({ url: standIn.urls.bulksmsbd, apiKey: KEY, senderId: undefined });
    expect((await bulk.send(batch(1)))[0]).toMatchObject({
      outcome: 'retry',
      code: 'http_429',
      throttled: true,
    });
  });

  it('reports delivery, undelivered for a share, and duplicates reports on request', async () => {
    standIn.takeReports();
    standIn.setFaults({ reports: { undeliveredShare: 1 } });
    // Reports name a message by the gateway's own id: the reference_id it answered the send with.
    const referenceOf = (key: string) => standIn.accepted().find((m) => m.key === sslCsmsId(key))?.providerId;
    const a = await ssl().send(keyed('dlr-a', 2));
    expect(a.map((r) => r.outcome === 'accepted' && r.providerId)).toEqual(
      ['dlr-a-0', 'dlr-a-1'].map(referenceOf),
    );
    expect(standIn.takeReports()).toEqual(
      ['dlr-a-0', 'dlr-a-1'].map((k) =>
        expect.objectContaining({
          key: referenceOf(k),
          status: 'undelivered',
          reason: 'handset unreachable',
        }),
      ),
    );
    standIn.setFaults({ reports: { duplicate: true } });
    await ssl().send(keyed('dlr-b', 1));
    const reports = standIn.takeReports();
    expect(reports.map((r) => [r.key, r.status])).toEqual([
      [referenceOf('dlr-b-0'), 'delivered'],
      [referenceOf('dlr-b-0'), 'delivered'],
    ]);
    expect(standIn.takeReports()).toEqual([]);
  });

  it('answers the BulkSMSBD balance endpoint and 404 elsewhere', async () => {
    const balance = await fetch(`${standIn.urls.bulksmsbd}/getBalanceApi?api_key=${KEY}`);
    expect(await balance.json()).toMatchObject({ response_code: 202, balance: expect.any(Number) });
    expect((await fetch(`${standIn.url}/nowhere`)).status).toBe(404);
  });
});
