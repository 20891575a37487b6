import type { changePasswordSchema, profileUpdateSchema } from '@batchwise/domain';
import type { z } from 'zod';
import type { Db } from '../../db/database';
import type { Storage } from '../../drivers/storage/storage';
import type { Principal } from '../../lib/access';
import type { Clock } from '../../lib/clock';
import { failure } from '../../lib/errors';
import { AUTH_LIMITS } from '../auth/auth.limits';
import { CodesRepository } from '../auth/codes.repository';
import { hashPassword, isCommonPassword, type ScryptCost, verifyPassword } from '../auth/password';
import type { SessionService } from '../auth/sessions.service';
import { UsersRepository } from '../auth/users.repository';
import { IdentityRepository } from '../identity/identity.repository';
import { sendPhoneProof, spendPhoneProof } from '../identity/phone-proof';
import type { JobQueue } from '../jobs/jobs.service';
import { pictureUrl, storePicture } from '../media/images';
import type { Limit, RateLimiter } from '../rate-limit/rate-limit.service';

const HOUR = 3_600_000;
/** A signed-in person may ask for a few codes an hour; a number gets at most a handful a day. */
const PHONE_PROOF_LIMITS = {
  perUser: { name: 'phone-proof:user', max: 5, windowMs: HOUR },
  perPhone: { name: 'phone-proof:phone', max: 10, windowMs: 24 * HOUR },
} as const satisfies Record<string, Limit>;

/** A phone-change code proves one phone for one user only. */
const proofTarget = (userId: string, phone: string) => `${userId}:${phone}`;

export class ProfileService {
  private readonly users: UsersRepository;

  constructor(
    private readonly deps: {
      db: Db;
      clock: Clock;
      storage: Storage;
      sessions: SessionService;
      jobs: JobQueue;
      limiter: RateLimiter;
      passwordCost: ScryptCost;
    },
  ) {
    this.users = new UsersRepository(deps.db.kysely);
  }

  /**
   * Name and phone. A new phone needs the code sent to it (`sendPhoneCode`): a phone is a sign-in,
   * finds a parent's children and answers invitations, so it is never taken on someone's word
   * (modules/identity/IDENTITY.md). Whether another user has the phone is told only after the proof.
   */
  async update(principal: Principal, input: z.output<typeof profileUpdateSchema>): Promise<void> {
    const { user } = principal;
    const phone = input.phone || null;
    const now = this.deps.clock.now();
    const newPhone = phone !== null && phone !== user.phone ? phone : null;
    if (newPhone) {
      if (!input.phoneCode) throw failure(400, 'PHONE_CODE_REQUIRED');
      await spendPhoneProof(
        this.deps.db.kysely,
        {
          purpose: 'phone-change',
          target: proofTarget(user.id, newPhone),
          code: input.phoneCode,
          refusal: 400,
        },
        now,
      );
      const other = await this.users.findByPhone(newPhone);
      if (other && other.id !== user.id) throw failure(409, 'PHONE_TAKEN');
    }
    await this.deps.db.kysely.transaction().execute(async (trx) => {
      await new UsersRepository(trx).update(user.id, { name: input.name, phone, updated_at: now });
      if (newPhone && user.profession === 'Student') {
        await new IdentityRepository(trx).linkProvenPhone(user.id, newPhone);
      }
    });
  }

  /** Sends the code that proves a new phone; limited per person and per number (OWASP ASVS 2.5). */
  async sendPhoneCode(principal: Principal, phone: string): Promise<void> {
    const { limiter, clock } = this.deps;
    await limiter.consume(PHONE_PROOF_LIMITS.perUser, principal.user.id, 'CODE_TOO_MANY_REQUESTS');
    await limiter.consume(PHONE_PROOF_LIMITS.perPhone, phone, 'CODE_TOO_MANY_REQUESTS');
    await this.deps.db.kysely.transaction().execute((trx) =>
      sendPhoneProof(
        trx,
        this.deps.jobs,
        {
          purpose: 'phone-change',
          target: proofTarget(principal.user.id, phone),
          phone,
          text: (code) =>
            `Your Batchwise code to confirm this phone number is ${code}. It expires in 10 minutes. Never share it.`,
        },
        clock.now(),
      ),
    );
  }

  /**
   * Changes the password, ends every other session of the user and spends any reset link still
   * open (it was asked for under the old password). Wrong current passwords are limited per user,
   * each try counted before the check so parallel tries cannot pass it (OWASP Authentication
   * Cheat Sheet: a stolen session must not become a way to guess the password).
   */
  async changePassword(principal: Principal, input: z.output<typeof changePasswordSchema>): Promise<void> {
    const { user, session } = principal;
    const { limiter } = this.deps;
    const slot = await limiter.take(
      AUTH_LIMITS.passwordChangeFailuresPerUser,
      user.id,
      'PASSWORD_CHANGE_TOO_MANY',
    );
    const right = user.password_hash
      ? await verifyPassword(input.currentPassword, user.password_hash).catch(async (err) => {
          await limiter.giveBack(slot); // not checked: the hasher was busy
          throw err;
        })
      : false;
    if (!right) throw failure(400, 'PASSWORD_WRONG');
    await limiter.giveBack(slot);
    if (isCommonPassword(input.newPassword)) throw failure(400, 'PASSWORD_TOO_COMMON');
    const passwordHash = await hashPassword(input.newPassword, this.deps.passwordCost);
    const now = this.deps.clock.now();
    await this.deps.db.kysely.transaction().execute(async (trx) => {
      await new UsersRepository(trx).update(user.id, {
        password_hash: passwordHash,
        password_changed_at: now,
        updated_at: now,
      });
      await new CodesRepository(trx).consumeAll('password-reset', user.id, now);
    });
    await this.deps.sessions.revokeAllForUser(user.id, session.id);
  }

  async setAvatar(principal: Principal, picture: Buffer): Promise<string> {
    const now = this.deps.clock.now();
    const key = await storePicture(this.deps.storage, 'avatars', picture, now);
    await this.users.update(principal.user.id, { avatar_key: key, updated_at: now });
    if (principal.user.avatar_key) await this.deps.storage.delete(principal.user.avatar_key);
    return pictureUrl(key)!;
  }
}
