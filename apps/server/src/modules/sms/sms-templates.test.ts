import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { signUp, uniquePhone } from '../../test/factories';
import { multipartFile } from '../../test/http';
import { setSmsQuota, smsQuotaOf } from '../../test/school';
import { DIALECTS, useTestApp } from '../../test/test-deps';

// Messages from a spreadsheet and saved templates (the SMS capability's "Templates from a spreadsheet"),
// through the real app on both databases: the upload read into rows, the preview, the send paid
// per message by the spec's 100-character rule, and each family's own text at the gateway.

async function duesWorkbook(): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Dues');
  sheet.addRow(['Name', 'Phone', 'Due', 'Due Date', 'Note']);
  sheet.addRow(['Rahim', '01712345678', 500, new Date(Date.UTC(2026, 11, 10)), 'Paid late']);
  sheet.addRow([
    'Karim',
    1812345678,
    { formula: '200+100', result: 300 },
    new Date(Date.UTC(2026, 11, 12)),
    null,
  ]);
  sheet.addRow(['Nobody', '', 100, null, null]);
  sheet.addRow(['Settled', '01912345678', 0, null, null]);
  // Formatting Excel keeps below the data is not a row.
  sheet.getCell('A40').numFmt = '@';
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

describe.each(DIALECTS)('SMS templates [%s]', (dialect) => {
  const ctx = useTestApp(dialect);

  async function upload(t: Awaited<ReturnType<typeof signUp>>, name: string, type: string, body: Buffer) {
    const form = await multipartFile('file', name, type, body);
    return t.client.request({
      method: 'POST',
      url: `/api/accounts/${t.accountId}/sms/template-sheets`,
      ...form,
    });
  }

  it('reads an uploaded .xlsx as Excel shows it, and a .csv with its leading zeros', async () => {
    const t = await signUp(ctx.app, ctx.deps);
    const xlsx = await upload(t, 'dues.xlsx', 'application/octet-stream', await duesWorkbook());
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.json()).toEqual({
      fileName: 'dues.xlsx',
      sheetName: 'Dues',
      rows: [
        ['Name', 'Phone', 'Due', 'Due Date', 'Note'],
        ['Rahim', '01712345678', 500, '10-12-2026', 'Paid late'],
        ['Karim', 1812345678, 300, '12-12-2026'],
        ['Nobody', null, 100],
        ['Settled', '01912345678', 0],
      ],
    });
    const csv = await upload(
      t,
      'dues.csv',
      'text/csv',
      Buffer.from('\uFEFFName,Phone\n"Das, Mita",01512345678\n'),
    );
    expect(csv.json().rows).toEqual([
      ['Name', 'Phone'],
      ['Das, Mita', '01512345678'],
    ]);
  });

  it('refuses other files, unreadable ones and empty sheets with a clear message', async () => {
    const t = await signUp(ctx.app, ctx.deps);
    const pdf = await upload(t, 'dues.pdf', 'application/pdf', Buffer.from('%PDF-1.4'));
    expect([pdf.statusCode, pdf.json().error.code]).toEqual([400, 'SHEET_FILE_TYPE']);
    const broken = await upload(t, 'dues.xlsx', 'application/octet-stream', Buffer.from('not a zip at all'));
    expect([broken.statusCode, broken.json().error.code]).toEqual([400, 'SHEET_UNREADABLE']);
    const headersOnly = await upload(t, 'dues.csv', 'text/csv', Buffer.from('Name,Phone\n'));
    expect([headersOnly.statusCode, headersOnly.json().error.code]).toEqual([400, 'SHEET_EMPTY']);
  });

  it('previews each message with conditions, the hide marker and missing cells, and the rows left out', async () => {
    const t = await signUp(ctx.app, ctx.deps);
    const { rows } = (await upload(t, 'dues.xlsx', 'application/octet-stream', await duesWorkbook())).json();
    const res = await t.client.post(`/api/accounts/${t.accountId}/sms/template-preview`, {
      template: '#fees Dear {Name}, Tk {Due} due by {Due Date}. {Note}{Note | hide}{if Due > 0}',
      rows,
      urgent: true,
    });
    expect(res.statusCode).toBe(200);
    const preview = res.json();
    expect(preview.sample).toEqual([
      {
        row: 2,
        phone: '+8801712345678',
        text: 'fees Dear Rahim, Tk 500 due by 10-12-2026. Paid late',
        parts: 1,
      },
      { row: 3, phone: '+8801812345678', text: 'fees Dear Karim, Tk 300 due by 12-12-2026. .', parts: 1 },
    ]);
    expect(preview.dropped).toEqual([
      { row: 4, reason: 'NO_PHONE', phone: '' },
      { row: 5, reason: 'CONDITION', phone: '01912345678' },
    ]);
    expect(preview).toMatchObject({ recipients: 2, parts: 2, problems: [], quotaMessage: null });
    expect(preview.costPaisa).toBe(2 * 43);

    const typo = (
      await t.client.post(`/api/accounts/${t.accountId}/sms/template-preview`, {
        template: 'Hi {Nmae}',
        rows,
      })
    ).json();
    expect(typo.problems).toEqual([
      {
        code: 'TEMPLATE_UNKNOWN_COLUMN',
        message: 'The template refers to Nmae, which is not a column of the sheet.',
      },
    ]);
  });

  it('sends each family its own text, paid per message at 100 characters an SMS, exactly once', async () => {
    const t = await signUp(ctx.app, ctx.deps);
    await setSmsQuota(ctx.deps, t.accountId, 10);
    const rahim = uniquePhone();
    const salma = uniquePhone();
    const long = 'x'.repeat(120);
    const rows = [
      ['Name', 'Mobile', 'Marks', 'Remark'],
      ['Rahim', rahim, 78, long],
      ['সালমা', salma, 92, ''],
      // The same text to the same number again goes once.
      ['Rahim', rahim, 78, long],
    ];
    const res = await t.client.post(`/api/accounts/${t.accountId}/sms/template-sends`, {
      template: '{Name}: {Marks}. {Remark}',
      rows,
      urgent: true,
    });
    expect(res.statusCode).toBe(200);
    const { sendId, recipients, parts } = res.json();
    // Rahim's text is 130 characters (2 SMS); Salma's 'সালমা: 92. .' counts Bangla double (1 SMS).
    expect([recipients, parts]).toEqual([2, 3]);
    expect(await smsQuotaOf(ctx.deps, t.accountId)).toBe(7);

    await ctx.deps.createWorker().drain();
    const detail = (await t.client.get(`/api/accounts/${t.accountId}/sms/sends/${sendId}`)).json();
    expect(detail).toMatchObject({ status: 'done', text: '{Name}: {Marks}. {Remark}', counts: { sent: 2 } });
    const kept = await ctx.deps.outbox.listNewest('sms', 500);
    expect(kept.filter((k) => k.to === rahim).map((k) => k.body)).toEqual([`Rahim: 78. ${long}`]);
    expect(kept.filter((k) => k.to === salma).map((k) => k.body)).toEqual(['সালমা: 92. .']);

    // A failed message goes again with its own text and count.
    await ctx.deps.db.kysely
      .updateTable('sms_messages')
      .set({ status: 'failed', error: 'gateway said no' })
      .where('send_id', '=', sendId)
      .where('phone', '=', rahim)
      .execute();
    const again = await t.client.post(`/api/accounts/${t.accountId}/sms/sends/${sendId}/resend`, {});
    expect(again.json()).toMatchObject({ recipients: 1, parts: 2 });
    expect(await smsQuotaOf(ctx.deps, t.accountId)).toBe(5);
    await ctx.deps.createWorker().drain();
    const resent = await ctx.deps.outbox.listNewest('sms', 500);
    expect(resent.filter((k) => k.to === rahim).map((k) => k.body)).toEqual([
      `Rahim: 78. ${long}`,
      `Rahim: 78. ${long}`,
    ]);
  });

  it('refuses a send with a template problem, with no message, or without the quota; nothing is spent', async () => {
    const t = await signUp(ctx.app, ctx.deps);
    await setSmsQuota(ctx.deps, t.accountId, 1);
    const rows = [
      ['Name', 'Phone'],
      ['Rahim', uniquePhone()],
      ['Karim', uniquePhone()],
    ];
    const send = (template: string) =>
      t.client.post(`/api/accounts/${t.accountId}/sms/template-sends`, { template, rows, urgent: true });
    const typo = await send('Hi {Nmae}');
    expect([typo.statusCode, typo.json().error.code]).toEqual([400, 'TEMPLATE_UNKNOWN_COLUMN']);
    const none = await send('Hi {Name}{if Name = Salma}');
    expect([none.statusCode, none.json().error.code]).toEqual([400, 'SMS_TEMPLATE_NO_MESSAGES']);
    const short = await send('Hi {Name}');
    expect(short.json().error.message).toBe(
      'You do not have enough SMS Quota. You need 2. Your current quota is 1.',
    );
    expect(await smsQuotaOf(ctx.deps, t.accountId)).toBe(1);
    expect(
      await ctx.deps.db.kysely
        .selectFrom('sms_sends')
        .select('id')
        .where('account_id', '=', t.accountId)
        .execute(),
    ).toEqual([]);
  });

  it('saves templates by name for reuse, one name once per account, out of reach of other accounts', async () => {
    const t = await signUp(ctx.app, ctx.deps);
    const other = await signUp(ctx.app, ctx.deps);
    const base = `/api/accounts/${t.accountId}/sms/templates`;
    const created = await t.client.post(base, { name: ' Fee due ', body: 'Dear {Name}, Tk {Due} is due.' });
    expect(created.statusCode).toBe(201);
    const { id } = created.json();
    expect(created.json()).toMatchObject({ name: 'Fee due', body: 'Dear {Name}, Tk {Due} is due.' });
    const clash = await t.client.post(base, { name: 'FEE   DUE', body: 'x' });
    expect([clash.statusCode, clash.json().error.message]).toEqual([
      409,
      'You already have a template named FEE   DUE.',
    ]);
    // Another account may use the same name; it cannot see or change this one.
    expect(
      (
        await other.client.post(`/api/accounts/${other.accountId}/sms/templates`, {
          name: 'Fee due',
          body: 'y',
        })
      ).statusCode,
    ).toBe(201);
    expect((await other.client.put(`${base}/${id}`, { name: 'Mine', body: 'z' })).statusCode).toBe(404);
    expect(
      (
        await other.client.put(`/api/accounts/${other.accountId}/sms/templates/${id}`, {
          name: 'Mine',
          body: 'z',
        })
      ).statusCode,
    ).toBe(404);

    const renamed = await t.client.put(`${base}/${id}`, {
      name: 'Fee reminder',
      body: 'Dear {Name}, please pay Tk {Due}.',
    });
    expect(renamed.statusCode).toBe(200);
    await t.client.post(base, { name: 'Absence', body: '{Name} was absent.' });
    expect((await t.client.get(base)).json().items.map((i: { name: string }) => i.name)).toEqual([
      'Absence',
      'Fee reminder',
    ]);
    expect((await t.client.delete(`${base}/${id}`)).statusCode).toBe(200);
    expect((await t.client.delete(`${base}/${id}`)).statusCode).toBe(404);
    expect((await t.client.get(base)).json().items.map((i: { name: string }) => i.name)).toEqual(['Absence']);
  });
});
