import fs from 'node:fs';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { attachmentDisposition } from '../../lib/content-disposition';
import { signUp } from '../../test/factories';
import { addStudent, createClassroom } from '../../test/school';
import { DIALECTS, useTestApp } from '../../test/test-deps';

const hasChromium = fs.existsSync('/usr/bin/chromium');

async function readSheet(body: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  const rows: unknown[][] = [];
  sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return { name: sheet.name, widths: sheet.columns.map((c) => c.width), rows };
}

/** The page format of a PDF from its first MediaBox, in points, to within Chromium's rounding. */
function pageFormat(pdf: Buffer): string {
  const m = /\/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)\s*\]/.exec(pdf.toString('latin1'));
  const [w, h] = [Number(m?.[1]), Number(m?.[2])];
  const near = (a: number, b: number) => Math.abs(a - b) < 3;
  const name = (x: number, y: number) =>
    near(x, 595) && near(y, 842) ? 'a4' : near(x, 842) && near(y, 1191) ? 'a3' : `${x}x${y}`;
  return w > h ? `${name(h, w)} landscape` : `${name(w, h)} portrait`;
}

describe.each(DIALECTS)('exports [%s]', (dialect) => {
  const ctx = useTestApp(dialect);

  it('writes XLSX as the spec says: one "React Table Data" sheet, columns 26 wide, "Absent", formulas neutralised', async () => {
    const t = await signUp(ctx.app, ctx.deps);
    const res = await t.client.post('/api/exports', {
      format: 'xlsx',
      title: 'পেমেন্ট তালিকা',
      headers: ['নাম', 'Amount', 'Note'],
      rows: [
        ['মেহেদী হাসান', 1500, '=HYPERLINK("http://evil")'],
        ['Rafi', null, '+8801712345678'],
      ],
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toContain("filename*=UTF-8''%E0%A6%AA");
    const sheet = await readSheet(res.rawPayload);
    expect(sheet.name).toBe('React Table Data');
    expect(sheet.widths).toEqual([26, 26, 26]);
    expect(sheet.rows).toEqual([
      ['নাম', 'Amount', 'Note'],
      ['মেহেদী হাসান', 1500, `'=HYPERLINK("http://evil")`],
      ['Rafi', 'Absent', '+8801712345678'],
    ]);
    const usage = await ctx.deps.db.kysely
      .selectFrom('download_usage')
      .select(['route', 'bytes'])
      .where('user_id', '=', t.userId)
      .execute();
    expect(usage).toEqual([{ route: '/api/exports', bytes: res.rawPayload.length }]);
  });

  it.skipIf(!hasChromium)(
    'renders PDFs through Chromium: A3 beyond 14 columns, landscape beyond 9, Bangla font embedded',
    async () => {
      const t = await signUp(ctx.app, ctx.deps);
      const table = (columns: number) => ({
        format: 'pdf',
        title: 'শিক্ষার্থী তালিকা',
        headers: Array.from({ length: columns }, (_, i) => (i === 0 ? 'নাম' : `Column ${i}`)),
        rows: [['আয়েশা সিদ্দিকা', ...Array.from({ length: columns - 1 }, () => 'ক্ষ্ম')]],
      });
      const sizes: string[] = [];
      for (const columns of [5, 10, 15]) {
        const res = await t.client.post('/api/exports', table(columns));
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toBe('application/pdf');
        expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
        expect(res.rawPayload.toString('latin1')).toMatch(/HindSiliguri/);
        sizes.push(pageFormat(res.rawPayload));
      }
      expect(sizes).toEqual(['a4 portrait', 'a4 landscape', 'a3 landscape']);
    },
    60_000,
  );

  it('names the download safely whatever the title holds (RFC 6266 / 5987), never answering 500', async () => {
    const t = await signUp(ctx.app, ctx.deps);
    const exportAs = (title: string) =>
      t.client.post('/api/exports', { format: 'xlsx', title, headers: ['A'], rows: [['x']] });
    for (const title of [
      'ফি "জুন" 50% (নতুন)',
      "Café ☕ l'élève *draft*",
      'Line one\r\nSet-Cookie: x=1',
      '😀',
    ]) {
      const res = await exportAs(title);
      expect(res.statusCode).toBe(200);
      const header = res.headers['content-disposition'] as string;
      // The exact name survives in filename*, the fallback is plain quoted ASCII, nothing splits the header.
      const encoded = /filename\*=UTF-8''([^;\s]+)$/.exec(header)?.[1];
      expect(decodeURIComponent(encoded!)).toBe(`${title.trim()}.xlsx`);
      expect(encoded).toMatch(/^[A-Za-z0-9%._~^`|#$&+-]+$/);
      expect(header).toMatch(/^attachment; filename="[\x20-\x21\x23-\x24\x26-\x5b\x5d-\x7e]+"; filename\*=/);
    }
    expect((await exportAs('Café')).headers['content-disposition']).toContain('filename="Cafe.xlsx"');
    // Text that is not text at all (an unpaired surrogate) is refused up front, not a 500.
    const broken = await exportAs('Report \ud800');
    expect(broken.statusCode).toBe(400);
    expect(broken.json().error.code).toBe('TEXT_INVALID');
    // And should such text reach the header builder another way, it still makes a valid header.
    expect(attachmentDisposition('a\ud800.xlsx')).toBe(
      `attachment; filename="a_.xlsx"; filename*=UTF-8''a%EF%BF%BD.xlsx`,
    );
  });

  it('exports the whole filtered students list, only to those who may see it', async () => {
    const t = await signUp(ctx.app, ctx.deps);
    const room = await createClassroom(t.client, t.accountId, { name: 'Physics' });
    for (const name of ['Zara', 'আয়েশা', 'Babu'])
      await addStudent(t.client, t.accountId, { name, enrolments: [{ classroomId: room }] });
    await addStudent(t.client, t.accountId, { name: '=cmd|calc' });
    const url = `/api/accounts/${t.accountId}/students/export?format=xlsx&columns=name,classrooms&classroomId=${room}`;
    const res = await t.client.get(url);
    expect(res.statusCode).toBe(200);
    expect((await readSheet(res.rawPayload)).rows).toEqual([
      ['Name', 'Classrooms'],
      ['Babu', 'Physics'],
      ['Zara', 'Physics'],
      ['আয়েশা', 'Physics'],
    ]);
    const all = await readSheet(
      (await t.client.get(`/api/accounts/${t.accountId}/students/export?format=xlsx&columns=name&lang=bn`))
        .rawPayload,
    );
    expect(all.rows[0]).toEqual(['নাম']);
    expect(all.rows[1]).toEqual(["'=cmd|calc"]);
    const b = await signUp(ctx.app, ctx.deps);
    expect((await b.client.get(url)).statusCode).toBe(404);
  });
});
