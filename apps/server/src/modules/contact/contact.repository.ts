import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { ContactMessageRow } from '../../db/schema-public-site';

export class ContactRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(row: ContactMessageRow): Promise<void> {
    await this.db.insertInto('contact_messages').values(row).execute();
  }

  listNewest(limit: number): Promise<ContactMessageRow[]> {
    return this.db
      .selectFrom('contact_messages')
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  }
}
