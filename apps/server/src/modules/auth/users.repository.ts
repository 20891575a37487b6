import type { Insertable, Kysely, Updateable } from 'kysely';
import { preparedQuery } from '../../db/prepared-query';
import type { Database, UserRow, UsersTable } from '../../db/schema';

export class UsersRepository {
  // Every signed-in request reads its user: prepared (db/prepared-query.ts).
  private readonly byId;

  constructor(private readonly db: Kysely<Database>) {
    this.byId = preparedQuery(db, ['id'], ({ id }) =>
      db.selectFrom('users').selectAll().where('id', '=', id),
    );
  }

  async findById(id: string): Promise<UserRow | undefined> {
    return (await this.byId({ id }))[0];
  }

  findByEmail(email: string): Promise<UserRow | undefined> {
    return this.db
      .selectFrom('users')
      .selectAll()
      .where('email', '=', email.toLowerCase())
      .executeTakeFirst();
  }

  findByPhone(phone: string): Promise<UserRow | undefined> {
    return this.db.selectFrom('users').selectAll().where('phone', '=', phone).executeTakeFirst();
  }

  async insert(row: Insertable<UsersTable>): Promise<void> {
    await this.db.insertInto('users').values(row).execute();
  }

  async update(id: string, changes: Updateable<UsersTable>): Promise<void> {
    await this.db.updateTable('users').set(changes).where('id', '=', id).execute();
  }
}
