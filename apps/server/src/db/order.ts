import { type RawBuilder, sql } from 'kysely';

/**
 * A text column as people sort it: "arif" beside "Arif", not after every capital letter (both
 * databases otherwise compare bytes). Bangla has no case, so only Latin letters fold; order by the
 * column itself next, so equal names still come out in one stable order.
 */
export function caseless(column: string): RawBuilder<string> {
  return sql<string>`lower(${sql.ref(column)})`;
}
