import type { Db } from '../../db/database';
import type { Clock } from '../../lib/clock';
import type { JobQueue } from '../jobs/jobs.service';
import { ParentLinksRepository } from './parent-links.repository';

export const REBUILD_JOB = 'parents.rebuild-links';
const DONE_KEY = 'parent_links_fixed_at';

/**
 * The spec's one-time legacy fix: derive the parent ↔ student mapping from the parent phones
 * already on student records, then set a done flag. Enqueued at every start with one
 * idempotency key, so it runs once per database, in the background.
 */
export async function scheduleParentLinkFix(jobs: JobQueue): Promise<void> {
  await jobs.enqueue(REBUILD_JOB, {}, { idempotencyKey: `${REBUILD_JOB}:v1` });
}

export function parentLinkFixHandler(deps: { db: Db; clock: Clock }) {
  return async () => {
    const now = deps.clock.now();
    await deps.db.kysely.transaction().execute(async (trx) => {
      await new ParentLinksRepository(trx).addMissingFromStudents(now);
      await trx
        .insertInto('app_meta')
        .values({ key: DONE_KEY, value: String(now) })
        .onConflict((oc) => oc.column('key').doUpdateSet({ value: String(now) }))
        .execute();
    });
  };
}
