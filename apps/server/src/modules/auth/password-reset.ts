import { PASSWORD_RESET_TTL_MS } from '@batchwise/domain';
import { failure } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { addressKey } from '../rate-limit/address-key';
import { AUTH_LIMITS } from './auth.limits';
import type { AuthDeps, RequestMeta } from './auth.service';
import { CodesRepository } from './codes.repository';
import { hashPassword, isCommonPassword } from './password';
import { digest, randomToken } from './tokens';
import { UsersRepository } from './users.repository';

type ResetDeps = Pick<AuthDeps, 'db' | 'clock' | 'sessions' | 'limiter' | 'jobs' | 'passwordCost' | 'appUrl'>;

/** Forgotten passwords: the reset link by e-mail, and the new password it sets. */
export class PasswordResets {
  private readonly users: UsersRepository;
  private readonly codes: CodesRepository;

  constructor(private readonly deps: ResetDeps) {
    this.users = new UsersRepository(deps.db.kysely);
    this.codes = new CodesRepository(deps.db.kysely);
  }

  /** Mails a single-use reset link when the e-mail has an account. */
  async request(email: string, meta: RequestMeta): Promise<void> {
    const { limiter } = this.deps;
    const ip = addressKey(meta.ip);
    await limiter.take(AUTH_LIMITS.resetsPerIp, ip, 'RESET_TOO_MANY');
    await limiter.take(AUTH_LIMITS.resetsPerEmailFromIp, `${email}:${ip}`, 'RESET_TOO_MANY');
    await limiter.take(AUTH_LIMITS.resetsPerEmail, email, 'RESET_TOO_MANY');
    const user = await this.users.findByEmail(email);
    if (!user || user.disabled_at) return;
    const token = randomToken();
    const now = this.deps.clock.now();
    const link = `${this.deps.appUrl}/forgot-password?token=${token}`;
    await this.deps.db.kysely.transaction().execute(async (trx) => {
      await new CodesRepository(trx).insert({
        id: newId(now),
        purpose: 'password-reset',
        target: user.id,
        code_hash: digest(token),
        attempts: 0,
        created_at: now,
        expires_at: now + PASSWORD_RESET_TTL_MS,
        consumed_at: null,
      });
      await this.deps.jobs.enqueue(
        'mail.send',
        {
          to: email,
          subject: 'Reset your Batchwise password',
          text: [
            `Hello ${user.name},`,
            '',
            'Someone (hopefully you) asked to reset the password of your Batchwise account.',
            `Open this link within one hour to choose a new password: ${link}`,
            '',
            'If you did not ask for this, ignore this e-mail: your password stays as it is.',
            '',
            'আপনার Batchwise পাসওয়ার্ড রিসেট করতে এক ঘণ্টার মধ্যে উপরের লিংকটি খুলুন।',
          ].join('\n'),
        },
        { trx },
      );
    });
  }

  /**
   * A link is good once, and only while it is the password's latest word: using one spends every
   * other link of the user, and a link made before the password last changed is refused (OWASP
   * Forgot Password Cheat Sheet: tokens are single use and invalidated by a password change).
   */
  /** Returns the user whose password changed. */
  async reset(token: string, password: string): Promise<string> {
    const now = this.deps.clock.now();
    const stored = await this.codes.findByHash('password-reset', digest(token));
    if (!stored || stored.consumed_at || stored.expires_at <= now) throw failure(400, 'RESET_LINK_INVALID');
    const owner = await this.users.findById(stored.target);
    if (!owner || (owner.password_changed_at !== null && stored.created_at < owner.password_changed_at)) {
      throw failure(400, 'RESET_LINK_INVALID');
    }
    if (isCommonPassword(password)) throw failure(400, 'PASSWORD_TOO_COMMON');
    const passwordHash = await hashPassword(password, this.deps.passwordCost);
    await this.deps.db.kysely.transaction().execute(async (trx) => {
      const codes = new CodesRepository(trx);
      if (!(await codes.consume(stored.id, now))) throw failure(400, 'RESET_LINK_INVALID');
      await codes.consumeAll('password-reset', stored.target, now);
      await new UsersRepository(trx).update(stored.target, {
        password_hash: passwordHash,
        password_changed_at: now,
        updated_at: now,
      });
    });
    // Whoever knew the old password is signed out everywhere.
    await this.deps.sessions.revokeAllForUser(stored.target);
    return stored.target;
  }
}
