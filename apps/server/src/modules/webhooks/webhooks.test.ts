import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  WEBHOOK_EVENTS,
  WEBHOOK_LIMITS,
  type WebhookDeliveryList,
  type WebhookPayload,
} from '@batchwise/domain';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../../test/factories';
import type { TestClient } from '../../test/http';
import { sentTo } from '../../test/outbox';
import { addStudent } from '../../test/school';
import { DIALECTS, useTestApp } from '../../test/test-deps';
import { SecretBox } from '../online-pay/secret-box';
import { webhookDeliveryHandler } from './webhook-delivery';
import { emitWebhook } from './webhook-outbox';

interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A receiver on loopback that keeps what it is sent and answers `status`. */
async function startReceiver() {
  const received: Received[] = [];
  const state = { status: 200 };
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.statusCode = state.status;
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
  return { url, received, state, close: () => new Promise((resolve) => server.close(resolve)) };
}

const headersOf = (r: Received) => ({
  'webhook-id': String(r.headers['webhook-id']),
  'webhook-timestamp': String(r.headers['webhook-timestamp']),
  'webhook-signature': String(r.headers['webhook-signature']),
});

describe.each(DIALECTS)('webhooks [%s]', (dialect) => {
  const ctx = useTestApp(dialect);
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  beforeAll(async () => {
    receiver = await startReceiver();
  });
  afterAll(async () => {
    await receiver.close();
  });

  async function ownerWithEndpoint(events: string[] = ['student.created', 'student.updated']) {
    const t = await signUp(ctx.app, ctx.deps);
    const created = await t.client.post(`/api/accounts/${t.accountId}/webhooks`, {
      url: receiver.url,
      description: 'School CRM',
      events,
    });
    expect(created.statusCode).toBe(201);
    const { endpoint, secret } = created.json();
    return { ...t, endpointId: endpoint.id as string, secret: secret as string };
  }

  const drain = () => ctx.deps.createWorker().drain();
  const deliveries = async (t: { client: TestClient }, a: string, e: string) =>
    ((await t.client.get(`/api/accounts/${a}/webhooks/${e}/deliveries`)).json() as WebhookDeliveryList)
      .deliveries;

  it('signs a delivery the Standard Webhooks verifier accepts, logs it, and replays it with the same id', async () => {
    ctx.deps.clock.release();
    receiver.state.status = 200;
    const t = await ownerWithEndpoint();
    expect(t.secret).toMatch(/^whsec_/);
    const before = receiver.received.length;
    const student = await addStudent(t.client, t.accountId, { name: 'Rahim Uddin' });
    await drain();
    const got = receiver.received.slice(before);
    expect(got).toHaveLength(1);
    const payload = new Webhook(t.secret).verify(got[0]!.body, headersOf(got[0]!)) as WebhookPayload;
    expect(payload).toMatchObject({
      type: 'student.created',
      accountId: t.accountId,
      data: { studentId: student.id, name: 'Rahim Uddin', phone: student.phone },
    });
    // A secret of another endpoint does not verify it.
    const other = await ownerWithEndpoint();
    expect(() => new Webhook(other.secret).verify(got[0]!.body, headersOf(got[0]!))).toThrow();

    const [logged] = await deliveries(t, t.accountId, t.endpointId);
    expect(logged).toMatchObject({
      id: got[0]!.headers['webhook-id'],
      eventType: 'student.created',
      status: 'succeeded',
      attempts: 1,
      responseCode: 200,
    });
    const replay = await t.client.post(
      `/api/accounts/${t.accountId}/webhooks/${t.endpointId}/deliveries/${logged.id}/replay`,
    );
    expect(replay.json().status).toBe('pending');
    await drain();
    const again = receiver.received.slice(before + 1);
    expect(again).toHaveLength(1);
    expect(again[0]!.headers['webhook-id']).toBe(logged.id);
    expect(new Webhook(t.secret).verify(again[0]!.body, headersOf(again[0]!))).toEqual(payload);

    // Rotating: the new secret signs from now on, the old one no longer verifies.
    const rotated = (
      await t.client.post(`/api/accounts/${t.accountId}/webhooks/${t.endpointId}/rotate`)
    ).json();
    expect(rotated.secret).not.toBe(t.secret);
    await t.client.put(`/api/accounts/${t.accountId}/students/${student.id}`, {
      name: 'Rahim Uddin Khan',
      phone: student.phone,
      institution: 'Udoy School',
    });
    await drain();
    const updated = receiver.received.at(-1)!;
    expect(() => new Webhook(t.secret).verify(updated.body, headersOf(updated))).toThrow();
    expect(new Webhook(rotated.secret).verify(updated.body, headersOf(updated))).toMatchObject({
      type: 'student.updated',
      data: { name: 'Rahim Uddin Khan' },
    });
    // Secrets never come back in the list.
    expect(
      JSON.stringify((await t.client.get(`/api/accounts/${t.accountId}/webhooks`)).json()),
    ).not.toContain('whsec_');
  });

  it('sends one delivery id per event and endpoint, even when its job runs twice', async () => {
    ctx.deps.clock.release();
    receiver.state.status = 200;
    const t = await ownerWithEndpoint();
    const before = receiver.received.length;
    await addStudent(t.client, t.accountId);
    const [job] = await ctx.deps.db.kysely
      .selectFrom('jobs')
      .selectAll()
      .where('type', '=', 'webhook.deliver')
      .where('status', '=', 'queued')
      .execute();
    const handler = webhookDeliveryHandler({
      ...ctx.deps,
      box: new SecretBox(ctx.deps.config.payments.secretsKey),
      allowLoopback: true,
      appUrl: ctx.deps.config.appUrl,
    })['webhook.deliver']!;
    // Two workers holding the same job at once (a lease that ran out mid-send), then the queue's own run.
    await Promise.all([handler(JSON.parse(job!.payload), job!), handler(JSON.parse(job!.payload), job!)]);
    await drain();
    const got = receiver.received.slice(before);
    expect(got.length).toBeGreaterThanOrEqual(1);
    expect(new Set(got.map((r) => r.headers['webhook-id'])).size).toBe(1);
    const rows = await deliveries(t, t.accountId, t.endpointId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: got[0]!.headers['webhook-id'], status: 'succeeded' });
    // After it succeeded, running the job again sends nothing.
    await handler(JSON.parse(job!.payload), job!);
    expect(receiver.received.length).toBe(before + got.length);
  });

  it('emits nothing for a change that is rolled back', async () => {
    const t = await ownerWithEndpoint();
    const now = ctx.deps.clock.now();
    await expect(
      ctx.deps.db.kysely.transaction().execute(async (trx) => {
        await emitWebhook(trx, {
          accountId: t.accountId,
          type: 'student.created',
          data: {
            studentId: 'S1',
            name: 'Never Saved',
            phone: '+8801700000000',
            email: null,
            institution: 'X',
            customId: null,
            rfid: null,
            parent1Phone: null,
            parent2Phone: null,
          },
          now,
        });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await deliveries(t, t.accountId, t.endpointId)).toEqual([]);
    // A student refused (a second one with the same phone) sends nothing either.
    const first = await addStudent(t.client, t.accountId);
    const clash = await t.client.post(`/api/accounts/${t.accountId}/students`, {
      name: 'Twin',
      phone: first.phone,
      institution: 'Udoy School',
    });
    expect(clash.statusCode).toBeGreaterThanOrEqual(400);
    expect(await deliveries(t, t.accountId, t.endpointId)).toHaveLength(1);
  });

  it('retries a failing endpoint with backoff, then turns it off and e-mails the owner', async () => {
    receiver.state.status = 500;
    const t = await ownerWithEndpoint(['student.created']);
    const before = receiver.received.length;
    await addStudent(t.client, t.accountId);
    for (let i = 0; i < WEBHOOK_LIMITS.maxAttempts; i++) {
      await drain();
      ctx.deps.clock.advance(3_600_000);
    }
    await drain();
    const [failed] = await deliveries(t, t.accountId, t.endpointId);
    const tries = receiver.received.slice(before).filter((r) => r.headers['webhook-id'] === failed!.id);
    expect(tries).toHaveLength(WEBHOOK_LIMITS.maxAttempts);
    expect(failed).toMatchObject({
      status: 'failed',
      attempts: WEBHOOK_LIMITS.maxAttempts,
      responseCode: 500,
    });
    const { endpoints } = (await t.client.get(`/api/accounts/${t.accountId}/webhooks`)).json();
    expect(endpoints[0]).toMatchObject({ enabled: false, disabledReason: 'failing' });
    const mail = await sentTo(ctx.deps, 'mail', t.input.email);
    expect(mail.filter((m) => m.subject?.includes('turned off a webhook endpoint'))).toHaveLength(1);

    // Off: new events are not queued for it, and replay is refused until it is turned on.
    await addStudent(t.client, t.accountId);
    expect(await deliveries(t, t.accountId, t.endpointId)).toHaveLength(1);
    const refused = await t.client.post(
      `/api/accounts/${t.accountId}/webhooks/${t.endpointId}/deliveries/${failed.id}/replay`,
    );
    expect(refused.json().error.code).toBe('WEBHOOK_ENDPOINT_DISABLED');
    receiver.state.status = 204;
    ctx.deps.clock.release();
    await t.client.put(`/api/accounts/${t.accountId}/webhooks/${t.endpointId}`, {
      url: receiver.url,
      events: ['student.created'],
      enabled: true,
    });
    await t.client.post(
      `/api/accounts/${t.accountId}/webhooks/${t.endpointId}/deliveries/${failed.id}/replay`,
    );
    await drain();
    expect((await deliveries(t, t.accountId, t.endpointId))[0]).toMatchObject({
      id: failed.id,
      status: 'succeeded',
      responseCode: 204,
    });
  });

  it('refuses private, link-local, CGNAT, metadata and plain-http addresses at registration', async () => {
    const t = await signUp(ctx.app, ctx.deps);
    const register = (url: string) =>
      t.client.post(`/api/accounts/${t.accountId}/webhooks`, { url, events: ['payment.recorded'] });
    for (const url of [
      'https://10.0.0.5/hook',
      'https://192.168.1.10/hook',
      'https://172.16.0.1/hook',
      'https://100.64.0.1/hook',
      'http://169.254.169.254/latest/meta-data',
      'https://[fd00::1]/hook',
      'https://[::ffff:10.0.0.1]/hook',
      'https://224.0.0.1/hook',
    ]) {
      const res = await register(url);
      expect([res.statusCode, res.json().error.code], url).toEqual([400, 'WEBHOOK_URL_PRIVATE']);
    }
    expect((await register('http://8.8.8.8/hook')).json().error.code).toBe('WEBHOOK_URL_NOT_HTTPS');
    expect((await register('ftp://8.8.8.8/hook')).statusCode).toBe(400);
  });

  it('checks the address again when it delivers (DNS and addresses change)', async () => {
    ctx.deps.clock.release();
    receiver.state.status = 200;
    const t = await ownerWithEndpoint(['student.created']);
    // As if the host now resolved somewhere private: the delivery is refused before connecting.
    await ctx.deps.db.kysely
      .updateTable('webhook_endpoints')
      .set({ url: 'https://10.1.2.3/hooks' })
      .where('id', '=', t.endpointId)
      .execute();
    await addStudent(t.client, t.accountId);
    await drain();
    const [row] = await deliveries(t, t.accountId, t.endpointId);
    expect(row).toMatchObject({ status: 'pending', attempts: 1, responseCode: null });
    expect(row.lastError).toContain('may not reach');
  });

  it('documents every event, its body and the signing headers in the OpenAPI document', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(Object.keys(doc['x-webhooks']).sort()).toEqual([...WEBHOOK_EVENTS].sort());
    const punch = doc['x-webhooks']['attendance.punch'].post;
    expect(punch.parameters.map((p: { name: string }) => p.name)).toEqual([
      'webhook-id',
      'webhook-timestamp',
      'webhook-signature',
    ]);
    expect(punch.requestBody.content['application/json'].schema.properties.data.properties).toHaveProperty(
      'punches',
    );
    expect(doc.paths['/api/accounts/{accountId}/webhooks'].post.summary).toContain('private');
  });
});
