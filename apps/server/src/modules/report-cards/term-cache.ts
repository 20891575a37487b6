import type { Db } from '../../db/database';
import { deepFreeze } from '../../lib/serializer';
import { ReportCardsRepository } from './report-cards.repository';
import { type LoadedTerm, loadTerm, type TermAssessmentsLoader } from './report-data';

/**
 * Reads a classroom's term composed (report-data.ts loadTerm); what the report-card services take.
 * `version`: the classroom's result version when the caller read it already (for many terms at
 * once), before asking.
 */
export type TermReader = (
  accountId: string,
  classroomId: string,
  term: string,
  version?: string,
) => Promise<LoadedTerm>;

/**
 * Composed terms kept in memory (CACHING.md): one term serves every family of the class, the
 * link pages of a result SMS and the teacher's tables, and composing it (every student's marks,
 * weighted results, grades and positions) is most of what a family's home costs. An entry is
 * served only while its classroom's result version (ReportCardsRepository.resultVersion, raised
 * by database triggers on every table a term reads) is the one it was read under, so it is exact
 * on every process; the version is read before the term. Bounded: the least recently used term goes.
 */
export class TermCache {
  private readonly entries = new Map<string, { stamp: string; term: LoadedTerm }>();
  private readonly reading = new Map<string, { stamp: string; term: Promise<LoadedTerm> }>();
  private readonly repo: ReportCardsRepository;

  constructor(
    private readonly db: Db,
    private readonly loadAssessments: TermAssessmentsLoader,
    private readonly maxEntries = 500,
  ) {
    this.repo = new ReportCardsRepository(db.kysely);
  }

  readonly read: TermReader = async (accountId, classroomId, term, version) => {
    const stamp = version ?? (await this.repo.resultVersion(classroomId));
    const key = `${accountId}\u0000${classroomId}\u0000${term}`;
    const entry = this.entries.get(key);
    if (entry?.stamp === stamp) {
      this.entries.delete(key);
      this.entries.set(key, entry);
      return entry.term;
    }
    // Families of a class ask for its term at the same moment (a result SMS, a save that changed
    // it): those asking under the same version share one read instead of each composing it.
    const pending = this.reading.get(key);
    if (pending?.stamp === stamp) return pending.term;
    const reading = loadTerm(this.db.kysely, this.loadAssessments, accountId, classroomId, term).then(
      deepFreeze,
    );
    if (stamp) this.reading.set(key, { stamp, term: reading });
    try {
      const loaded = await reading;
      // Kept only when no newer read replaced the entry meanwhile; without a version (a
      // classroom elsewhere, or gone) nothing is kept.
      if (stamp && this.entries.get(key) === entry) {
        this.entries.delete(key);
        if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
        this.entries.set(key, { stamp, term: loaded });
      }
      return loaded;
    } finally {
      if (this.reading.get(key)?.term === reading) this.reading.delete(key);
    }
  };
}
