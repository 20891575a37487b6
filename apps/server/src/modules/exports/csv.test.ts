import { describe, expect, it } from 'vitest';
import { signUp } from '../../test/factories';
import { DIALECTS, useTestApp } from '../../test/test-deps';
import { renderCsv } from './csv';

// "Export As" CSV of a table as shown (the attendance capability: "export of every table"): RFC 4180, a
// UTF-8 byte-order mark so Excel keeps Bangla, and the spreadsheet rules of part 2 §9.

describe('renderCsv', () => {
  it('quotes what needs quoting, writes "Absent" for missing values and neutralises formulas', () => {
    const csv = renderCsv({
      title: 'x',
      headers: ['নাম', 'Note', 'Days'],
      rows: [
        ['আনিকা রহমান', 'said "hi", left', 3],
        ['=HYPERLINK("http://evil")', null, '+8801711000001'],
        ['two\nlines', '', -2],
      ],
    }).toString('utf8');
    expect(csv).toBe(
      '\uFEFFনাম,Note,Days\r\n' +
        'আনিকা রহমান,"said ""hi"", left",3\r\n' +
        `"'=HYPERLINK(""http://evil"")",Absent,+8801711000001\r\n` +
        '"two\nlines",Absent,-2\r\n',
    );
  });
});

describe.each(DIALECTS)('CSV export [%s]', (dialect) => {
  const ctx = useTestApp(dialect);

  it('answers POST /api/exports with format csv as a named CSV download', async () => {
    const t = await signUp(ctx.app, ctx.deps);
    const res = await t.client.post('/api/exports', {
      format: 'csv',
      title: 'হাজিরা খাতা',
      headers: ['Student', '01-11 16:00', 'P'],
      rows: [['Anika Rahman', 'P', 1]],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(
      decodeURIComponent(/filename\*=UTF-8''(.+)$/.exec(String(res.headers['content-disposition']))![1]!),
    ).toBe('হাজিরা খাতা.csv');
    expect(res.rawPayload.toString('utf8')).toBe('\uFEFFStudent,01-11 16:00,P\r\nAnika Rahman,P,1\r\n');
  });
});
