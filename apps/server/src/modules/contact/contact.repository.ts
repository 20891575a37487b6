import type { Kysely } from 'kysely';
import type { ContactMessageRow, Database } from '../../db/schema';

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
