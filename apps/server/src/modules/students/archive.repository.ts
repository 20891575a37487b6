import { type ExpressionBuilder, type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';
import { type ListArea, phoneDigits } from './student-filters';

export interface ArchiveFilter {
  areas: readonly ListArea[];
  q?: string;
  type?: 'Archive' | 'Delete';
}

type Eb = ExpressionBuilder<Database, 'archived_enrolments' | 'students'>;

function where(eb: Eb, filter: ArchiveFilter) {
  const conditions = [
    eb('archived_enrolments.restored_at', 'is', null),
    eb.or(
      filter.areas.map((area) =>
        area.classroomIds === null
          ? eb('archived_enrolments.account_id', '=', area.accountId)
          : eb.and([
              eb('archived_enrolments.account_id', '=', area.accountId),
              eb('archived_enrolments.classroom_id', 'in', [...area.classroomIds, '']),
            ]),
      ),
    ),
  ];
  if (filter.type) conditions.push(eb('archived_enrolments.archive_type', '=', filter.type));
  const q = filter.q?.trim().toLowerCase();
  if (q) {
    const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const digits = phoneDigits(q);
    const likes = (column: string, pattern: string) =>
      sql<boolean>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`;
    conditions.push(
      eb.or([
        likes('students.name', like),
        likes('students.custom_id', like),
        ...(digits ? [likes('students.phone', `%${digits}%`)] : []),
      ]),
    );
  }
  return eb.and(conditions);
}

/** The archive page: students with archive copies not yet restored, newest archive first. */
export class ArchiveRepository {
  constructor(private readonly db: Kysely<Database>) {}

  private base(filter: ArchiveFilter) {
    return this.db
      .selectFrom('archived_enrolments')
      .innerJoin('students', 'students.id', 'archived_enrolments.student_id')
      .where((eb) => where(eb, filter));
  }

  /** Student ids of one page, with when each was last archived. */
  page(filter: ArchiveFilter, limit: number, offset: number) {
    if (filter.areas.length === 0) return Promise.resolve([]);
    return this.base(filter)
      .select(['students.id', (eb) => eb.fn.max('archived_enrolments.archived_at').as('last_archived_at')])
      .groupBy('students.id')
      .orderBy('last_archived_at', 'desc')
      .orderBy('students.id')
      .limit(limit)
      .offset(offset)
      .execute();
  }

  async count(filter: ArchiveFilter): Promise<number> {
    if (filter.areas.length === 0) return 0;
    const row = await this.base(filter)
      .select((eb) => eb.fn.count<number>('students.id').distinct().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  students(ids: readonly string[]) {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('students')
      .innerJoin('accounts', 'accounts.id', 'students.account_id')
      .innerJoin('users', 'users.id', 'accounts.owner_user_id')
      .selectAll('students')
      .select('users.name as teacher_name')
      .where('students.id', 'in', ids)
      .execute();
  }

  /** Open archive copies of these students matching the filter, newest first. */
  copies(ids: readonly string[], filter: ArchiveFilter) {
    if (ids.length === 0) return Promise.resolve([]);
    return this.base({ ...filter, q: undefined })
      .selectAll('archived_enrolments')
      .where('archived_enrolments.student_id', 'in', ids)
      .orderBy('archived_enrolments.archived_at', 'desc')
      .execute();
  }

  /** Which of these classrooms still exist and are open. */
  async openClassrooms(ids: readonly string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const rows = await this.db
      .selectFrom('classrooms')
      .select('id')
      .where('id', 'in', ids)
      .where('closed_at', 'is', null)
      .execute();
    return new Set(rows.map((r) => r.id));
  }
}
