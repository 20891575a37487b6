import { type RawBuilder, type SelectQueryBuilder, sql } from 'kysely';

/**
 * A text column as people sort it: "arif" beside "Arif", not after every capital letter (both
 * databases otherwise compare bytes). Bangla has no case, so only Latin letters fold; order by the
 * column itself next, so equal names still come out in one stable order.
 */
export function caseless(column: string): RawBuilder<string> {
  return sql<string>`lower(${sql.ref(column)})`;
}

/** Classrooms as every list shows them: grade → subject → name, each ignoring case first. */
export function inClassroomOrder<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
): SelectQueryBuilder<DB, TB, O> {
  let ordered = query;
  for (const column of ['classrooms.grade', 'classrooms.subject', 'classrooms.name'])
    ordered = ordered.orderBy(caseless(column)).orderBy(sql.ref(column));
  return ordered.orderBy(sql.ref('classrooms.id'));
}
