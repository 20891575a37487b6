import { createHash } from 'node:crypto';
import type { ImportContext } from './firebase-values';
import { ImportReport } from './import-report';

/** Changes whenever what a record maps to changes: every record is then imported again. */
const MAPPING_VERSION = 'fees-events-referrals';

/** What a record's import reported and handed on to the later passes, kept to be replayed. */
interface Replay<L> {
  readonly report: ReturnType<ImportReport['toJSON']>;
  readonly links: L;
}

export function contentHash(text: string): string {
  return createHash('sha256').update(MAPPING_VERSION).update('\0').update(text).digest('base64url');
}

/**
 * One record of a section (its JSON text as exported) imported by `work`, or, when its text is
 * the one last imported (`hashes`) and `mayReplay`, replayed: what it reported then is reported
 * again as unchanged and what it handed on is handed on, without reading or comparing any of its
 * rows. So a rerun of an unchanged export costs a hash per record, not a compare per row. The
 * hash and replay are written in the record's own transaction (all or nothing with its rows).
 * Rows changed here since the import are not put back by a rerun of the same record: the import
 * brings the export's changes, not a reset of the edits made here. `work` answers undefined for
 * a record whose outcome hangs on something else than its text: it is not kept, and imported again
 * next time.
 */
export async function importOrReplay<L>(
  ctx: ImportContext,
  section: string,
  key: string,
  text: string,
  hashes: ReadonlyMap<string, string>,
  mayReplay: boolean,
  work: (ctx: ImportContext) => Promise<L | undefined>,
): Promise<{ links: L | undefined; replayed: boolean }> {
  const hash = contentHash(text);
  if (mayReplay && hashes.get(key) === hash) {
    const stored = await ctx.repo.recordReplay(section, key);
    if (stored) {
      const replay = JSON.parse(stored) as Replay<L>;
      ctx.report.add(replay.report, true);
      return { links: replay.links, replayed: true };
    }
  }
  const local = new ImportReport(ctx.report.dryRun);
  const links = await work({ ...ctx, report: local });
  ctx.report.add(local.toJSON());
  // A record whose outcome hangs on something else than its text (undefined) is not kept.
  if (links !== undefined) {
    const replay: Replay<L> = { report: local.toJSON(), links };
    await ctx.repo.saveRecord(section, key, hash, JSON.stringify(replay), ctx.now);
  }
  return { links, replayed: false };
}
