import { existsSync } from 'node:fs';
import path from 'node:path';
import { loadConfigOrExit } from '../config/load-or-exit';
import { migrateToLatest, openDatabase } from '../db/database';
import { systemClock } from '../lib/clock';
import { FirebaseImportService } from '../modules/firebase-import/firebase-import.service';

// `npm run import:firebase -- export.json [--dry-run]`: imports a Realtime Database export of the
// original product into the configured database, prints the report (and, unless dry, stores it).
const args = process.argv.slice(2);
const dryRun = args.includes('--dry-run');
const file = args.find((arg) => !arg.startsWith('--'));
if (!file || !existsSync(file)) {
  console.error('Usage: npm run import:firebase -- export.json [--dry-run]');
  process.exit(1);
}
const config = loadConfigOrExit();
const db = openDatabase(config.database);
try {
  await migrateToLatest(db.kysely);
  const report = await new FirebaseImportService({ db, clock: systemClock }).run(path.resolve(file), {
    dryRun,
  });
  console.warn(report.format());
} catch (error) {
  console.error(`Import failed: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  await db.close();
}
