import type { Insertable, Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { AnalyticsEventsTable } from '../../db/schema-usage';

/** The lookups sign-in by phone needs beyond users: who may be a student or a parent. */
export class AuthRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Student records with this phone (a trailing D marks a deliberate duplicate of it). */
  studentsWithPhone(phone: string) {
    return (
      this.db
        .selectFrom('students')
        .select(['id', 'name', 'user_id'])
        .where('phone', 'in', [phone, `${phone}D`])
        // The oldest record names a new user: a record added later elsewhere cannot rename them.
        .orderBy('created_at')
        .orderBy('id')
        .execute()
    );
  }

  async isLinkedParent(phone: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('parent_links')
      .select('student_id')
      .where('parent_phone', '=', phone)
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** An open assistant invitation to this phone: the invitee may sign in by code to accept it. */
  async hasAssistantInvitation(phone: string, now: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('invitations')
      .select('id')
      .where('invitee_phone', '=', phone)
      .where('kind', '=', 'assistant')
      .where('status', '=', 'pending')
      .where('expires_at', '>', now)
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  async recordAnalytics(row: Insertable<AnalyticsEventsTable>): Promise<void> {
    await this.db.insertInto('analytics_events').values(row).execute();
  }
}
