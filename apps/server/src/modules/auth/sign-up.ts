import { SIGN_UP_CONFIRM_TTL_MS, type SignUpRequest } from '@batchwise/domain';
import type { UserRow } from '../../db/schema';
import { failure } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { newAccount } from '../accounts/account-defaults';
import { AccountsRepository } from '../accounts/accounts.repository';
import { addressKey } from '../rate-limit/address-key';
import { installOpeningTools } from '../tools/tools-opening';
import { mailAccountExistsNotice, refuseTakenDetails } from './account-exists-notice';
import { AUTH_LIMITS } from './auth.limits';
import { AuthRepository } from './auth.repository';
import type { AuthDeps, RequestMeta } from './auth.service';
import { hashPassword, isCommonPassword } from './password';
import { SignUpConfirmationsRepository } from './sign-up-confirmations.repository';
import { digest, randomToken } from './tokens';
import { UsersRepository } from './users.repository';

/** What a sign-up link keeps of the request: everything but the password, which is kept hashed. */
type Details = Omit<SignUpRequest, 'password'>;

/**
 * Sign-up in two steps, so its answer never tells whether an e-mail is registered (OWASP
 * Authentication Cheat Sheet, "Account creation"): the form gets the same "check your e-mail"
 * answer either way, a new e-mail gets the link that makes the account, and the owner of a
 * registered one hears that someone tried (IDENTITY.md "Abuse limits").
 */
export class SignUps {
  constructor(private readonly deps: AuthDeps) {}

  /**
   * Both branches hash the password and write one row before answering, so they also take about
   * as long. Limits count every attempt alike, per address and per e-mail, whatever the e-mail.
   */
  async request(input: SignUpRequest, meta: RequestMeta): Promise<void> {
    if (isCommonPassword(input.password)) throw failure(400, 'PASSWORD_TOO_COMMON');
    const { limiter, db, jobs, appUrl } = this.deps;
    await limiter.consume(AUTH_LIMITS.signUpPerIp, addressKey(meta.ip), 'SIGN_UP_TOO_MANY');
    await limiter.consume(AUTH_LIMITS.signUpPerEmail, input.email, 'SIGN_UP_TOO_MANY');
    const { password, ...details } = input;
    const passwordHash = await hashPassword(password, this.deps.passwordCost);
    const now = this.deps.clock.now();
    const owner = await new UsersRepository(db.kysely).findByEmail(input.email);
    if (owner) {
      await mailAccountExistsNotice(jobs, { to: input.email, name: owner.name, appUrl, now });
      return;
    }
    const token = randomToken();
    const link = `${appUrl}/signup?token=${token}`;
    await db.kysely.transaction().execute(async (trx) => {
      await new SignUpConfirmationsRepository(trx).insert({
        token_hash: digest(token),
        email: input.email,
        details: JSON.stringify(details satisfies Details),
        password_hash: passwordHash,
        created_at: now,
        expires_at: now + SIGN_UP_CONFIRM_TTL_MS,
      });
      await jobs.enqueue(
        'mail.send',
        {
          to: input.email,
          subject: 'Finish creating your Batchwise account',
          text: [
            `Hello ${input.name},`,
            '',
            `Open this link within 24 hours to finish creating the Batchwise account of ${input.institution}: ${link}`,
            '',
            'If you did not sign up, ignore this e-mail: no account is made without this link.',
            '',
            'আপনার Batchwise অ্যাকাউন্ট তৈরি শেষ করতে ২৪ ঘণ্টার মধ্যে উপরের লিংকটি খুলুন।',
          ].join('\n'),
        },
        { trx },
      );
    });
  }

  /**
   * Makes the account of a mailed link, once. The link proves the e-mail; a phone or e-mail taken
   * since is refused with the sign-up's one code, which tells only the e-mail's owner.
   */
  async confirm(token: string): Promise<Pick<UserRow, 'id' | 'profession' | 'is_staff'>> {
    const { db, clock, jobs } = this.deps;
    const now = clock.now();
    const pending = await new SignUpConfirmationsRepository(db.kysely).findOpen(digest(token), now);
    if (!pending) throw failure(400, 'SIGN_UP_LINK_INVALID');
    const input = JSON.parse(pending.details) as Details;
    const userId = newId(now);
    const startingTools = await this.deps.startingTools();

    const taken = await db.kysely.transaction().execute(async (trx) => {
      const confirmations = new SignUpConfirmationsRepository(trx);
      if (!(await confirmations.spend(pending.token_hash))) throw failure(400, 'SIGN_UP_LINK_INVALID');
      const users = new UsersRepository(trx);
      const accounts = new AccountsRepository(trx);
      const owner = await users.findByEmail(input.email);
      if (owner || (await users.findByPhone(input.phone))) return { owner };
      const referrer = input.referralId ? await accounts.findByReferralCode(input.referralId) : undefined;
      const inserted = await users.insertIfFree({
        id: userId,
        name: input.name,
        email: input.email,
        phone: input.phone,
        password_hash: pending.password_hash,
        profession: input.accountType,
        is_staff: 0,
        created_at: now,
        updated_at: now,
      });
      if (!inserted) return { owner: await users.findByEmail(input.email) };
      const accountId = newId(now);
      await accounts.open(
        newAccount(
          input,
          { accountId, ownerId: userId, referredBy: referrer?.id ?? null },
          now,
          this.deps.smsSignupGrant,
        ),
      );
      await installOpeningTools(trx, accountId, startingTools, now);
      if (input.meetingApp) {
        await accounts.installTool({
          account_id: accountId,
          tool_key: 'zoom-meeting',
          route: 'zoom-meeting',
          pinned: 0,
          installed_at: now,
        });
      }
      await new AuthRepository(trx).recordAnalytics({
        id: newId(now),
        name: 'Sign Up',
        user_id: userId,
        properties: JSON.stringify({
          accountType: input.accountType,
          business: input.businessAccount,
          meetingApp: input.meetingApp,
          referred: Boolean(referrer),
        }),
        created_at: now,
      });
      if (this.deps.signupWebhook) {
        await jobs.enqueue(
          'signup.report',
          {
            userId,
            accountType: input.accountType,
            institution: input.institution,
            business: input.businessAccount,
          },
          { trx, idempotencyKey: `signup.report:${userId}` },
        );
      }
      return undefined;
    });
    if (taken) {
      await refuseTakenDetails(jobs, taken, { appUrl: this.deps.appUrl, now, code: 'SIGN_UP_REFUSED' });
    }
    // The e-mail's other links are spent once its account exists, after the commit: inside the
    // transaction, two links opened at once would each wait for the other's row (a deadlock on
    // PostgreSQL). Left behind by a crash they open nothing: the e-mail is taken.
    await new SignUpConfirmationsRepository(db.kysely).spendAllFor(input.email);
    return { id: userId, profession: input.accountType, is_staff: 0 };
  }
}
