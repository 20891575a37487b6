import { loadConfigOrExit } from '../config/load-or-exit';
import { migrateToLatest, openDatabase } from '../db/database';

const config = loadConfigOrExit();
const db = openDatabase(config.database);
try {
  const applied = await migrateToLatest(db.kysely);
  console.warn(applied.length ? `Applied: ${applied.join(', ')}` : 'The database is up to date.');
} finally {
  await db.close();
}
