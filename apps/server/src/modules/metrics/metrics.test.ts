import { describe, expect, it } from 'vitest';
import { TestClient } from '../../test/http';
import { DIALECTS, useTestApp } from '../../test/test-deps';

// /metrics (running the platform, item 5): Prometheus text behind a bearer token, with request
// rate and latency by route pattern, the job queue, SMS and payment outcomes and the pool.

const TOKEN = 'metrics-token-for-the-tests-0123456789';

describe.each(DIALECTS)('metrics [%s]', (dialect) => {
  const ctx = useTestApp(dialect, { METRICS_TOKEN: TOKEN });
  const scrape = (authorization?: string) =>
    new TestClient(ctx.app).request({
      method: 'GET',
      url: '/metrics',
      headers: authorization ? { authorization } : {},
    });

  it('refuses a scraper without the token, or with another', async () => {
    for (const header of [undefined, 'Bearer wrong-token-wrong-token-wrong', TOKEN, `Basic ${TOKEN}`]) {
      const res = await scrape(header);
      expect(res.statusCode, String(header)).toBe(401);
      expect(res.json().error.code).toBe('UNAUTHENTICATED');
      expect(res.body).not.toContain('batchwise_');
    }
  });

  it('exposes requests by route pattern, the queue, gateway outcomes and the pool', async () => {
    const visitor = new TestClient(ctx.app);
    await visitor.get('/api/health');
    await visitor.get('/api/news/some-key-that-is-not-there');
    await visitor.get('/no/such/page/at/all');
    const res = await scrape(`Bearer ${TOKEN}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    const text = res.body;
    expect(text).toMatch(
      /batchwise_http_requests_total\{method="GET",route="\/api\/health",status="200"\} \d+/,
    );
    // The pattern, not the URL: one series whatever key was asked for.
    expect(text).toContain('route="/api/news/:key"');
    expect(text).not.toContain('some-key-that-is-not-there');
    expect(text).not.toContain('/no/such/page');
    expect(text).toMatch(
      /batchwise_http_request_duration_seconds_bucket\{le="0.1",method="GET",route="\/api\/health"\}/,
    );
    for (const series of [
      'batchwise_jobs_waiting',
      'batchwise_jobs_oldest_waiting_seconds',
      'batchwise_jobs_failed_last_hour',
      'batchwise_sms_outcomes_recent{gateway="console",outcome="failed"} 0',
      'batchwise_payment_outcomes_recent{gateway="bkash",outcome="ok"} 0',
      'batchwise_status_component_up{component="database"} 1',
      'batchwise_process_cpu_seconds_total',
    ])
      expect(text).toContain(series);
    if (dialect === 'postgres') expect(text).toMatch(/batchwise_db_pool_connections\{state="max"\} \d+/);
  });
});
