import { beforeAll, describe, expect, it } from 'vitest';
import { type ExportManifest, writeFirebaseExport } from '../../../../../bench/src/firebase-export';
import { signUp } from '../../test/factories';
import { multipartFile, type TestClient } from '../../test/http';
import { newStaffClient } from '../../test/school';
import { DIALECTS, useTestApp } from '../../test/test-deps';

const BASE = '/api/staff/firebase-imports';

async function generate(): Promise<{ bytes: Buffer; manifest: ExportManifest }> {
  const chunks: string[] = [];
  const manifest = await writeFirebaseExport(
    { seed: 11, teachers: 4, studentsPerTeacher: 6, orphans: 2 },
    (chunk) => {
      chunks.push(chunk);
    },
  );
  return { bytes: Buffer.from(chunks.join('')), manifest };
}

describe.each(DIALECTS)('Firebase import from the staff console [%s]', (dialect) => {
  const ctx = useTestApp(dialect);
  let staff: TestClient;
  let exportBytes: Buffer;
  let manifest: ExportManifest;
  beforeAll(async () => {
    ({ bytes: exportBytes, manifest } = await generate());
    staff = (await newStaffClient(ctx.app, ctx.deps)).client;
  });

  const upload = async (client: TestClient) =>
    client.request({
      method: 'POST',
      url: `${BASE}/files`,
      ...(await multipartFile('file', 'centre-export.json', 'application/json', exportBytes)),
    });
  const count = async (table: 'students' | 'firebase_import_keys') =>
    (await ctx.deps.db.kysely.selectFrom(table).selectAll().execute()).length;

  it('refuses everyone but platform staff', async () => {
    const teacher = await signUp(ctx.app, ctx.deps);
    expect((await upload(teacher.client)).statusCode).toBe(403);
    expect((await teacher.client.post(BASE, { exportFileId: 'x', dryRun: true })).statusCode).toBe(403);
    expect((await teacher.client.get(BASE)).statusCode).toBe(403);
    expect((await teacher.client.get(`${BASE}/x`)).statusCode).toBe(403);
  });

  it('a dry run stores its report with the generator’s counts and writes nothing; a real run imports', async () => {
    expect((await staff.get(BASE)).json().runs).toEqual([]);
    const uploaded = await upload(staff);
    expect(uploaded.statusCode).toBe(201);
    const file = uploaded.json();
    expect(file).toMatchObject({ fileName: 'centre-export.json', bytes: exportBytes.length });
    const students = await count('students');

    const dry = await staff.post(BASE, { exportFileId: file.id, dryRun: true });
    expect(dry.statusCode).toBe(201);
    expect(dry.json()).toMatchObject({ status: 'queued', dryRun: true, fileName: 'centre-export.json' });
    // One import at a time.
    const second = await staff.post(BASE, { exportFileId: file.id, dryRun: false });
    expect([second.statusCode, second.json().error.code]).toEqual([409, 'FIREBASE_IMPORT_RUNNING']);
    await ctx.deps.createWorker().drain();

    const [dryRun] = (await staff.get(BASE)).json().runs;
    expect(dryRun).toMatchObject({ id: dry.json().id, status: 'done', dryRun: true });
    expect(dryRun.progress.USERS).toBeGreaterThan(0);
    const dryReport = (await staff.get(`${BASE}/${dryRun.id}`)).json();
    expect(dryReport.entities.students.created).toBe(manifest.students);
    expect(dryReport.entities.accounts.created).toBe(manifest.accounts);
    expect(dryReport.orphans.length).toBeGreaterThan(0);
    expect(await count('students')).toBe(students);
    expect(await count('firebase_import_keys')).toBe(0);

    const real = await staff.post(BASE, { exportFileId: file.id, dryRun: false });
    expect(real.statusCode).toBe(201);
    await ctx.deps.createWorker().drain();
    const report = (await staff.get(`${BASE}/${real.json().id}`)).json();
    expect(report).toMatchObject({ status: 'done', dryRun: false, error: null });
    expect(report.entities.students.created).toBe(manifest.students);
    expect(report.totals.created).toBe(dryReport.totals.created);
    expect(await count('students')).toBe(students + manifest.students);
    expect((await staff.get(BASE)).json().runs.map((r: { id: string }) => r.id)).toEqual([
      real.json().id,
      dryRun.id,
    ]);
    // The imported export is not kept: importing it again needs a new upload.
    expect((await staff.post(BASE, { exportFileId: file.id, dryRun: true })).statusCode).toBe(404);
  });

  it('runs with a Firebase Auth export and its hash parameters, kept neither in the job nor after it', async () => {
    const tree = JSON.parse(exportBytes.toString('utf8')) as { USERS: Record<string, object> };
    const [teacherUid] = Object.keys(tree.USERS);
    const authBytes = Buffer.from(
      JSON.stringify({ users: [{ localId: teacherUid, passwordHash: 'aGFzaA==', salt: 'c2FsdA==' }] }),
    );
    const exportFile = (await upload(staff)).json();
    const authFile = (
      await staff.request({
        method: 'POST',
        url: `${BASE}/files`,
        ...(await multipartFile('file', 'users.json', 'application/json', authBytes)),
      })
    ).json();
    const params = { signerKey: 'c2lnbmVyLWtleQ==', saltSeparator: 'Bw==', rounds: 8, memCost: 14 };
    const started = await staff.post(BASE, {
      exportFileId: exportFile.id,
      dryRun: true,
      auth: { fileId: authFile.id, params },
    });
    expect(started.statusCode).toBe(201);
    const jobs = await ctx.deps.db.kysely.selectFrom('jobs').select('payload').execute();
    expect(jobs.filter((job) => job.payload.includes(params.signerKey))).toEqual([]);
    await ctx.deps.createWorker().drain();
    const report = (await staff.get(`${BASE}/${started.json().id}`)).json();
    expect(report).toMatchObject({ status: 'done', error: null, progress: { auth: 1 } });
    expect(report.entities.signIns.in).toBe(1);
    expect(await ctx.deps.storage.head(`firebase-imports/${started.json().id}.params.json`)).toBeUndefined();
  });

  it('deletes an export uploaded a week ago that no real run imported', async () => {
    const file = (await upload(staff)).json();
    await ctx.deps.db.kysely
      .updateTable('firebase_import_files')
      .set({ uploaded_at: ctx.deps.clock.now() - 8 * 24 * 60 * 60 * 1000 })
      .where('id', '=', file.id)
      .execute();
    expect((await staff.get(BASE)).statusCode).toBe(200);
    expect((await staff.post(BASE, { exportFileId: file.id, dryRun: true })).statusCode).toBe(404);
    expect(await ctx.deps.storage.head(`firebase-imports/${file.id}.json`)).toBeUndefined();
  });

  it('refuses an upload declared larger than the limit before reading it', async () => {
    const form = await multipartFile('file', 'huge.json', 'application/json', Buffer.from('{}'));
    const refused = await staff.request({
      method: 'POST',
      url: `${BASE}/files`,
      payload: form.payload,
      headers: { ...form.headers, 'content-length': String(2 * 1024 ** 3) },
    });
    expect([refused.statusCode, refused.json().error.code]).toEqual([413, 'FIREBASE_EXPORT_TOO_LARGE']);
  });

  it('fails a run whose worker stopped halfway, and then takes a new one', async () => {
    const file = (await upload(staff)).json();
    const started = (await staff.post(BASE, { exportFileId: file.id, dryRun: true })).json();
    // As a worker leaves it when it dies: the run running, its job's lease run out.
    await ctx.deps.db.kysely
      .updateTable('firebase_import_runs')
      .set({ status: 'running' })
      .where('id', '=', started.id)
      .execute();
    await ctx.deps.createWorker().drain();
    const report = (await staff.get(`${BASE}/${started.id}`)).json();
    expect(report).toMatchObject({ status: 'failed', error: expect.stringContaining('stopped') });
    expect((await staff.post(BASE, { exportFileId: file.id, dryRun: true })).statusCode).toBe(201);
    await ctx.deps.createWorker().drain();
  });
});
