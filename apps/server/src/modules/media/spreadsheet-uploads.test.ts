import { CSRF_HEADER } from '@batchwise/domain';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/errors';
import { SESSION_COOKIE } from '../../plugins/authenticate';
import { assessmentSchool } from '../../test/assessments-school';
import { studentRows } from '../../test/onboarding-files';
import { DIALECTS, useTestApp } from '../../test/test-deps';
import { readSpreadsheet } from './spreadsheets';

// Every kind of spreadsheet the product writes, filled in as a teacher would and uploaded back
// over real HTTP, many at once: a valid file is never refused (the reader holds no temp files
// and no streaming unzip, spreadsheets.ts). Always 20 in flight. The full stress, 200 uploads of
// each kind on each database, takes minutes on a busy machine (the onboarding template's 1,000
// prepared rows make it the slow one), so like the crash drills it runs in full on its own,
// `npm run stress` (README "Everyday commands"), and `npm test` runs a short one: 40 of each.

const UPLOADS = Number(process.env.SHEET_STRESS_UPLOADS || 40);
const IN_FLIGHT = 20;

async function edited(body: Buffer, edit: (workbook: ExcelJS.Workbook) => void): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as unknown as ArrayBuffer);
  edit(workbook);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** Runs `task` `count` times with at most `width` running at once; the statuses in order. */
async function inParallel(count: number, width: number, task: () => Promise<number>): Promise<number[]> {
  const statuses: number[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < count) {
        const i = next++;
        statuses[i] = await task();
      }
    }),
  );
  return statuses;
}

describe('an unreadable spreadsheet', () => {
  it('is refused with its underlying error, size and kind kept for the log, not its content', async () => {
    const body = Buffer.from('PK\u0003\u0004 not really a zip');
    const refusal = await readSpreadsheet(
      { fileName: 'a.xlsx', kind: 'xlsx', body },
      { rows: 5, columns: 5 },
    ).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(AppError);
    expect(refusal).toMatchObject({ code: 'SHEET_UNREADABLE', logged: { bytes: body.length, kind: 'xlsx' } });
    expect((refusal as AppError).logged?.err).toBeInstanceOf(Error);
  });
});

describe.each(DIALECTS)('spreadsheet uploads under load [%s]', (dialect) => {
  const ctx = useTestApp(dialect);

  it(`answers ${UPLOADS} uploads of each kind the product writes, 20 at a time, every one read`, {
    timeout: 300_000,
  }, async () => {
    const s = await assessmentSchool(ctx.app, ctx.deps);
    const { client, accountId } = s.t;
    const base = `/api/accounts/${accountId}`;
    const download = async (url: string, payload?: object) => {
      const res = payload ? await client.post(url, payload) : await client.get(url);
      expect(res.statusCode).toBe(200);
      return res.rawPayload;
    };

    // The onboarding template with one student; the marks sheet with one mark; a table export
    // as .xlsx and as .csv, the files a teacher turns into an SMS template sheet.
    const onboarding = await edited(await download(`${base}/onboarding/template?lang=bn`), (book) => {
      book.worksheets[0]!.getRow(2).values = studentRows(1)[0]!;
    });
    const marks = await edited(await download(`${s.marksUrl}/template?lang=bn`), (book) => {
      book.getWorksheet('Marks')!.getCell(2, 4).value = 55;
    });
    const table = {
      title: 'Dues',
      headers: ['Name', 'Phone', 'Due'],
      rows: [
        ['রহিম', '01712345678', 500],
        ['Karim', '01812345678', 300],
      ],
    };
    const xlsx = await download('/api/exports', { ...table, format: 'xlsx' });
    const csv = await download('/api/exports', { ...table, format: 'csv' });

    const address = await ctx.app.listen({ host: '127.0.0.1', port: 0 });
    const upload = (url: string, name: string, body: Buffer) => async () => {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(body)]), name);
      const res = await fetch(`${address}${url}`, {
        method: 'POST',
        body: form,
        headers: { cookie: `${SESSION_COOKIE}=${client.cookie}`, [CSRF_HEADER]: '1' },
      });
      if (res.status !== 200) throw new Error(`${name}: ${res.status} ${await res.text()}`);
      return res.status;
    };
    const kinds = [
      upload(`${base}/onboarding/check`, 'students.xlsx', onboarding),
      upload(`${s.marksUrl}/check`, 'marks.xlsx', marks),
      upload(`${base}/sms/template-sheets`, 'dues.xlsx', xlsx),
      upload(`${base}/sms/template-sheets`, 'dues.csv', csv),
    ];
    for (const send of kinds) {
      expect(await inParallel(UPLOADS, IN_FLIGHT, send)).toEqual(Array(UPLOADS).fill(200));
    }
  });
});
