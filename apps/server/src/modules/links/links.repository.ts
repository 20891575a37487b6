import type { Insertable, Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { AuthLinksTable, LivePhotoKeysTable, ShortLinksTable } from '../../db/schema-links';

/** Sign-in links, photo links and short links. Secrets are only ever looked up by their hash. */
export class LinksRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insertAuthLink(row: Insertable<AuthLinksTable>): Promise<void> {
    await this.db.insertInto('auth_links').values(row).execute();
  }

  /** Ends the live links of one student (or of a teacher's account link) before a new one is made. */
  async revokeAuthLinks(filter: { studentId: string } | { accountId: string; kind: 'teacher' }, now: number) {
    let query = this.db.updateTable('auth_links').set({ revoked_at: now }).where('revoked_at', 'is', null);
    query =
      'studentId' in filter
        ? query.where('student_id', '=', filter.studentId)
        : query.where('account_id', '=', filter.accountId).where('kind', '=', 'teacher');
    await query.execute();
  }

  async revokeAuthLink(accountId: string, id: string, now: number): Promise<boolean> {
    const result = await this.db
      .updateTable('auth_links')
      .set({ revoked_at: now })
      .where('id', '=', id)
      .where('account_id', '=', accountId)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  liveAuthLink(keyHash: string, now: number) {
    return this.db
      .selectFrom('auth_links')
      .innerJoin('users', 'users.id', 'auth_links.user_id')
      .select([
        'auth_links.id',
        'auth_links.user_id',
        'auth_links.kind',
        'users.profession',
        'users.is_staff',
        'users.disabled_at',
        'users.phone',
        'users.email',
        'users.password_hash',
      ])
      .where('auth_links.key_hash', '=', keyHash)
      .where('auth_links.revoked_at', 'is', null)
      .where('auth_links.valid_till', '>', now)
      .executeTakeFirst();
  }

  async touchAuthLink(id: string, now: number): Promise<void> {
    await this.db.updateTable('auth_links').set({ last_used_at: now }).where('id', '=', id).execute();
  }

  authLinksOf(accountId: string, now: number) {
    return this.db
      .selectFrom('auth_links')
      .innerJoin('users', 'users.id', 'auth_links.user_id')
      .select([
        'auth_links.id',
        'auth_links.kind',
        'auth_links.student_id',
        'auth_links.created_at',
        'auth_links.valid_till',
        'auth_links.last_used_at',
        'users.name',
      ])
      .where('auth_links.account_id', '=', accountId)
      .where('auth_links.revoked_at', 'is', null)
      .where('auth_links.valid_till', '>', now)
      .orderBy('auth_links.created_at', 'desc')
      .execute();
  }

  async insertPhotoKey(row: Insertable<LivePhotoKeysTable>): Promise<void> {
    await this.db.insertInto('live_photo_keys').values(row).execute();
  }

  livePhotoKey(keyHash: string, now: number) {
    return this.db
      .selectFrom('live_photo_keys')
      .innerJoin('students', 'students.id', 'live_photo_keys.student_id')
      .select([
        'live_photo_keys.id',
        'live_photo_keys.expires_at',
        'students.id as student_id',
        'students.account_id',
        'students.user_id',
        'students.name',
        'students.custom_id',
        'students.institution',
      ])
      .where('live_photo_keys.key_hash', '=', keyHash)
      .where('live_photo_keys.used_at', 'is', null)
      .where('live_photo_keys.expires_at', '>', now)
      .executeTakeFirst();
  }

  /** Spends a photo key; false when another upload spent it first. */
  async spendPhotoKey(id: string, now: number): Promise<boolean> {
    const result = await this.db
      .updateTable('live_photo_keys')
      .set({ used_at: now })
      .where('id', '=', id)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async insertShortLink(row: Insertable<ShortLinksTable>): Promise<void> {
    await this.db.insertInto('short_links').values(row).execute();
  }

  async followShortLink(code: string, now: number): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('short_links')
      .select(['path', 'expires_at'])
      .where('code', '=', code)
      .executeTakeFirst();
    if (!row || (row.expires_at !== null && row.expires_at <= now)) return undefined;
    await this.db
      .updateTable('short_links')
      .set((eb) => ({ hits: eb('hits', '+', 1) }))
      .where('code', '=', code)
      .execute();
    return row.path;
  }

  accountOwner(accountId: string) {
    return this.db
      .selectFrom('accounts')
      .innerJoin('users', 'users.id', 'accounts.owner_user_id')
      .select(['users.id', 'users.name', 'users.phone'])
      .where('accounts.id', '=', accountId)
      .executeTakeFirst();
  }
}
