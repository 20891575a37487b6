import path from 'node:path';
import { loadConfigOrExit } from '../config/load-or-exit';
import { openDatabase } from '../db/database';
import { systemClock } from '../lib/clock';
import { BackupError, backupSource, createBackup, storageName } from '../modules/backup/backup.service';

// `npm run backup [-- <directory>]`: one archive of the database and uploads (from the disk or
// the S3-compatible bucket, STORAGE_DRIVER), taken while the server runs, into the directory
// given, else BACKUP_DIR, else ./backups.
const config = loadConfigOrExit();
const outDir = path.resolve(process.argv[2] ?? config.backup.dir ?? 'backups');
// SQLite is copied through a read-only connection of its own; only PostgreSQL needs a pool.
const db = config.database.kind === 'postgres' ? openDatabase(config.database) : undefined;
try {
  const { dir, manifest } = await createBackup(backupSource(config, db, systemClock.now()), outDir);
  const rows = Object.values(manifest.tables).reduce((sum, t) => sum + t.rows, 0);
  console.warn(
    `Backup written: ${dir}\n  ${manifest.dialect}, ${Object.keys(manifest.tables).length} tables, ${rows} rows, ${manifest.files.length - 1} uploads copied from ${storageName(config.storage)}`,
  );
} catch (error) {
  console.error(error instanceof BackupError ? error.message : `Backup failed: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  await db?.close();
}
