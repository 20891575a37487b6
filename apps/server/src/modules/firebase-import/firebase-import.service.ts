import { basename } from 'node:path';
import type { Kysely } from 'kysely';
import type { Db } from '../../db/database';
import type { Database } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { newId } from '../../lib/ids';
import type { FirebaseHashParameters } from '../auth/firebase-password';
import { exportItems, exportSectionText } from './export-reader';
import { FirebaseImportRepository } from './firebase-import.repository';
import { entries, type ImportContext, type Tree, text, tree } from './firebase-values';
import { ImportReport } from './import-report';
import { fieldNames, importAccount, importUser, professionOf } from './map-account';
import { importArchive } from './map-archive';
import { importClassrooms, type ModeratorGrant } from './map-classrooms';
import { importEvents } from './map-events';
import {
  type AdminTeacher,
  importAdminTeachers,
  importModerators,
  importParentLinks,
  importReferrals,
  type Referral,
  referralsOf,
} from './map-links';
import { importPayments } from './map-money';
import { importReportCards } from './map-report-cards';
import { importSignIn } from './map-sign-ins';
import { importStudents } from './map-students';
import { importOrReplay } from './record-replay';

/** A Firebase Auth export (`{"users": […]}`) and the project's password hash parameters. */
export interface AuthExport {
  readonly file: string;
  readonly params: FirebaseHashParameters;
}

/** Records processed so far per section ('USERS', 'auth', 'StudentArchive', 'PARENT-STUDENT-MAPPER'). */
export type ImportProgress = Readonly<Record<string, number>>;

export interface ImportOptions {
  readonly dryRun: boolean;
  readonly auth?: AuthExport;
  /** Told after each transaction of records (the staff console's progress). */
  readonly onProgress?: (progress: ImportProgress) => Promise<void>;
  /** Whether a real run stores its report itself (the command line); the console stores its own. */
  readonly store?: boolean;
}

type Unit = <T>(work: (trx: Kysely<Database>) => Promise<T>) => Promise<T>;

/** SQLite's write-ahead log pages between checkpoints: its default, and during an import. */
const SQLITE_CHECKPOINT_PAGES = 1000;
const BULK_CHECKPOINT_PAGES = 16_384;

/** Small entries (parent mappings, sign-ins) written per transaction. */
const BATCH = 500;

async function* batches<T>(items: AsyncIterable<T>): AsyncGenerator<T[]> {
  let batch: T[] = [];
  for await (const item of items) {
    batch.push(item);
    if (batch.length === BATCH) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length > 0) yield batch;
}

/** What the USERS records tell of each other, written once every account exists. */
interface Links {
  readonly grants: ModeratorGrant[];
  readonly adminTeachers: AdminTeacher[];
  readonly referrals: Referral[];
}

/** Thrown at the end of a dry run to roll everything back. */
class DryRunDone extends Error {}

/**
 * Imports a Realtime Database export of the original product (spec part 1 §3, §7 "Realtime
 * database reads"; part 2 §3). The file is read section by section as a stream, USERS first
 * (accounts, their classrooms, students and enrolments with their fees history, timetable
 * changes and report cards: each USERS record in one transaction), then the links that need every
 * account (admins' teachers, moderators, referrals), the archive and the parent mapper. Every row
 * is found again by its Firebase key, so a rerun updates instead of duplicating, and a record
 * whose text has not changed since it was imported is replayed (record-replay.ts). A dry run
 * does all of it inside one transaction and rolls it back: its report is exactly what a real run
 * would do, and nothing is written.
 */
export class FirebaseImportService {
  constructor(private readonly deps: { db: Db; clock: Clock }) {}

  async run(file: string, options: ImportOptions): Promise<ImportReport> {
    const report = new ImportReport(options.dryRun);
    const startedAt = this.deps.clock.now();
    const db = this.deps.db.kysely;
    if (options.dryRun) {
      await db
        .transaction()
        .execute(async (trx) => {
          await this.passes(file, options, report, (work) => work(trx));
          throw new DryRunDone();
        })
        .catch((error: unknown) => {
          if (!(error instanceof DryRunDone)) throw error;
        });
      return report;
    }
    // PostgreSQL: each account's commit is atomic either way; not waiting for its flush to disk
    // (SQLite's NORMAL, cli/import-firebase.ts) may lose the last few accounts in a power cut,
    // which the rerun after it brings, as after any crash.
    const { dialect } = this.deps.db;
    // SQLite: every account's commit adds its pages to the write-ahead log, and by default each
    // 1000 pages (4 MiB, a few accounts) are copied into the database file with a flush: nearly
    // half of an import's commit time, copying the same index pages again and again. Copied every
    // 64 MiB instead; back at SQLite's default, the run's last commit copies the rest.
    const checkpointEvery = (pages: number) =>
      db.transaction().execute((trx) => new FirebaseImportRepository(trx, dialect).checkpointEvery(pages));
    if (dialect === 'sqlite') await checkpointEvery(BULK_CHECKPOINT_PAGES);
    try {
      await this.passes(file, options, report, (work) =>
        db.transaction().execute(async (trx) => {
          if (dialect === 'postgres') await new FirebaseImportRepository(trx, dialect).commitWithoutFlush();
          return work(trx);
        }),
      );
    } finally {
      if (dialect === 'sqlite') await checkpointEvery(SQLITE_CHECKPOINT_PAGES);
    }
    if (options.store === false) return report;
    await new FirebaseImportRepository(db, dialect).saveRun({
      id: newId(startedAt),
      file_name: basename(file),
      started_at: startedAt,
      finished_at: this.deps.clock.now(),
      report: JSON.stringify(report),
    });
    return report;
  }

  private async passes(
    file: string,
    options: ImportOptions,
    report: ImportReport,
    unit: Unit,
  ): Promise<void> {
    const { dialect } = this.deps.db;
    const processed: Record<string, number> = {};
    const processedOf = async (section: string, records: number) => {
      processed[section] = (processed[section] ?? 0) + records;
      await options.onProgress?.(processed);
    };
    const context = (trx: Kysely<Database>): ImportContext => ({
      repo: new FirebaseImportRepository(trx, dialect),
      report,
      now: this.deps.clock.now(),
    });
    const links: Links = { grants: [], adminTeachers: [], referrals: [] };
    const hashes = (section: string) =>
      new FirebaseImportRepository(this.deps.db.kysely, dialect).recordHashes(section);
    // Records imported (not replayed) this run: what later passes read of them may have changed.
    const imported = new Set<string>();
    const users = await hashes('USERS');
    for await (const [uid, text] of exportSectionText(file, 'USERS')) {
      await unit(async (trx) => {
        const done = await importOrReplay(context(trx), 'USERS', uid, text, users, true, (ctx) =>
          this.importRecord(ctx, uid, tree(JSON.parse(text))),
        );
        if (!done.replayed) imported.add(uid);
        if (done.links) {
          links.grants.push(...done.links.grants);
          links.adminTeachers.push(...done.links.adminTeachers);
          links.referrals.push(...done.links.referrals);
        }
      });
      await processedOf('USERS', 1);
    }
    const { auth } = options;
    if (auth) {
      for await (const batch of batches(exportItems(auth.file, 'users'))) {
        await unit(async (trx) => {
          for (const user of batch) await importSignIn(context(trx), auth.params, tree(user));
        });
        await processedOf('auth', batch.length);
      }
    }
    await unit(async (trx) => {
      await importAdminTeachers(context(trx), links.adminTeachers);
      await importModerators(context(trx), links.grants);
      await importReferrals(context(trx), links.referrals);
    });
    // An archive reads its teacher's students: replayed only when the teacher's record was too.
    const archives = await hashes('StudentArchive');
    let archivesImported = false;
    for await (const [teacherUid, text] of exportSectionText(file, 'StudentArchive')) {
      await unit(async (trx) => {
        const done = await importOrReplay(
          context(trx),
          'StudentArchive',
          teacherUid,
          text,
          archives,
          !imported.has(teacherUid),
          async (ctx) => {
            await importArchive(ctx, teacherUid, tree(JSON.parse(text)), (id) => ctx.repo.fieldNames(id));
            return null;
          },
        );
        archivesImported ||= !done.replayed;
      });
      await processedOf('StudentArchive', 1);
    }
    // Parent entries are small and many: a transaction per batch of them, not per entry. A batch
    // finds students by phone anywhere: replayed only when no record of students was imported.
    const parents = await hashes('PARENT-STUDENT-MAPPER');
    const mayReplay = imported.size === 0 && !archivesImported;
    for await (const batch of batches(exportSectionText(file, 'PARENT-STUDENT-MAPPER'))) {
      await unit((trx) =>
        importOrReplay(
          context(trx),
          'PARENT-STUDENT-MAPPER',
          batch[0]![0],
          JSON.stringify(batch),
          parents,
          mayReplay,
          async (ctx) => {
            await importParentLinks(
              ctx,
              batch.map(([parentPhone, students]) => [parentPhone, tree(JSON.parse(students))]),
            );
            return null;
          },
        ),
      );
      await processedOf('PARENT-STUDENT-MAPPER', batch.length);
    }
  }

  /**
   * One USERS/{uid} record: its user and, for a teacher or admin, the whole account; what it tells
   * of other records for the later passes, or nothing when it was skipped for a clash (another
   * user's e-mail or phone), which a later run may no longer meet.
   */
  private async importRecord(ctx: ImportContext, uid: string, record: Tree): Promise<Links | undefined> {
    const links: Links = { grants: [], adminTeachers: [], referrals: [] };
    const profession = professionOf(record);
    if (profession !== 'Teacher' && profession !== 'Admin' && profession !== 'TeacherAssistant') {
      ctx.report.read('users');
      if (profession === 'Student') ctx.report.skip('users', uid, 'IMPORT_STUDENT_SIGN_IN_RECORD');
      else
        ctx.report.skip('users', uid, 'IMPORT_UNKNOWN_PROFESSION', {
          profession: text(tree(record.PublicInfo).UserProffession),
        });
      return links;
    }
    const userId = await importUser(ctx, uid, record);
    if (!userId) return undefined;
    if (profession === 'TeacherAssistant') return links;
    const accountId = await importAccount(ctx, uid, record, userId, profession);
    const classrooms = await importClassrooms(ctx, uid, accountId, record, links.grants);
    const students = await importStudents(ctx, uid, accountId, classrooms, fieldNames(record));
    await importPayments(ctx, uid, accountId, classrooms, students);
    await importEvents(ctx, uid, accountId, classrooms);
    await importReportCards(ctx, uid, accountId, record, classrooms, students);
    entries(record.Teachers).forEach(([teacherUid], position) => {
      links.adminTeachers.push({ adminUid: uid, adminAccountId: accountId, teacherUid, position });
    });
    links.referrals.push(...referralsOf(uid, record));
    return links;
  }
}
