import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { assessmentSchool } from '../../test/assessments-school';
import { multipartFile } from '../../test/http';
import { DIALECTS, useTestApp } from '../../test/test-deps';

// Marks from .xlsx through the real app on both databases: the sheet downloaded
// with the saved marks, filled in and uploaded — checked with every problem by row and column,
// then imported all at once.

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

async function workbookOf(body: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as unknown as ArrayBuffer);
  return workbook;
}

describe.each(DIALECTS)('marks import [%s]', (dialect) => {
  const ctx = useTestApp(dialect);

  async function upload(
    s: Awaited<ReturnType<typeof assessmentSchool>>,
    step: 'check' | 'import',
    body: Buffer,
  ) {
    const file = await multipartFile('file', 'marks.xlsx', XLSX, body);
    return s.t.client.request({ method: 'POST', url: `${s.marksUrl}/${step}`, ...file });
  }

  it('round-trips: download the sheet with saved marks, fill it, check, import', async () => {
    const s = await assessmentSchool(ctx.app, ctx.deps);
    await s.save(s.t.client, [s.cell(0, 'Bangla', 'total', 61.5), s.cell(1, 'Bangla', 'total', 12, 0, true)]);
    const download = await s.t.client.get(`${s.marksUrl}/template?lang=bn`);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toContain('Marks - Half-yearly.xlsx');
    const workbook = await workbookOf(download.rawPayload);
    const sheet = workbook.getWorksheet('Marks')!;
    expect(sheet.getRow(1).values).toEqual([
      undefined,
      'Key',
      'Student ID',
      'Name',
      'Bangla (100)',
      'Physics: CQ (50)',
      'Physics: MCQ (25)',
      'Agriculture (100)',
    ]);
    expect(sheet.getColumn(1).hidden).toBe(true);
    expect(sheet.getRow(2).values).toEqual([undefined, s.students[0]!.id, 'ID-1', 'Anika Rahman', 61.5]);
    expect(sheet.getCell(3, 4).value).toBe('A');
    expect(workbook.getWorksheet('Instructions')!.getCell(1, 1).value).toBe('ফাইলটি যেভাবে পূরণ করবেন');
    // Every interface language has its instructions, followed by the English ones.
    const french = await workbookOf((await s.t.client.get(`${s.marksUrl}/template?lang=fr`)).rawPayload);
    const frenchHelp = french.getWorksheet('Instructions')!;
    expect(frenchHelp.getCell(1, 1).value).toBe('Comment remplir ce fichier');
    expect(frenchHelp.getColumn(1).values).toContain('How to fill this file');

    // Fill: Anika's Physics; Bristi present after all; Chayan by Bangla digits and absent.
    sheet.getCell(2, 5).value = 40;
    sheet.getCell(2, 6).value = '20.5';
    sheet.getCell(3, 4).value = 55;
    sheet.getCell(4, 4).value = '৭২';
    sheet.getCell(4, 7).value = 'ab';
    const filled = Buffer.from(await workbook.xlsx.writeBuffer());
    const checked = (await upload(s, 'check', filled)).json();
    expect(checked).toEqual({
      fileName: 'marks.xlsx',
      ok: true,
      problems: [],
      students: 3,
      cells: 6,
      imported: false,
    });
    // Checking wrote nothing.
    expect((await s.t.client.get(s.marksUrl)).json().cells).toHaveLength(2);

    const imported = await upload(s, 'import', filled);
    expect(imported.json()).toMatchObject({ ok: true, cells: 6, imported: true });
    const grid = (await s.t.client.get(s.marksUrl)).json();
    const value = (student: number, subject: string, part: string) =>
      grid.cells.find(
        (c: { studentId: string; subjectId: string; partKey: string }) =>
          c.studentId === s.students[student]!.id && c.subjectId === s.subject(subject) && c.partKey === part,
      );
    expect(value(0, 'Bangla', 'total')).toMatchObject({ marks: 61.5, version: 2 });
    expect(value(0, 'Physics', 'cq')).toMatchObject({ marks: 40, version: 1 });
    expect(value(0, 'Physics', 'mcq')).toMatchObject({ marks: 20.5 });
    expect(value(1, 'Bangla', 'total')).toMatchObject({ marks: 55, absent: false, version: 2 });
    expect(value(2, 'Bangla', 'total')).toMatchObject({ marks: 72 });
    expect(value(2, 'Agriculture', 'total')).toMatchObject({ marks: null, absent: true });
  });

  it('lists every problem by row and column, and imports nothing while there is one', async () => {
    const s = await assessmentSchool(ctx.app, ctx.deps);
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Marks');
    // A sheet made by hand: no key column, headers without the full marks.
    sheet.addRow(['Student ID', 'Name', 'Bangla', 'Physics: CQ']);
    sheet.addRow(['ID-1', 'Anika Rahman', 101, 30]);
    sheet.addRow(['', 'Bristi Das', 'seventy', 20]);
    sheet.addRow(['ID-9', 'Nobody', 50, 10]);
    sheet.addRow(['ID-1', 'Anika again', 50, 10]);
    sheet.addRow(['ID-3', 'Chayan Roy', 33.5, 17]);
    const body = Buffer.from(await workbook.xlsx.writeBuffer());
    const checked = (await upload(s, 'check', body)).json();
    expect(checked.ok).toBe(false);
    expect(
      checked.problems.map((p: { row: number; column: string | null; code: string }) => [
        p.row,
        p.column,
        p.code,
      ]),
    ).toEqual([
      [2, 'Bangla (100)', 'ASSESSMENT_MARKS_ABOVE_FULL'],
      [3, 'Bangla (100)', 'MARKS_IMPORT_VALUE_INVALID'],
      [4, null, 'MARKS_IMPORT_UNKNOWN_STUDENT'],
      [5, null, 'MARKS_IMPORT_DUPLICATE_STUDENT'],
    ]);
    expect(checked.problems[1].message).toBe(
      'Marks for Bangla (100) must be a number from 0 to 100, or A for absent.',
    );
    const refused = await upload(s, 'import', body);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.code).toBe('ASSESSMENT_MARKS_ABOVE_FULL');
    expect((await s.t.client.get(s.marksUrl)).json().cells).toEqual([]);

    const other = new ExcelJS.Workbook();
    other.addWorksheet('Sheet1').addRow(['Roll', 'Math']);
    const unrelated = (await upload(s, 'check', Buffer.from(await other.xlsx.writeBuffer()))).json();
    expect(unrelated.problems).toEqual([
      expect.objectContaining({ row: 1, code: 'MARKS_IMPORT_NO_COLUMNS' }),
    ]);
    const notSheet = await s.t.client.request({
      method: 'POST',
      url: `${s.marksUrl}/check`,
      ...(await multipartFile('file', 'marks.pdf', 'application/pdf', Buffer.from('%PDF'))),
    });
    expect(notSheet.json().error.code).toBe('SHEET_FILE_TYPE');
  });
});
