import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type StandInGateway, startStandInGateway } from '../../drivers/sms/stand-in-gateway';
import { newId } from '../../lib/ids';
import { signUp, uniquePhone } from '../../test/factories';
import { TestClient } from '../../test/http';
import { DIALECTS, freshDatabase, type TestDatabase, testApp } from '../../test/test-deps';
import { StatusService } from './status.service';
import { renderStatusPage } from './status-page';
import { StatusSnapshotFile } from './status-snapshot-file';

// The public status page (running the platform, item 2): parts judged from real outcomes (SMS
// through the loopback SSL Wireless stand-in), incidents staff post, the page in both languages,
// and the last snapshot on disk when the database cannot be read.

const LOCALES = path.resolve(import.meta.dirname, '../../../../web/public/Locales');
const API_KEY = 'status-test-key';

describe.each(DIALECTS)('status page [%s]', (dialect) => {
  let database: TestDatabase;
  let gateway: StandInGateway;
  let ctx: Awaited<ReturnType<typeof testApp>>;

  beforeAll(async () => {
    gateway = await startStandInGateway({ apiKey: API_KEY });
    database = await freshDatabase(dialect);
    // A stand-in build with the real translations: the page reads them from the web build.
    const webDist = path.join(database.env.DATA_DIR!, 'web');
    fs.cpSync(LOCALES, path.join(webDist, 'Locales'), { recursive: true });
    ctx = await testApp(database, {
      WEB_DIST: webDist,
      SMS_DRIVER: 'sslwireless',
      SMS_API_URL: gateway.urls.sslwireless,
      SMS_API_KEY: API_KEY,
      SMS_SENDER_ID: 'BATCHWISE',
      JOB_BACKOFF_MS: '1',
    });
  });
  afterAll(async () => {
    await ctx?.close();
    await database?.drop();
    await gateway?.close();
  });

  async function staffClient() {
    const now = ctx.deps.clock.now();
    const id = newId(now);
    await ctx.deps.db.kysely
      .insertInto('users')
      .values({
        id,
        name: 'Staff',
        email: `staff-${id}@batchwise.test`,
        phone: null,
        password_hash: null,
        profession: null,
        is_staff: 1,
        created_at: now,
        updated_at: now,
      })
      .execute();
    const { token } = await ctx.deps.sessions.create(id, {});
    return new TestClient(ctx.app, token);
  }

  /** A teacher's urgent SMS to `count` numbers, sent by the worker through the stand-in. */
  async function sendSms(count: number) {
    const teacher = await signUp(ctx.app, ctx.deps);
    const numbers = Array.from({ length: count }, () => uniquePhone()).join(' ');
    const res = await teacher.client.post(`/api/accounts/${teacher.accountId}/sms/sends`, {
      text: 'Class moved to 4 pm',
      numbers,
      urgent: true,
    });
    expect(res.statusCode).toBe(200);
    await ctx.deps.createWorker().drain();
  }

  /** The page's figures as a visitor sees them next (past the few seconds a snapshot is kept). */
  async function status() {
    ctx.deps.clock.advance(10_000);
    return (await new TestClient(ctx.app).get('/api/status')).json();
  }
  const part = (snapshot: { components: { key: string }[] }, key: string) =>
    snapshot.components.find((c) => c.key === key) as Record<string, unknown>;

  it('judges the SMS gateway from the messages it took and refused', async () => {
    const quiet = await status();
    expect(part(quiet, 'sms:sslwireless')).toMatchObject({ state: 'unknown', ok: 0, failed: 0 });
    expect(part(quiet, 'database')).toMatchObject({ state: 'operational' });
    expect(part(quiet, 'payment:bkash')).toMatchObject({ state: 'unknown' });

    await sendSms(4);
    expect(part(await status(), 'sms:sslwireless')).toMatchObject({ state: 'operational', ok: 4, failed: 0 });

    // The gateway fails every message now: they wait for a retry with its error, and count as failed.
    gateway.setFaults({ failShare: 1 });
    await sendSms(6);
    const failing = await status();
    expect(part(failing, 'sms:sslwireless')).toMatchObject({ state: 'down', ok: 4, failed: 6 });
    // A gateway down is a partial outage: people can still work.
    expect(failing.overall).toBe('degraded');
    expect(part(failing, 'jobs')).toMatchObject({ kind: 'jobs', failed: expect.any(Number) });

    // The health check names the failing dependency; the database answers, so it is still 200.
    const health = await new TestClient(ctx.app).get('/api/health');
    expect(health.statusCode).toBe(200);
    expect(health.json()).toMatchObject({
      status: 'ok',
      checks: { database: 'ok', 'sms:sslwireless': 'failing' },
    });
    expect(health.json().failing).toEqual(['sms:sslwireless']);

    // The day's worst state is kept for the history.
    const today = failing.history['sms:sslwireless'];
    expect(today.at(-1)).toMatchObject({ state: 'down' });
    gateway.setFaults({});
  });

  it('shows the incidents staff post, in English and Bangla, without the app', async () => {
    const staff = await staffClient();
    const created = await staff.post('/api/staff/status/incidents', {
      title: 'SMS delivery delayed',
      state: 'investigating',
      message: 'Messages to Grameenphone numbers are slow.',
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().id;
    const updated = await staff.post(`/api/staff/status/incidents/${id}/updates`, {
      state: 'monitoring',
      message: 'The gateway has caught up.',
    });
    expect(updated.json()).toMatchObject({
      state: 'monitoring',
      updates: [{ state: 'monitoring' }, { state: 'investigating' }],
    });
    expect(
      (await staff.post('/api/staff/status/incidents/nope/updates', { state: 'resolved', message: 'x' }))
        .statusCode,
    ).toBe(404);
    expect((await staff.get('/api/staff/status/incidents')).json().items[0]).toMatchObject({
      id,
      title: 'SMS delivery delayed',
    });

    ctx.deps.clock.advance(10_000);
    const page = await new TestClient(ctx.app).get('/server-status/');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('Batchwise system status');
    expect(page.body).toContain('SMS delivery delayed');
    expect(page.body).toContain('The gateway has caught up.');
    expect(page.body).toContain('SMS gateway: SSL Wireless');
    // Served whole by the server: no script, no app bundle.
    expect(page.body).not.toMatch(/<script/i);

    const bangla = await new TestClient(ctx.app).get('/server-status/?lng=bn');
    expect(bangla.body).toContain('<html lang="bn"');
    expect(bangla.body).toContain('ব্যাচওয়াইজ সিস্টেমের অবস্থা');
    expect(bangla.body).toContain('এসএমএস গেটওয়ে: এসএসএল ওয়্যারলেস');

    // Any of the seven languages: Arabic reads right to left, every text is there (the English
    // one where the pack lacks it, never a bare key), and each other language is one link away.
    const arabic = await new TestClient(ctx.app).get('/server-status/?lng=ar-EG');
    expect(arabic.body).toContain('<html lang="ar" dir="rtl"');
    expect(arabic.body).toContain('SMS delivery delayed');
    expect(arabic.body).not.toMatch(/>(overall|state|incidentState|component)\.\w+</);
    for (const name of ['English', 'বাংলা', '简体中文', 'Italiano', 'Español', 'Français'])
      expect(arabic.body).toContain(`>${name}</a>`);
  });

  it('answers from the last snapshot on disk when the database cannot be read', async () => {
    const fresh = await ctx.deps.status.take();
    const file = new StatusSnapshotFile(path.join(ctx.deps.config.dataDir, 'status-snapshot.json'));
    // Another process whose database is gone: it has only the file.
    const cut = new StatusService({
      db: { ...ctx.deps.db, ping: () => Promise.reject(new Error('connection refused')) },
      clock: ctx.deps.clock,
      log: { warn: () => undefined },
      smsGateway: 'sslwireless',
      paymentGateways: ['sslcommerz', 'bkash'],
      file,
    });
    const stale = await cut.snapshot();
    expect(stale).toMatchObject({ stale: true, overall: 'down', takenAt: fresh.takenAt });
    expect(stale.components.find((c) => c.key === 'database')).toMatchObject({ state: 'down' });
    expect(stale.incidents.map((i) => i.title)).toContain('SMS delivery delayed');
    const texts = JSON.parse(fs.readFileSync(path.join(LOCALES, 'en/status.json'), 'utf8'));
    const html = renderStatusPage(stale, 'en', texts, texts, 'https://batchwise.example');
    expect(html).toContain('The database cannot be reached right now.');
    expect(html).toContain('SMS delivery delayed');
  });
});
