import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Env, loadConfig } from '../../config/config';
import type { DialectName } from '../../db/database';
import { createStorage } from '../../drivers/storage/create-storage';
import type { Storage } from '../../drivers/storage/storage';
import { dropDatabaseForce } from '../../test/drop-database';
import { signUp } from '../../test/factories';
import { multipartFile, TestClient } from '../../test/http';
import { type S3StandIn, useS3StandIn } from '../../test/s3-stand-in';
import { addStudent, createClassroom } from '../../test/school';
import { DIALECTS, freshDatabase, type TestDatabase, testApp, useTestApp } from '../../test/test-deps';
import { archiveName, MANIFEST, type Manifest } from './archive';
import {
  BackupError,
  backupSource,
  createBackup,
  pruneBackups,
  restoreBackup,
  restoreTarget,
  tableStats,
} from './backup.service';
import { BACKUP_JOB, scheduleDailyBackup } from './backup-schedule';

const tempDir = (label: string) => fs.mkdtempSync(path.join(os.tmpdir(), `batchwise-${label}-`));

/** An empty place to restore into: a new data directory, and on PostgreSQL a new database. */
async function emptyTarget(source: TestDatabase, storageEnv: Env = {}): Promise<TestDatabase> {
  const target = await freshDatabase('sqlite', storageEnv);
  if (source.dialect === 'sqlite') return target;
  const adminUrl = source.env.DATABASE_URL!;
  const name = `bw_restore_${crypto.randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    dialect: 'postgres',
    env: { ...target.env, DATABASE_URL: url.toString() },
    // pg_restore recreates the source's schema in the new database.
    schema: source.schema,
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await dropDatabaseForce(client, name);
      await client.end();
      await target.drop();
    },
  };
}

const configOf = (database: TestDatabase) => loadConfig(database.env, 'test');

const storageOf = async (deps: { storage: Storage }) => {
  const files = new Map<string, Buffer>();
  for await (const key of deps.storage.list(''))
    files.set(key, await buffer((await deps.storage.get(key))!.body));
  return files;
};

/** Uploads on the local disk, and in an S3-compatible bucket (s3rver on loopback). */
const DRIVERS = DIALECTS.flatMap((dialect) => [
  [dialect, 'local'],
  [dialect, 's3'],
]) as [DialectName, 'local' | 's3'][];

describe.each(DRIVERS)('backup and restore on %s, uploads %s', (dialect, driver) => {
  const standIn: S3StandIn | undefined = driver === 's3' ? useS3StandIn() : undefined;
  // The status snapshot writes a row every 30 s by default; a backup that takes longer on a busy
  // machine would then differ from the live tables it is compared with. (The stand-in fills its
  // settings into the same object when it starts, so it is extended, not copied.)
  const env = Object.assign(standIn?.env ?? {}, { STATUS_SNAPSHOT_MS: '3600000' });
  const ctx = useTestApp(dialect, env);
  const targets: TestDatabase[] = [];
  let outDir: string;
  let teacher: Awaited<ReturnType<typeof signUp>>;
  let classroomId: string;

  beforeAll(async () => {
    outDir = tempDir('backups');
    teacher = await signUp(ctx.app, ctx.deps, { name: 'Backup Teacher' });
    classroomId = await createClassroom(teacher.client, teacher.accountId, { name: 'Physics A' });
    await createClassroom(teacher.client, teacher.accountId, { name: 'Chemistry B' });
    for (const name of ['Arif', 'Rafi', 'সুমাইয়া'])
      await addStudent(teacher.client, teacher.accountId, { name });
    const png = await sharp({ create: { width: 40, height: 20, channels: 3, background: '#123456' } })
      .png()
      .toBuffer();
    const res = await teacher.client.request({
      method: 'POST',
      url: `/api/accounts/${teacher.accountId}/classrooms/${classroomId}/avatar`,
      ...(await multipartFile('file', 'room.png', 'image/png', png)),
    });
    expect(res.statusCode).toBe(200);
  });

  afterAll(async () => {
    for (const target of targets) await target.drop();
    fs.rmSync(outDir, { recursive: true, force: true });
  });

  const backupNow = () =>
    createBackup(
      backupSource(ctx.deps.config, ctx.deps.db, ctx.deps.clock.now(), ctx.database.schema),
      outDir,
    );

  const newTarget = async () => {
    const target = await emptyTarget(ctx.database, standIn?.freshEnv());
    targets.push(target);
    return target;
  };

  it('restores every table and upload exactly as they were', async () => {
    const { dir, manifest } = await backupNow();
    const live = await tableStats(ctx.deps.db.kysely, dialect);
    expect(manifest.tables).toEqual(live);
    expect(Object.keys(manifest.tables)).toEqual(expect.arrayContaining(['students', 'classrooms', 'jobs']));
    expect(manifest.tables.students!.rows).toBe(3);
    expect(manifest.files.filter((f) => f.path.startsWith('uploads/'))).toHaveLength(1);

    const target = await newTarget();
    const result = await restoreBackup(dir, restoreTarget(configOf(target)));
    expect(result.files).toBe(1);

    // The restored database, read on its own, equals the live one table by table.
    const restored = await testApp(target);
    try {
      expect(await tableStats(restored.deps.db.kysely, dialect)).toEqual(live);
      // The same uploads, byte for byte, in the same kind of storage.
      expect(restored.deps.storage.name).toBe(driver);
      const uploads = await storageOf(ctx.deps);
      expect(uploads.size).toBe(1);
      expect(await storageOf(restored.deps)).toEqual(uploads);
      // And the restored install works: the teacher signs in and sees their students.
      const client = new TestClient(restored.app);
      const signIn = await client.post('/api/auth/sign-in', {
        email: teacher.input.email,
        password: teacher.input.password,
      });
      expect(signIn.statusCode).toBe(200);
      const list = await client.get(`/api/accounts/${teacher.accountId}/students`);
      expect(list.statusCode).toBe(200);
      expect(
        list
          .json()
          .items.map((s: { name: string }) => s.name)
          .sort(),
      ).toEqual(['Arif', 'Rafi', 'সুমাইয়া']);
    } finally {
      await restored.close();
    }
  });

  it('takes a consistent backup while the app keeps writing', async () => {
    // One write after another while the backup runs (saves racing each other for the next
    // student ID is the students module's business, not this test's).
    const writes = (async () => {
      for (let i = 0; i < 12; i++) await addStudent(teacher.client, teacher.accountId, { name: `Live ${i}` });
    })();
    const [{ dir, manifest }] = await Promise.all([backupNow(), writes]);
    expect(manifest.tables.students!.rows).toBeGreaterThanOrEqual(3);

    const target = await newTarget();
    // restoreBackup itself compares every table's count and checksum with the manifest.
    await restoreBackup(dir, restoreTarget(configOf(target)));
    const restored = await testApp(target);
    try {
      expect(await tableStats(restored.deps.db.kysely, dialect)).toEqual(manifest.tables);
    } finally {
      await restored.close();
    }
  });

  it('refuses a target that is not empty', async () => {
    const { dir } = await backupNow();
    await expect(restoreBackup(dir, restoreTarget(ctx.deps.config))).rejects.toThrow(
      dialect === 'sqlite' ? /data directory .* is not empty/ : /already holds \d+ tables/,
    );
  });

  it('refuses a tampered archive and leaves the target empty', async () => {
    const { dir, manifest } = await backupNow();
    const upload = manifest.files.find((f) => f.path.startsWith('uploads/'))!;
    const file = path.join(dir, upload.path);
    const bytes = fs.readFileSync(file);
    bytes[bytes.length - 1] ^= 0xff;
    fs.writeFileSync(file, bytes);

    const target = await newTarget();
    const config = configOf(target);
    const restore = restoreBackup(dir, restoreTarget(config));
    await expect(restore).rejects.toThrow(BackupError);
    await expect(restore).rejects.toThrow(`${upload.path}: checksum differs from the manifest`);
    expect(fs.readdirSync(config.dataDir)).toEqual([]);
    expect((await storageOf({ storage: createStorage(config.storage) })).size).toBe(0);
  });

  it('refuses a restore whose tables do not match the manifest', async () => {
    const { dir } = await backupNow();
    const manifestFile = path.join(dir, MANIFEST);
    const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Manifest;
    manifest.tables.students!.sha256 = '0'.repeat(64);
    fs.writeFileSync(manifestFile, JSON.stringify(manifest));

    const target = await newTarget();
    const config = configOf(target);
    await expect(restoreBackup(dir, restoreTarget(config))).rejects.toThrow(
      /does not match the backup's manifest[\s\S]*students: same row count, different contents/,
    );
    if (dialect === 'sqlite') expect(fs.readdirSync(config.dataDir)).toEqual([]);
    expect((await storageOf({ storage: createStorage(config.storage) })).size).toBe(0);
  });

  it.runIf(driver === 's3')('refuses a bucket that already holds uploads', async () => {
    const { dir } = await backupNow();
    // An empty database, but the live install's bucket and prefix.
    const target = await newTarget();
    const config = configOf({ ...target, env: { ...target.env, S3_PREFIX: standIn!.env.S3_PREFIX } });
    await expect(restoreBackup(dir, restoreTarget(config))).rejects.toThrow(
      /The bucket batchwise-test \(under t[0-9a-f]+\/\) at http:\/\/127\.0\.0\.1:\d+ is not empty/,
    );
  });
});

describe.each(DIALECTS)('daily backup on %s', (dialect: DialectName) => {
  const backupDir = tempDir('daily');
  const ctx = useTestApp(dialect, { BACKUP_DIR: backupDir, BACKUP_HOUR: '2', BACKUP_KEEP_DAYS: '7' });

  afterAll(() => fs.rmSync(backupDir, { recursive: true, force: true }));

  it('runs once a day at the hour in Bangladesh, on one worker, and deletes archives past retention', async () => {
    const { deps } = ctx;
    // 01:00 on 25 November in Dhaka (UTC+6).
    const start = Date.UTC(2026, 10, 24, 19, 0);
    deps.clock.set(start);
    const old = archiveName(start - 10 * 86_400_000);
    const recent = archiveName(start - 3 * 86_400_000);
    for (const name of [old, recent]) fs.mkdirSync(path.join(backupDir, name));

    // Two processes start: one job for the day.
    await scheduleDailyBackup(deps.config, deps.jobs, deps.clock);
    await scheduleDailyBackup(deps.config, deps.jobs, deps.clock);
    const queued = () =>
      deps.db.kysely
        .selectFrom('jobs')
        .select(['idempotency_key', 'run_at', 'status'])
        .where('type', '=', BACKUP_JOB)
        .orderBy('run_at')
        .execute();
    expect(await queued()).toEqual([
      {
        idempotency_key: `${BACKUP_JOB}:2026-11-25`,
        run_at: Date.UTC(2026, 10, 24, 20, 0),
        status: 'queued',
      },
    ]);

    const worker = deps.createWorker();
    await worker.drain();
    expect(fs.readdirSync(backupDir).sort()).toEqual([old, recent]); // not due yet

    deps.clock.set(Date.UTC(2026, 10, 24, 20, 0, 5));
    await worker.drain();
    const made = archiveName(Date.UTC(2026, 10, 24, 20, 0, 5));
    expect(fs.readdirSync(backupDir).sort()).toEqual([made, recent].sort());
    const manifest = JSON.parse(fs.readFileSync(path.join(backupDir, made, MANIFEST), 'utf8')) as Manifest;
    expect(manifest.dialect).toBe(dialect);
    expect(await queued()).toEqual([
      { idempotency_key: `${BACKUP_JOB}:2026-11-25`, run_at: Date.UTC(2026, 10, 24, 20, 0), status: 'done' },
      {
        idempotency_key: `${BACKUP_JOB}:2026-11-26`,
        run_at: Date.UTC(2026, 10, 25, 20, 0),
        status: 'queued',
      },
    ]);
  });
});

describe('retention', () => {
  const DAY = 86_400_000;
  const now = Date.UTC(2026, 10, 24, 20, 0);

  it('deletes archives older than the kept days and stale partial ones, never the newest', async () => {
    const dir = tempDir('prune');
    const names = [1, 5, 8, 30].map((days) => archiveName(now - days * DAY));
    for (const name of names) fs.mkdirSync(path.join(dir, name));
    fs.mkdirSync(path.join(dir, `${archiveName(now - 2 * DAY)}.partial`));
    fs.mkdirSync(path.join(dir, `${archiveName(now - 1000)}.partial`)); // a backup in progress
    fs.mkdirSync(path.join(dir, 'keep-me'));

    const deleted = await pruneBackups(dir, 7, now);
    expect(deleted.sort()).toEqual([names[2], names[3], `${archiveName(now - 2 * DAY)}.partial`].sort());
    expect(fs.readdirSync(dir).sort()).toEqual(
      [names[0], names[1], `${archiveName(now - 1000)}.partial`, 'keep-me'].sort(),
    );

    // However old, the newest archive stays.
    const lonely = tempDir('prune-one');
    fs.mkdirSync(path.join(lonely, archiveName(now - 90 * DAY)));
    expect(await pruneBackups(lonely, 7, now)).toEqual([]);
    fs.rmSync(dir, { recursive: true, force: true });
    fs.rmSync(lonely, { recursive: true, force: true });
  });
});

describe('backup settings', () => {
  it('reads BACKUP_DIR, BACKUP_HOUR and BACKUP_KEEP_DAYS, with readable refusals', () => {
    expect(loadConfig({ DATA_DIR: '/srv/bw' }).backup).toEqual({ dir: undefined, hour: 2, keepDays: 14 });
    expect(
      loadConfig({ DATA_DIR: '/srv/bw', BACKUP_DIR: '/backups', BACKUP_HOUR: '23', BACKUP_KEEP_DAYS: '30' })
        .backup,
    ).toEqual({ dir: '/backups', hour: 23, keepDays: 30 });
    expect(() => loadConfig({ BACKUP_HOUR: '24', BACKUP_KEEP_DAYS: '0' })).toThrow(
      /BACKUP_HOUR: must be a whole number from 0 to 23 \(got "24"\)[\s\S]*BACKUP_KEEP_DAYS: must be a whole number from 1 to 3650/,
    );
    expect(() => loadConfig({ DATA_DIR: '/srv/bw', BACKUP_DIR: '/srv/bw/uploads/backups' })).toThrow(
      /BACKUP_DIR: must lie outside the uploads directory/,
    );
  });
});
