import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';
import type { NewsItemRow } from '../../db/schema-public-site';

export interface NewsCursor {
  date: number;
  id: string;
}

export interface NewsListFilter {
  /** Only published items (public pages) or every item (staff). */
  publishedOnly: boolean;
  /** Lower-cased words that must all appear in the search text. */
  words: string[];
  cursor: NewsCursor | undefined;
  limit: number;
}

/** `%` and `_` typed by a visitor are searched for literally. */
const likePattern = (word: string) => `%${word.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

export class NewsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Newest first by date, then id, so paging by (date, id) never skips or repeats an item. */
  list(filter: NewsListFilter): Promise<NewsItemRow[]> {
    let query = this.db.selectFrom('news_items').selectAll();
    if (filter.publishedOnly) query = query.where('status', '=', 'published');
    for (const word of filter.words) {
      query = query.where(sql<boolean>`search_text like ${likePattern(word)} escape '\\'`);
    }
    const cursor = filter.cursor;
    if (cursor) {
      query = query.where((eb) =>
        eb.or([
          eb('date', '<', cursor.date),
          eb.and([eb('date', '=', cursor.date), eb('id', '<', cursor.id)]),
        ]),
      );
    }
    return query.orderBy('date', 'desc').orderBy('id', 'desc').limit(filter.limit).execute();
  }

  findById(id: string): Promise<NewsItemRow | undefined> {
    return this.db.selectFrom('news_items').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async insert(row: NewsItemRow): Promise<void> {
    await this.db.insertInto('news_items').values(row).execute();
  }

  async update(id: string, changes: Partial<Omit<NewsItemRow, 'id'>>): Promise<number> {
    const result = await this.db
      .updateTable('news_items')
      .set(changes)
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  async delete(id: string): Promise<number> {
    const result = await this.db.deleteFrom('news_items').where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /** Published items for the sitemap: key and last change only. */
  listPublishedForSitemap(limit: number): Promise<Pick<NewsItemRow, 'id' | 'updated_at'>[]> {
    return this.db
      .selectFrom('news_items')
      .select(['id', 'updated_at'])
      .where('status', '=', 'published')
      .orderBy('date', 'desc')
      .limit(limit)
      .execute();
  }
}
