import { existsSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { loadConfigOrExit } from '../config/load-or-exit';
import { migrateToLatest, openDatabase } from '../db/database';
import { systemClock } from '../lib/clock';
import { FirebaseImportService } from '../modules/firebase-import/firebase-import.service';

const USAGE = `Usage: npm run import:firebase -- export.json [--dry-run]
  [--auth users.json --hash-key=<base64_signer_key> --salt-separator=<base64_salt_separator> --rounds=8 --mem-cost=14]`;

// `npm run import:firebase -- export.json [--dry-run] [--auth users.json …]`: imports a Realtime
// Database export of the original product into the configured database, with the e-mail users'
// passwords from a Firebase Auth export and the project's hash parameters; prints the report
// (and, unless dry, stores it).
const args = process.argv.slice(2);
const option = (name: string) => args.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);
const dryRun = args.includes('--dry-run');
const authAt = args.indexOf('--auth');
const authFile = authAt >= 0 ? args[authAt + 1] : undefined;
const file = args.find((arg, i) => !arg.startsWith('--') && (authAt < 0 || i !== authAt + 1));
const signerKey = option('hash-key');
const saltSeparator = option('salt-separator');
if (
  !file ||
  !existsSync(file) ||
  (authAt >= 0 && (!authFile || !existsSync(authFile) || !signerKey || !saltSeparator))
) {
  console.error(USAGE);
  process.exit(1);
}
const auth =
  authFile && signerKey && saltSeparator
    ? {
        file: path.resolve(authFile),
        params: {
          signerKey,
          saltSeparator,
          rounds: Number(option('rounds') ?? 8),
          memCost: Number(option('mem-cost') ?? 14),
        },
      }
    : undefined;
// Each account is one transaction, atomic either way; NORMAL skips the disk flush per commit
// (part of an import's time). A power cut may lose the last few accounts, and the rerun after it
// brings them, as after any crash (the run's report is its last commit, so it is never kept alone).
process.env.SQLITE_SYNCHRONOUS ??= 'NORMAL';
const config = loadConfigOrExit();
const db = openDatabase(config.database);
try {
  await migrateToLatest(db.kysely);
  if (db.dialect === 'sqlite')
    // An import writes every index of every table it fills: a 64 MiB page cache (the default is
    // 2 MiB) keeps their pages in memory instead of reading and spilling them over and over.
    await db.kysely.transaction().execute((trx) => sql`pragma cache_size = -65536`.execute(trx));
  const report = await new FirebaseImportService({ db, clock: systemClock }).run(path.resolve(file), {
    dryRun,
    auth,
  });
  console.warn(report.format());
} catch (error) {
  console.error(`Import failed: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  await db.close();
}
