import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { studentRow } from '../../seed/school-rows';
import { signUp } from '../../test/factories';
import { until } from '../../test/sse';
import { DIALECTS, useTestApp } from '../../test/test-deps';
import { PDF_MAX_ROWS } from './exports.service';

const hasChromium = fs.existsSync('/usr/bin/chromium');

const table = (format: 'pdf' | 'xlsx', rows: number, cell = 'মেহেদী হাসান') => ({
  format,
  title: 'Students',
  headers: ['Name', 'Phone', 'Note'],
  rows: Array.from({ length: rows }, (_, i) => [`${cell} ${i}`, `+88017${String(i).padStart(8, '0')}`, cell]),
});

describe.each(DIALECTS)('PDF export limits [%s]', (dialect) => {
  const ctx = useTestApp(dialect);

  it('refuses a PDF of more rows than a PDF may have (413, suggesting XLSX); XLSX takes them', async () => {
    const t = await signUp(ctx.app, ctx.deps);
    const refused = await t.client.post('/api/exports', table('pdf', PDF_MAX_ROWS + 1, 'x'));
    expect(refused.statusCode).toBe(413);
    expect(refused.json().error).toMatchObject({
      code: 'EXPORT_PDF_TOO_LARGE',
      params: { max: PDF_MAX_ROWS },
    });
    expect(refused.json().error.message).toContain('XLSX');
    expect((await t.client.post('/api/exports', table('xlsx', PDF_MAX_ROWS + 1, 'x'))).statusCode).toBe(200);

    // The whole students list too, counted before anything is rendered.
    const now = Date.now();
    const students = Array.from({ length: PDF_MAX_ROWS + 1 }, (_, i) =>
      studentRow({ account_id: t.accountId, name: `Student ${i}`, phone: `+8801${700000000 + i}` }, now),
    );
    for (let i = 0; i < students.length; i += 500) {
      await ctx.deps.db.kysely
        .insertInto('students')
        .values(students.slice(i, i + 500))
        .execute();
    }
    const url = `/api/accounts/${t.accountId}/students/export?columns=name`;
    const pdf = await t.client.get(`${url}&format=pdf`);
    expect(pdf.statusCode).toBe(413);
    expect(pdf.json().error.code).toBe('EXPORT_PDF_TOO_LARGE');
    expect((await t.client.get(`${url}&format=xlsx`)).statusCode).toBe(200);
  }, 60_000);

  it.skipIf(!hasChromium)(
    'refuses a page too big to hand to Chromium, and the refusal holds no place',
    async () => {
      const t = await signUp(ctx.app, ctx.deps);
      // Every '<' becomes '&lt;': 800 kB of cells is over 3 MB of HTML.
      const heavy = {
        format: 'pdf',
        title: 'Heavy',
        headers: ['Note'],
        rows: Array.from({ length: 400 }, () => ['<'.repeat(2000)]),
      };
      const refused = await t.client.post('/api/exports', heavy);
      expect(refused.statusCode).toBe(413);
      expect(refused.json().error.code).toBe('EXPORT_PDF_CONTENT_TOO_LARGE');
      expect((await t.client.post('/api/exports', table('pdf', 3))).statusCode).toBe(200);
    },
    60_000,
  );
});

describe.skipIf(!hasChromium)('PDF renderer rationing', () => {
  const ctx = useTestApp('sqlite');
  const admitted = (n: number) => until(() => ctx.deps.pdf.load.admitted === n, `${n} exports admitted`);

  it('refuses a second PDF of the same user while the first renders; the first still succeeds', async () => {
    const t = await signUp(ctx.app, ctx.deps);
    const first = t.client.post('/api/exports', table('pdf', 1500));
    await admitted(1);
    const second = await t.client.post('/api/exports', table('pdf', 3));
    expect(second.statusCode).toBe(429);
    expect(second.json().error.code).toBe('EXPORT_PDF_BUSY');
    expect(second.headers['retry-after']).toBe('10');
    // The students export shares the user's place.
    const students = await t.client.get(`/api/accounts/${t.accountId}/students/export?format=pdf`);
    expect(students.statusCode).toBe(429);
    // Other users are not held back by this one.
    const other = await signUp(ctx.app, ctx.deps);
    expect((await other.client.post('/api/exports', table('pdf', 3))).statusCode).toBe(200);

    const done = await first;
    expect(done.statusCode).toBe(200);
    expect(done.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await t.client.post('/api/exports', table('pdf', 3))).statusCode).toBe(200);
  }, 120_000);

  it('admits a bounded number of exports at once and answers 503 beyond; at most `concurrency` render', async () => {
    const { concurrency, queue } = ctx.deps.pdf.limits;
    const users = await Promise.all(
      Array.from({ length: concurrency + queue + 1 }, () => signUp(ctx.app, ctx.deps)),
    );
    let mostRendering = 0;
    const watch = setInterval(() => {
      mostRendering = Math.max(mostRendering, ctx.deps.pdf.load.rendering);
    }, 5);
    try {
      const accepted = users.slice(0, -1).map((u) => u.client.post('/api/exports', table('pdf', 500)));
      await admitted(concurrency + queue);
      const refused = await users.at(-1)!.client.post('/api/exports', table('pdf', 3));
      expect(refused.statusCode).toBe(503);
      expect(refused.json().error.code).toBe('EXPORT_PDF_QUEUE_FULL');
      expect(refused.headers['retry-after']).toBe('30');
      for (const res of await Promise.all(accepted)) expect(res.statusCode).toBe(200);
    } finally {
      clearInterval(watch);
    }
    expect(mostRendering).toBeLessThanOrEqual(concurrency);
    expect(ctx.deps.pdf.load).toEqual({ admitted: 0, rendering: 0 });
  }, 180_000);
});
