import { MESSAGES, ONBOARDING_SHEET_NAME } from '@batchwise/domain';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { signUp, uniquePhone } from '../../test/factories';
import { multipartFile } from '../../test/http';
import { bombXlsx, hugeOnboardingXlsx, onboardingXlsx, studentRows } from '../../test/onboarding-files';
import { addStudent, assistantWithGrant, clientFor, createClassroom } from '../../test/school';
import { DIALECTS, useTestApp } from '../../test/test-deps';

// Bulk onboarding through the real app on both databases: the template, the check of
// real .xlsx files with every message and its rows, and the all-or-nothing import.

type Teacher = Awaited<ReturnType<typeof signUp>>;
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

describe.each(DIALECTS)('onboarding [%s]', (dialect) => {
  const ctx = useTestApp(dialect);

  /** A teacher with two classrooms, and their column headers in the template. */
  async function school() {
    const t = await signUp(ctx.app, ctx.deps);
    const physics = await createClassroom(t.client, t.accountId, {
      grade: 'Class 9',
      subject: 'Physics',
      name: 'Batch A',
    });
    const chemistry = await createClassroom(t.client, t.accountId, {
      grade: 'Class 10',
      subject: 'Chemistry',
      name: 'Batch A',
    });
    return {
      t,
      physics,
      chemistry,
      headers: ['Batch A (Class 10, Chemistry)', 'Batch A (Class 9, Physics)'],
    };
  }

  async function send(
    t: Teacher,
    step: 'check' | 'import',
    body: Buffer,
    name = 'students.xlsx',
    query = '',
  ) {
    const form = await multipartFile('file', name, XLSX, body);
    return t.client.request({
      method: 'POST',
      url: `/api/accounts/${t.accountId}/onboarding/${step}${query}`,
      ...form,
    });
  }

  const count = async (table: 'students' | 'enrolments' | 'parent_links', accountId: string) => {
    const students = ctx.deps.db.kysely
      .selectFrom('students')
      .select('id')
      .where('account_id', '=', accountId);
    const query =
      table === 'students'
        ? students
        : ctx.deps.db.kysely.selectFrom(table).select('student_id as id').where('student_id', 'in', students);
    return (await query.execute()).length;
  };

  it('gives a template: the sheet, a column per classroom with grade and subject, 1000 rows of +880 as text, y offered, instructions in both languages', async () => {
    const { t } = await school();
    const res = await t.client.get(`/api/accounts/${t.accountId}/onboarding/template?lang=bn`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(XLSX);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet(ONBOARDING_SHEET_NAME)!;
    expect(sheet.getRow(1).values).toEqual([
      undefined,
      'ID',
      'Name',
      'Phone',
      'Email',
      'RFID code',
      'Parent 1 phone',
      'Parent 2 phone',
      'Batch A (Class 10, Chemistry)',
      'Batch A (Class 9, Physics)',
    ]);
    expect(sheet.rowCount).toBe(1001);
    expect(sheet.getCell('C1001').value).toBe('+880');
    expect(sheet.getCell('C2').numFmt).toBe('@');
    expect(sheet.getCell('H2').dataValidation).toMatchObject({ type: 'list', formulae: ['"y"'] });
    const help = workbook.getWorksheet('Instructions')!;
    expect(String(help.getCell('A1').value)).toBe('ফাইলটি যেভাবে পূরণ করবেন');
    expect(help.getColumn(1).values).toContain('How to fill this file');
    // Every interface language has its instructions, followed by the English ones.
    const arabic = await t.client.get(`/api/accounts/${t.accountId}/onboarding/template?lang=ar`);
    const inArabic = new ExcelJS.Workbook();
    await inArabic.xlsx.load(arabic.rawPayload as unknown as ArrayBuffer);
    const arabicHelp = inArabic.getWorksheet('Instructions')!;
    expect(String(arabicHelp.getCell('A1').value)).toBe('طريقة تعبئة هذا الملف');
    expect(arabicHelp.getColumn(1).values).toContain('How to fill this file');
  });

  it('checks a file without writing: the students, their classrooms, counts per classroom', async () => {
    const { t, physics, chemistry, headers } = await school();
    const file = await onboardingXlsx(headers, [
      ['S-1', ' Rahim ', '01712345678', 'r@x.com', 'CARD-1001', '01812345678', '', 'y', 'Y'],
      ['S-2', 'সালমা', '1912345678', '', '', '', '', '', 'y'],
      ['', '', '+880'],
    ]);
    const res = await send(t, 'check', file);
    expect(res.statusCode, res.body).toBe(200);
    const check = res.json();
    expect(check).toMatchObject({ fileName: 'students.xlsx', entityLabel: 'Student', ok: true, errors: [] });
    expect(check.students).toEqual([
      {
        row: 2,
        customId: 'S-1',
        name: 'Rahim',
        phone: '+8801712345678',
        email: 'r@x.com',
        rfid: 'CARD-1001',
        parent1Phone: '+8801812345678',
        parent2Phone: '',
        classroomIds: [chemistry, physics],
      },
      expect.objectContaining({ row: 3, name: 'সালমা', phone: '+8801912345678', classroomIds: [physics] }),
    ]);
    expect(check.classrooms).toEqual([
      { id: chemistry, name: 'Batch A', students: 1 },
      { id: physics, name: 'Batch A', students: 2 },
    ]);
    expect(await count('students', t.accountId)).toBe(0);
  });

  it('reports every problem with the spec message and its rows', async () => {
    const { t, headers } = await school();
    const file = await onboardingXlsx(headers, [
      ['S-1', 'Rahim', '01712345678', '', '', '', '', 'y'],
      ['s-1', 'Karim', '01712345678', '', '', '', '', 'maybe'],
      ['', '', '+880', 'someone@x.com'],
      ['S-4', 'Mita', '0171', '', '', '', ''],
    ]);
    const check = (await send(t, 'check', file)).json();
    expect(check.ok).toBe(false);
    expect(check.errors).toEqual([
      { code: 'ONBOARDING_EMPTY_IDS', message: MESSAGES.ONBOARDING_EMPTY_IDS, rows: [4] },
      { code: 'ONBOARDING_DUPLICATE_IDS', message: MESSAGES.ONBOARDING_DUPLICATE_IDS, rows: [2, 3] },
      { code: 'ONBOARDING_EMPTY_NAMES', message: MESSAGES.ONBOARDING_EMPTY_NAMES, rows: [4] },
      { code: 'ONBOARDING_EMPTY_PHONES', message: MESSAGES.ONBOARDING_EMPTY_PHONES, rows: [4] },
      {
        code: 'ONBOARDING_DUPLICATE_PHONES',
        message:
          'Your uploaded file has duplicate student phone numbers. You can add a D at the end of a phone number to use it as a duplicate phone number.',
        rows: [2, 3],
      },
      { code: 'ONBOARDING_INVALID_PHONES', message: MESSAGES.ONBOARDING_INVALID_PHONES, rows: [5] },
      { code: 'ONBOARDING_UNKNOWN_MARKS', message: MESSAGES.ONBOARDING_UNKNOWN_MARKS, rows: [3] },
    ]);
    // The same phone with a D is allowed.
    const marked = await onboardingXlsx(headers, [
      ['S-1', 'Rahim', '01712345678'],
      ['S-2', 'Karim', '01712345678D'],
    ]);
    expect((await send(t, 'check', marked)).json()).toMatchObject({ ok: true, errors: [] });
  });

  it('refuses a file with no students, a workbook without the sheet, and an account without classrooms', async () => {
    const { t, headers } = await school();
    const empty = await onboardingXlsx(headers, [['', '', '+880']]);
    expect((await send(t, 'check', empty)).json().errors).toEqual([
      {
        code: 'ONBOARDING_NO_STUDENTS',
        message: 'Could not find any student info in your uploaded file!',
        rows: [],
      },
    ]);
    const other = await onboardingXlsx(headers, studentRows(2), 'Sheet1');
    expect((await send(t, 'check', other)).json().errors).toEqual([
      { code: 'ONBOARDING_WORKSHEET_MISSING', message: 'Could not find worksheet to onboard..', rows: [] },
    ]);
    const bare = await signUp(ctx.app, ctx.deps);
    expect(
      (await send(bare, 'check', await onboardingXlsx([], studentRows(1)))).json().errors[0],
    ).toMatchObject({
      code: 'ONBOARDING_NO_CLASSROOMS',
      message: 'You have not added any classrooms yet...',
    });
  });

  it('imports everything in one go — students, parent links, enrolments, the ID counter, the log — and a second time reports the clashes', async () => {
    const { t, chemistry, headers } = await school();
    const rows = studentRows(3, 41);
    rows[0]![4] = 'CARD-0041';
    // Cells that look like formulas stay the text typed: never run, and exports neutralise them
    // (packages/domain/src/export/layout.ts).
    rows[0]![1] = '@SUM(A1:A9)';
    rows[1]![1] = '=HYPERLINK("http://x","Karim")';
    rows[2]![1] = '-2+3 Rahim';
    rows[2]![4] = '+CARD-9';
    const file = await onboardingXlsx(headers, rows);
    const res = await send(t, 'import', file);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ created: 3, enrolments: 3, welcomeSms: 0 });
    expect(res.json().classrooms).toContainEqual({ id: chemistry, name: 'Batch A', students: 3 });
    expect(await count('students', t.accountId)).toBe(3);
    expect(await count('enrolments', t.accountId)).toBe(3);
    expect(await count('parent_links', t.accountId)).toBe(3);
    const saved = await ctx.deps.db.kysely
      .selectFrom('students')
      .select(['name', 'custom_id', 'rfid'])
      .where('account_id', '=', t.accountId)
      .orderBy('custom_id')
      .execute();
    expect(saved).toEqual([
      { name: '@SUM(A1:A9)', custom_id: 'S-41', rfid: 'CARD-0041' },
      { name: '=HYPERLINK("http://x","Karim")', custom_id: 'S-42', rfid: null },
      { name: '-2+3 Rahim', custom_id: 'S-43', rfid: '+CARD-9' },
    ]);
    const account = await ctx.deps.db.kysely
      .selectFrom('accounts')
      .select('max_custom_id')
      .where('id', '=', t.accountId)
      .executeTakeFirstOrThrow();
    expect(account.max_custom_id).toBe(43);
    const log = await ctx.deps.db.kysely
      .selectFrom('activity_log')
      .select(['event_name', 'summary'])
      .where('account_id', '=', t.accountId)
      .where('event_name', '=', 'Onboard Students')
      .execute();
    expect(log).toEqual([
      { event_name: 'Onboard Students', summary: 'Onboarded 3 students from students.xlsx' },
    ]);
    // The students list shows them in their classroom (column 8: the first classroom, Class 10).
    const list = (
      await t.client.get(`/api/accounts/${t.accountId}/students?classroomId=${chemistry}`)
    ).json();
    expect(list.total).toBe(3);

    const again = await send(t, 'import', file);
    expect([again.statusCode, again.json().error.code]).toEqual([400, 'ONBOARDING_CLASHES']);
    expect((await send(t, 'check', file)).json().errors).toEqual([
      { code: 'ONBOARDING_CLASHES', message: MESSAGES.ONBOARDING_CLASHES, rows: [2, 3, 4] },
    ]);
    expect(await count('students', t.accountId)).toBe(3);
  });

  it('writes nothing from a 1,000-row file with one bad row', async () => {
    const { t, headers } = await school();
    const rows = studentRows(1000);
    rows[736]![1] = '';
    const res = await send(t, 'import', await onboardingXlsx(headers, rows));
    expect([res.statusCode, res.json().error.code]).toEqual([400, 'ONBOARDING_EMPTY_NAMES']);
    expect((await send(t, 'check', await onboardingXlsx(headers, rows))).json().errors[0].rows).toEqual([
      738,
    ]);
    expect(await count('students', t.accountId)).toBe(0);
    expect(await count('enrolments', t.accountId)).toBe(0);
  });

  it('reports a clash with a student the account already has', async () => {
    const { t, headers } = await school();
    const existing = await addStudent(t.client, t.accountId, { customId: 'OLD-7' });
    const file = await onboardingXlsx(headers, [
      ['NEW-1', 'New', uniquePhone()],
      ['old-7', 'Same ID', uniquePhone()],
      ['NEW-3', 'Same phone', existing.phone],
    ]);
    expect((await send(t, 'check', file)).json().errors).toEqual([
      { code: 'ONBOARDING_CLASHES', message: MESSAGES.ONBOARDING_CLASHES, rows: [3, 4] },
    ]);
  });

  it('refuses broken, foreign, oversized and endless files clearly, writing nothing', async () => {
    const { t } = await school();
    const codeOf = async (body: Buffer, name = 'students.xlsx') => {
      const res = await send(t, 'check', body, name);
      return [res.statusCode, res.json().error.code];
    };
    const good = await onboardingXlsx([], studentRows(5));
    expect(await codeOf(good.subarray(0, good.length / 2))).toEqual([400, 'SHEET_UNREADABLE']);
    expect(await codeOf(Buffer.from('not a spreadsheet'))).toEqual([400, 'SHEET_UNREADABLE']);
    // An encrypted workbook is an OLE compound file, not a zip.
    const encrypted = Buffer.concat([Buffer.from('d0cf11e0a1b11ae1', 'hex'), Buffer.alloc(4096)]);
    expect(await codeOf(encrypted)).toEqual([400, 'SHEET_UNREADABLE']);
    expect(await codeOf(good, 'students.pdf')).toEqual([400, 'SHEET_FILE_TYPE']);
    expect(await codeOf(Buffer.alloc(50 * 1024 * 1024, 0x61))).toEqual([413, 'SHEET_TOO_LARGE']);
    // A zip bomb: small on the wire, refused before the reader holds what it unpacks to.
    const bomb = await bombXlsx(150);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    expect(await codeOf(bomb)).toEqual([413, 'SHEET_UNPACKS_TOO_LARGE']);
    // 100,000 rows packed small: read as a stream and stopped at the limit.
    const endless = await hugeOnboardingXlsx(100_000);
    expect(endless.length).toBeLessThan(5 * 1024 * 1024);
    expect((await send(t, 'check', endless)).json().errors).toEqual([
      expect.objectContaining({ code: 'ONBOARDING_TOO_MANY_STUDENTS', rows: [] }),
    ]);
    expect(await count('students', t.accountId)).toBe(0);
  });

  it('queues one welcome SMS send for the new students when asked', async () => {
    const { t, headers } = await school();
    await t.client.put(`/api/accounts/${t.accountId}/sms/welcome`, {
      includeStudent: true,
      includeParent1: false,
      includeParent2: false,
      message: 'Welcome {name} ({id})',
    });
    const res = await send(
      t,
      'import',
      await onboardingXlsx(headers, studentRows(4, 7)),
      'students.xlsx',
      '?welcomeSms=true',
    );
    expect(res.json()).toMatchObject({ created: 4, welcomeSms: 4 });
    const sends = await ctx.deps.db.kysely
      .selectFrom('sms_sends')
      .select('id')
      .where('account_id', '=', t.accountId)
      .execute();
    expect(sends).toHaveLength(1);
    const texts = await ctx.deps.db.kysely
      .selectFrom('sms_messages')
      .select('text')
      .where('send_id', '=', sends[0]!.id)
      .orderBy('text')
      .execute();
    expect(texts.map((m) => m.text)).toEqual([
      'Welcome Student 10 (S-10)',
      'Welcome Student 7 (S-7)',
      'Welcome Student 8 (S-8)',
      'Welcome Student 9 (S-9)',
    ]);
  });

  it('lets an assistant onboard only with account-wide manageStudents and modifyCustomID', async () => {
    const { t, headers } = await school();
    const file = await onboardingXlsx(headers, studentRows(1));
    const limited = await clientFor(
      ctx.app,
      ctx.deps,
      await assistantWithGrant(ctx.deps, t.accountId, { manageStudents: true }),
    );
    const form = await multipartFile('file', 'students.xlsx', XLSX, file);
    const refused = await limited.request({
      method: 'POST',
      url: `/api/accounts/${t.accountId}/onboarding/import`,
      ...form,
    });
    expect([refused.statusCode, refused.json().error.code]).toEqual([403, 'MODIFY_CUSTOM_ID_REQUIRED']);
    const full = await clientFor(
      ctx.app,
      ctx.deps,
      await assistantWithGrant(ctx.deps, t.accountId, { manageStudents: true, modifyCustomId: true }),
    );
    const allowed = await full.request({
      method: 'POST',
      url: `/api/accounts/${t.accountId}/onboarding/import`,
      ...form,
    });
    expect(allowed.statusCode).toBe(200);
  });
});
