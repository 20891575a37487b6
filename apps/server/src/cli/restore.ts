import path from 'node:path';
import { loadConfigOrExit } from '../config/load-or-exit';
import { BackupError, restoreBackup, restoreTarget, storageName } from '../modules/backup/backup.service';

// `npm run restore -- <archive directory>`: into the empty DATA_DIR (SQLite) or the empty
// database of DATABASE_URL (PostgreSQL), uploads into the empty storage (disk or bucket), checked
// against the archive's manifest.
const config = loadConfigOrExit();
const archive = process.argv[2];
if (!archive) {
  console.error('Usage: npm run restore -- <archive directory, e.g. backups/batchwise-20261124T200000000Z>');
  process.exit(64); // EX_USAGE
}
try {
  const { manifest, tables, files } = await restoreBackup(path.resolve(archive), restoreTarget(config));
  const where = config.database.kind === 'sqlite' ? config.database.file : 'the database of DATABASE_URL';
  console.warn(
    `Restored ${manifest.createdAt} (Batchwise ${manifest.appVersion}) into ${where}: ${tables} tables and ${files} uploads (into ${storageName(config.storage)}) match the manifest.`,
  );
} catch (error) {
  console.error(error instanceof BackupError ? error.message : `Restore failed: ${(error as Error).message}`);
  process.exitCode = 1;
}
