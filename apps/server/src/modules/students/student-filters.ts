import { searchKey, searchText, toAsciiDigits } from '@batchwise/domain';
import { type ExpressionBuilder, sql, type Updateable } from 'kysely';
import type { Database, StudentsTable } from '../../db/schema';

// What a students list shows and how it searches (StudentsRepository, the archive, exports).

/** Which students of one account a list may show: all active ones, or those in some classrooms. */
export interface ListArea {
  accountId: string;
  /** null: every student of the account not in the archive; else students enrolled in these. */
  classroomIds: readonly string[] | null;
}

export interface ListFilter {
  areas: readonly ListArea[];
  q?: string;
  classroomId?: string;
}

type SearchedFields = 'name' | 'custom_id' | 'rfid';
/** A student's changes: the fields its search text is made of come together, or none of them. */
export type StudentChanges = Omit<Updateable<StudentsTable>, SearchedFields | 'search_text'> &
  (Pick<StudentsTable, SearchedFields> | { [K in SearchedFields]?: never });

/** The row with the search text of its name, student ID and RFID (migration 0010). */
export function withSearchText<Row extends { name: string; custom_id?: string | null; rfid?: string | null }>(
  row: Row,
): Row & { search_text: string } {
  return { ...row, search_text: searchText([row.name, row.custom_id, row.rfid]) };
}

export type StudentSort = 'name' | 'customId' | 'createdAt';

type Eb = ExpressionBuilder<Database, 'students'>;

/**
 * The digits to look for in phones, when the search looks like (part of) a phone number: three or
 * more digits (Bangla digits too) with nothing but spaces, + ( ) - around them.
 */
export function phoneDigits(q: string): string | null {
  const text = toAsciiDigits(q);
  if (!/^[\d\s+()-]+$/.test(text)) return null;
  const digits = text.replace(/\D/g, '');
  return digits.length >= 3 ? digits : null;
}

/** `%text%` for LIKE, with the wildcards of the text itself escaped. */
function contains(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The condition of a list: the areas, the classroom filter and the search. */
export function listWhere(eb: Eb, filter: ListFilter) {
  const enrolledIn = (ids: readonly string[]) =>
    eb.exists(
      eb
        .selectFrom('enrolments')
        .select(sql.lit(1).as('one'))
        .whereRef('enrolments.student_id', '=', 'students.id')
        .where('enrolments.classroom_id', 'in', [...ids, '']),
    );
  const areas = filter.areas.map((area) =>
    area.classroomIds === null
      ? eb.and([eb('students.account_id', '=', area.accountId), eb('students.archived_at', 'is', null)])
      : eb.and([eb('students.account_id', '=', area.accountId), enrolledIn(area.classroomIds)]),
  );
  const conditions = [eb.or(areas)];
  if (filter.classroomId) conditions.push(enrolledIn([filter.classroomId]));
  const q = filter.q ? searchKey(filter.q) : '';
  if (q) {
    const digits = phoneDigits(q);
    const matches = [sql<boolean>`students.search_text like ${contains(q)} escape '\\'`];
    if (digits) matches.push(sql<boolean>`students.phone like ${contains(digits)} escape '\\'`);
    conditions.push(eb.or(matches));
  }
  return eb.and(conditions);
}
