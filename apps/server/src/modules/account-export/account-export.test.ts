import { buffer } from 'node:stream/consumers';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, uniquePhone } from '../../test/factories';
import { multipartFile, TestClient } from '../../test/http';
import { reportFixture } from '../../test/report-cards';
import { tampered } from '../../test/tamper';
import { DIALECTS, freshDatabase, type TestDatabase, testApp, useTestApp } from '../../test/test-deps';
import { BackupRepository } from '../backup/backup.repository';
import { openZip } from '../media/zip-bounds';
import { AccountExportRepository } from './account-export.repository';
import { importAccountArchive } from './account-import';
import { ACCOUNT_TABLES, NOT_ACCOUNT_DATA } from './export-tables';

const png = () =>
  sharp({ create: { width: 8, height: 8, channels: 3, background: '#36c' } })
    .png()
    .toBuffer();

describe.each(DIALECTS)('account export [%s]', (dialect) => {
  const ctx = useTestApp(dialect);
  let target: { database: TestDatabase } & Awaited<ReturnType<typeof testApp>>;
  beforeAll(async () => {
    const database = await freshDatabase(dialect);
    target = { database, ...(await testApp(database)) };
  });
  afterAll(async () => {
    await target.close();
    await target.database.drop();
  });

  it('exports every account table it knows, and knows every table of the schema', async () => {
    const tables = await new BackupRepository(ctx.deps.db.kysely, dialect).tableNames();
    const known = new Set([...ACCOUNT_TABLES.map((t) => t.table), ...Object.keys(NOT_ACCOUNT_DATA)]);
    // A table here is new: export it (export-tables.ts) or say why it is not the account's data.
    expect(tables.filter((t) => !known.has(t))).toEqual([]);
    expect([...known].filter((t) => !tables.includes(t))).toEqual([]);
  });

  it('round-trips an account into an empty installation with equal counts and files', async () => {
    const { t, classroomId, asha } = await reportFixture(ctx.app, ctx.deps);
    const base = `/api/accounts/${t.accountId}`;
    const paid = await t.client.post(`${base}/students/${asha.id}/payments`, {
      method: 'cash',
      allocations: [{ kind: 'month', classroomId, month: '2026-05', amountPaisa: 50_000 }],
    });
    expect(paid.statusCode).toBe(201);
    expect(
      (await t.client.post(`${base}/sms/templates`, { name: 'Fee due', body: 'Pay soon' })).statusCode,
    ).toBe(201);
    const now = ctx.deps.clock.now();
    await ctx.deps.db.kysely
      .insertInto('attendance_marks')
      .values({
        classroom_id: classroomId,
        student_id: asha.id,
        session_date: '2026-05-10',
        session_start: '16:00',
        status: 'present',
        source: 'roll-call',
        marked_by: t.userId,
        marked_at: now,
      })
      .execute();
    await ctx.deps.db.kysely
      .insertInto('parent_links')
      .values({ parent_phone: uniquePhone(), student_id: asha.id, created_at: now })
      .execute();
    const form = await multipartFile('file', 'me.png', 'image/png', await png());
    expect((await t.client.request({ method: 'POST', url: '/api/me/avatar', ...form })).statusCode).toBe(200);

    const started = await t.client.post(`${base}/account-exports`);
    expect(started.statusCode).toBe(201);
    expect((await t.client.post(`${base}/account-exports`)).json().error.code).toBe('ACCOUNT_EXPORT_RUNNING');
    await ctx.deps.createWorker().drain();
    const [done] = (await t.client.get(`${base}/account-exports`)).json().exports;
    expect(done).toMatchObject({ id: started.json().id, status: 'ready', progress: 100 });

    const download = await t.client.get(done.downloadUrl);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/zip');
    const archive = download.rawPayload;
    const forged = await t.client.get(
      tampered(done.downloadUrl, done.downloadUrl.indexOf('signature=') + 'signature='.length),
    );
    expect(forged.statusCode).toBe(403);

    const zip = await openZip(archive);
    const names = [...zip.entries.keys()];
    zip.close();
    expect(names).toEqual(expect.arrayContaining(['manifest.json', 'people.xlsx', 'data/students.json']));
    expect(names.some((n) => n.startsWith('files/avatars/'))).toBe(true);

    const written = await importAccountArchive(target.deps, archive);
    const source = new AccountExportRepository(ctx.deps.db.kysely, dialect);
    const copy = new AccountExportRepository(target.deps.db.kysely, dialect);
    for (const scope of ACCOUNT_TABLES) {
      const rows = (await source.scopedRows(scope, t.accountId)).length;
      expect([scope.table, (await copy.scopedRows(scope, t.accountId)).length]).toEqual([scope.table, rows]);
      expect(written[scope.table]).toBe(rows);
    }
    for (const table of [
      'students',
      'classrooms',
      'enrolments',
      'payments',
      'assessment_marks',
      'sms_templates',
    ]) {
      expect([table, written[table]! > 0]).toEqual([table, true]);
    }
    // The owner signs in to the new installation with the same password, and sees the same picture.
    const signIn = await new TestClient(target.app).post('/api/auth/sign-in', {
      email: t.input.email,
      password: t.input.password,
    });
    expect(signIn.statusCode).toBe(200);
    const [avatarKey] = names
      .filter((n) => n.startsWith('files/avatars/'))
      .map((n) => n.slice('files/'.length));
    const stored = await target.deps.storage.get(avatarKey!);
    expect(stored && (await buffer(stored.body)).length).toBeGreaterThan(0);

    // All or nothing: importing the same archive again is refused and writes nothing.
    await expect(importAccountArchive(target.deps, archive)).rejects.toThrow(/already/);
  });

  it('lets only the owner export, and the link expires', async () => {
    const { t } = await reportFixture(ctx.app, ctx.deps);
    const base = `/api/accounts/${t.accountId}`;
    const started = await t.client.post(`${base}/account-exports`);
    await ctx.deps.createWorker().drain();
    const [done] = (await t.client.get(`${base}/account-exports`)).json().exports;
    expect(done.id).toBe(started.json().id);
    // Someone else's session, even platform-wide, gets nothing; the owner's works until expiry.
    const other = await signUp(ctx.app, ctx.deps);
    expect((await other.client.get(done.downloadUrl)).statusCode).toBe(404);
    expect((await other.client.get(`${base}/account-exports`)).statusCode).toBe(404);
    // The file is named by the Bangladesh day it was made: 01:00 in Dhaka is the day before in UTC.
    await ctx.deps.db.kysely
      .updateTable('account_exports')
      .set({ created_at: Date.parse('2026-11-30T19:00:00Z') })
      .where('id', '=', done.id)
      .execute();
    const owned = await t.client.get(done.downloadUrl);
    expect(owned.statusCode).toBe(200);
    expect(owned.headers['content-disposition']).toContain('batchwise-account-2026-12-01.zip');
    await ctx.deps.db.kysely
      .updateTable('account_exports')
      .set({ expires_at: ctx.deps.clock.now() - 1 })
      .where('id', '=', done.id)
      .execute();
    expect((await t.client.get(done.downloadUrl)).json().error.code).toBe('ACCOUNT_EXPORT_EXPIRED');
    const [later] = (await t.client.get(`${base}/account-exports`)).json().exports;
    expect(later.downloadUrl).toBeNull();
    const exportRow = await ctx.deps.db.kysely
      .selectFrom('account_exports')
      .select('file_key')
      .where('id', '=', done.id)
      .executeTakeFirstOrThrow();
    expect(exportRow.file_key).toBeNull();
  });
});
