import type { ExpressionBuilder, Kysely, Updateable } from 'kysely';
import type { Database, UsersTable } from '../../db/schema';

type UsersScope = ExpressionBuilder<Database, 'users'>;

/** A link user: made by a sign-in link, with no e-mail, phone or password of its own (IDENTITY.md). */
const isLinkUser = (eb: UsersScope) =>
  eb.and([
    eb('users.email', 'is', null),
    eb('users.phone', 'is', null),
    eb('users.password_hash', 'is', null),
    eb('users.is_staff', '=', 0),
    eb('users.profession', '=', 'Student'),
  ]);

/** Records of other accounts than `reach` linked to the user. */
const linkedOutside = (eb: UsersScope, reach: readonly string[]) =>
  eb.exists(
    eb
      .selectFrom('students')
      .select('students.id')
      .whereRef('students.user_id', '=', 'users.id')
      .where('students.account_id', 'not in', reach.length > 0 ? [...reach] : ['']),
  );

/** The queries behind the identity rules: the only place tenants' writes may reach `users`. */
export class IdentityRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * How much hold the accounts in `reach` have on a user: none when it signs in by itself, none
   * when records of other accounts link to it, else full (a link user made through them).
   */
  async holdOn(userId: string, reach: readonly string[]): Promise<'none' | 'own-sign-in' | 'full'> {
    const row = await this.db
      .selectFrom('users')
      .select((eb) => [isLinkUser(eb).as('link_user'), linkedOutside(eb, reach).as('outside')])
      .where('users.id', '=', userId)
      .executeTakeFirst();
    if (!row?.link_user) return 'own-sign-in';
    return row.outside ? 'none' : 'full';
  }

  /** Changes a link user only while every record linked to it is in `reach`; in one statement. */
  async updateLinkUser(
    userId: string,
    reach: readonly string[],
    changes: Pick<Updateable<UsersTable>, 'name' | 'avatar_key' | 'updated_at'>,
    onlyWithoutAvatar = false,
  ): Promise<void> {
    let query = this.db
      .updateTable('users')
      .set(changes)
      .where('users.id', '=', userId)
      .where((eb) => eb.and([isLinkUser(eb), eb.not(linkedOutside(eb, reach))]));
    if (onlyWithoutAvatar) query = query.where('users.avatar_key', 'is', null);
    await query.execute();
  }

  /**
   * Someone just proved `phone` with a code: the records listing it (a trailing D marks a
   * deliberate duplicate) that have no user, or only a link user, become theirs.
   */
  async linkProvenPhone(userId: string, phone: string): Promise<void> {
    await this.db
      .updateTable('students')
      .set({ user_id: userId })
      .where('phone', 'in', [phone, `${phone}D`])
      .where((eb) =>
        eb.or([
          eb('user_id', 'is', null),
          eb(
            'user_id',
            'in',
            eb
              .selectFrom('users')
              .select('users.id')
              .where((u) => isLinkUser(u))
              .where('users.id', '!=', userId),
          ),
        ]),
      )
      .execute();
  }
}
