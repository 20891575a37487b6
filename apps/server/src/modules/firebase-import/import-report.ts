import { formatMessage, type MessageCode } from '@batchwise/domain';

/**
 * What an import did, per entity: records read (in) and rows created, updated or left unchanged
 * (out), with every record skipped and every orphan (a record pointing at something the export
 * does not hold) named with its reason. Printed by every run, dry or not, and stored for staff.
 */
export type Outcome = 'created' | 'updated' | 'unchanged';

export interface EntityCounts {
  in: number;
  created: number;
  updated: number;
  unchanged: number;
  skipped: number;
  orphans: number;
}

/** Values named in a reason's message (the phone at fault, the kind not kept). */
type ReasonParams = Record<string, string>;

export interface ReportEntry {
  entity: string;
  key: string;
  /** A message code (messages-firebase-import.ts), worded in the reader's language by the console. */
  reason: MessageCode;
  params?: ReasonParams;
}

/** Kept in full up to this many each; beyond it only counted (a broken export may hold millions). */
const LISTED = 1000;

export class ImportReport {
  readonly entities: Record<string, EntityCounts> = {};
  readonly skipped: ReportEntry[] = [];
  readonly orphans: ReportEntry[] = [];

  constructor(readonly dryRun: boolean) {}

  private counts(entity: string): EntityCounts {
    this.entities[entity] ??= { in: 0, created: 0, updated: 0, unchanged: 0, skipped: 0, orphans: 0 };
    return this.entities[entity];
  }

  read(entity: string, n = 1): void {
    this.counts(entity).in += n;
  }

  wrote(entity: string, outcome: Outcome): void {
    this.counts(entity)[outcome]++;
  }

  skip(entity: string, key: string, reason: MessageCode, params?: ReasonParams): void {
    this.counts(entity).skipped++;
    if (this.skipped.length < LISTED) this.skipped.push(entryOf(entity, key, reason, params));
  }

  orphan(entity: string, key: string, reason: MessageCode, params?: ReasonParams): void {
    this.counts(entity).orphans++;
    if (this.orphans.length < LISTED) this.orphans.push(entryOf(entity, key, reason, params));
  }

  /**
   * Another report's counts and lists added to this one's: a record imported on its own, or
   * (`unchanged`) replayed from the last run, whose rows it created or updated are now unchanged.
   */
  add(other: ReturnType<ImportReport['toJSON']>, unchanged = false): void {
    for (const [entity, c] of Object.entries(other.entities)) {
      const mine = this.counts(entity);
      mine.in += c.in;
      mine.created += unchanged ? 0 : c.created;
      mine.updated += unchanged ? 0 : c.updated;
      mine.unchanged += unchanged ? c.created + c.updated + c.unchanged : c.unchanged;
      mine.skipped += c.skipped;
      mine.orphans += c.orphans;
    }
    this.skipped.push(...other.skipped.slice(0, Math.max(0, LISTED - this.skipped.length)));
    this.orphans.push(...other.orphans.slice(0, Math.max(0, LISTED - this.orphans.length)));
  }

  /** Rows this run created or changed, all entities together. */
  changes(): number {
    return Object.values(this.entities).reduce((sum, c) => sum + c.created + c.updated, 0);
  }

  toJSON() {
    return { dryRun: this.dryRun, entities: this.entities, skipped: this.skipped, orphans: this.orphans };
  }

  /** The report as a console table and lists, for the command line. */
  format(): string {
    const lines = [this.dryRun ? 'Dry run: nothing was written.' : 'Import finished.', ''];
    // The widest entity name and count decide the columns (a large import counts past 9,999).
    const width = Math.max(8, ...Object.keys(this.entities).map((name) => name.length + 1));
    const inWidth = Math.max(4, ...Object.values(this.entities).map((c) => String(c.in).length + 1));
    lines.push(
      `${'entity'.padEnd(width)}${'in'.padStart(inWidth)}  created  updated  unchanged  skipped  orphans`,
    );
    for (const [name, c] of Object.entries(this.entities))
      lines.push(
        `${name.padEnd(width)}${[c.in, c.created, c.updated, c.unchanged, c.skipped, c.orphans]
          .map((n, i) => String(n).padStart([inWidth, 9, 9, 11, 9, 9][i]!))
          .join('')}`,
      );
    if (this.skipped.length > 0) lines.push('', 'Skipped:');
    const reasons = new Map<string, ReportEntry[]>();
    for (const entry of this.skipped) {
      const group = `${entry.entity}: ${formatMessage(entry.reason, entry.params)}`;
      reasons.set(group, [...(reasons.get(group) ?? []), entry]);
    }
    for (const [group, list] of reasons)
      lines.push(
        `  ${group}${list.length > 1 ? ` (${list.length}, e.g. ${list[0]!.key})` : ` (${list[0]!.key})`}`,
      );
    if (this.orphans.length > 0) lines.push('', 'Orphans:');
    for (const entry of this.orphans)
      lines.push(`  ${entry.entity} ${entry.key}: ${formatMessage(entry.reason, entry.params)}`);
    return lines.join('\n');
  }
}

function entryOf(entity: string, key: string, reason: MessageCode, params?: ReasonParams): ReportEntry {
  return params ? { entity, key, reason, params } : { entity, key, reason };
}
