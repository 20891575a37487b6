import { type Kysely, sql } from 'kysely';
import { dialectOf } from './0005-list-versions';
import { postgresFunctions, type RaiseVersions, raiseAsFound } from './0081-result-versions';

/**
 * PostgreSQL's result-version triggers (migration 0081) take their rows in classroom order.
 *
 * They raised the versions in the order the rows were found: for a student, in the order of their
 * enrolments. Two teachers saving two students of the same two classrooms, one enrolled in A then
 * B and the other in B then A, each held one row and waited for the other's, and PostgreSQL ended
 * one save with "deadlock detected" (seen in the traffic bench's concurrent drawer saves). Every
 * raise now locks its rows sorted by classroom first, so writers wait in line instead. SQLite has
 * one writer at a time and keeps its triggers.
 */
const raiseInOrder: RaiseVersions = (classrooms) =>
  `UPDATE result_versions SET version = version + 1 WHERE classroom_id IN (
    SELECT classroom_id FROM result_versions WHERE classroom_id IN (${classrooms})
    ORDER BY classroom_id FOR UPDATE);`;

// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema at their own point in history
export async function up(db: Kysely<any>): Promise<void> {
  if ((await dialectOf(db)) === 'sqlite') return;
  for (const text of postgresFunctions(raiseInOrder)) await sql.raw(text).execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  if ((await dialectOf(db)) === 'sqlite') return;
  for (const text of postgresFunctions(raiseAsFound)) await sql.raw(text).execute(db);
}
