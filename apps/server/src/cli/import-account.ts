import { existsSync, readFileSync } from 'node:fs';
import { loadConfigOrExit } from '../config/load-or-exit';
import { migrateToLatest, openDatabase } from '../db/database';
import { createStorage } from '../drivers/storage/create-storage';
import { importAccountArchive } from '../modules/account-export/account-import';

// `npm run import:account -- batchwise-account-2026-11-29.zip`: recreates an account exported by
// its owner (Settings → Export my account) in the configured database and storage, all or nothing,
// and prints the rows written per table as JSON.
const file = process.argv[2];
if (!file || !existsSync(file)) {
  console.error('Usage: npm run import:account -- batchwise-account-YYYY-MM-DD.zip');
  process.exit(1);
}
const config = loadConfigOrExit();
const db = openDatabase(config.database);
try {
  await migrateToLatest(db.kysely);
  const counts = await importAccountArchive(
    { db, storage: createStorage(config.storage) },
    readFileSync(file),
  );
  process.stdout.write(`${JSON.stringify(counts, null, 2)}\n`);
} catch (error) {
  console.error(`Import failed: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  await db.close();
}
