import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { TestClient } from '../../test/http';
import { reportFixture, TERM } from '../../test/report-cards';
import { DIALECTS, useTestApp } from '../../test/test-deps';

// Report cards as PDF through headless Chromium: one card, or a class with a
// page per student, in English or Bangla; a family downloads its own card by its link.

const hasChromium = fs.existsSync('/usr/bin/chromium');
const hasPdftoppm = (() => {
  try {
    execFileSync('pdftoppm', ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

/** Pages of a PDF as Chromium writes it (one page object each). */
const pageCount = (pdf: Buffer) => (pdf.toString('latin1').match(/\/Type\s*\/Page(?!s)/g) ?? []).length;

describe.each(DIALECTS)('report card PDFs [%s]', (dialect) => {
  const ctx = useTestApp(dialect);

  it.skipIf(!hasChromium)(
    'renders a class with a page per student, one card, and a family’s card by its link',
    async () => {
      const f = await reportFixture(ctx.app, ctx.deps);
      const base = `/api/accounts/${f.t.accountId}/classrooms/${f.classroomId}/report-cards`;
      const q = `term=${encodeURIComponent(TERM)}`;

      const all = await f.t.client.get(`${base}/pdf?${q}&lang=bn`);
      expect(all.statusCode, all.body.slice(0, 300)).toBe(200);
      expect(all.headers['content-type']).toBe('application/pdf');
      expect(all.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      expect(pageCount(all.rawPayload)).toBe(3);
      expect(String(all.headers['content-disposition'])).toContain('attachment');

      const one = await f.t.client.get(`${base}/pdf?${q}&studentId=${f.asha.id}`);
      expect(one.statusCode).toBe(200);
      expect(pageCount(one.rawPayload)).toBe(1);

      // The page really has something on it: rasterised, it is not a blank sheet.
      if (hasPdftoppm) {
        const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'report-pdf-'));
        fs.writeFileSync(path.join(dir, 'card.pdf'), one.rawPayload);
        execFileSync('pdftoppm', ['-png', '-r', '30', path.join(dir, 'card.pdf'), path.join(dir, 'page')]);
        const png = fs.readdirSync(dir).filter((name) => name.endsWith('.png'));
        expect(png.length).toBe(1);
        expect(fs.statSync(path.join(dir, png[0]!)).size).toBeGreaterThan(2_000);
        fs.rmSync(dir, { recursive: true, force: true });
      }

      // A student of another classroom, or none of this term: not found.
      expect((await f.t.client.get(`${base}/pdf?${q}&studentId=nobody`)).statusCode).toBe(404);

      const [link] = (await f.t.client.post(`${base}/links`, { term: TERM, studentIds: [f.bilal.id] })).json()
        .links;
      const key = new URL(link.url).searchParams.get('key');
      const family = await new TestClient(ctx.app).get(`/api/public/report-cards/${key}/pdf?lang=bn`);
      expect(family.statusCode).toBe(200);
      expect(pageCount(family.rawPayload)).toBe(1);
      const refused = await new TestClient(ctx.app).get(
        '/api/public/report-cards/AAAAAAAAAAAAAAAAAAAAAA/pdf',
      );
      expect([refused.statusCode, refused.json().error.code]).toEqual([404, 'REPORT_LINK_INVALID']);
    },
    90_000,
  );
});
