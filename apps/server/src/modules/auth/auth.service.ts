import {
  dashboardPath,
  PASSWORD_RESET_TTL_MS,
  SIGN_IN_CODE_MAX_ATTEMPTS,
  SIGN_IN_CODE_TTL_MS,
  type SignUpRequest,
} from '@batchwise/domain';
import type { Db } from '../../db/database';
import type { UserRow } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { failure } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { newAccount } from '../accounts/account-defaults';
import { AccountsRepository } from '../accounts/accounts.repository';
import type { JobQueue } from '../jobs/jobs.service';
import type { RateLimiter } from '../rate-limit/rate-limit.service';
import { AUTH_LIMITS } from './auth.limits';
import { AuthRepository } from './auth.repository';
import { CodesRepository } from './codes.repository';
import { hashPassword, isCommonPassword, needsRehash, type ScryptCost, verifyPassword } from './password';
import type { SessionService } from './sessions.service';
import { digest, randomCode, randomToken, sameDigest } from './tokens';
import { UsersRepository } from './users.repository';

export interface RequestMeta {
  ip: string;
  userAgent?: string;
  /** The session being replaced at sign-in, revoked so a planted cookie cannot survive it. */
  previousSessionId?: string;
}

export interface AuthDeps {
  db: Db;
  clock: Clock;
  sessions: SessionService;
  limiter: RateLimiter;
  jobs: JobQueue;
  passwordCost: ScryptCost;
  signupWebhook: boolean;
  /** Where links in e-mails point, e.g. https://app.batchwise.com.bd */
  appUrl: (fallbackOrigin: string) => string;
}

export interface SignedInResult {
  token: string;
  userId: string;
  homePath: string;
}

/** Where someone invited by phone, still without a role, answers the invitation. */
export const INVITEE_HOME = '/teacherAssistant/invitations';

/** Home of a user: the profession's dashboard, or staff's. */
export function homePathOf(user: Pick<UserRow, 'profession' | 'is_staff'>): string {
  if (user.profession) return dashboardPath(user.profession);
  return user.is_staff ? '/staff/dashboard' : '/force-logout';
}

// Verifying against this hash when the account does not exist makes a wrong e-mail take as long
// as a wrong password, so timing does not reveal which e-mails have accounts.
let dummyHash: Promise<string> | undefined;

export class AuthService {
  private readonly users: UsersRepository;
  private readonly codes: CodesRepository;
  private readonly repo: AuthRepository;

  constructor(private readonly deps: AuthDeps) {
    this.users = new UsersRepository(deps.db.kysely);
    this.codes = new CodesRepository(deps.db.kysely);
    this.repo = new AuthRepository(deps.db.kysely);
  }

  async signUp(input: SignUpRequest, meta: RequestMeta): Promise<SignedInResult> {
    if (isCommonPassword(input.password)) throw failure(400, 'PASSWORD_TOO_COMMON');
    await this.deps.limiter.consume(AUTH_LIMITS.signUpPerIp, meta.ip, 'SIGN_IN_TOO_MANY');
    const passwordHash = await hashPassword(input.password, this.deps.passwordCost);
    const now = this.deps.clock.now();
    const userId = newId(now);

    await this.deps.db.kysely.transaction().execute(async (trx) => {
      const users = new UsersRepository(trx);
      const accounts = new AccountsRepository(trx);
      if (await users.findByEmail(input.email)) throw failure(409, 'EMAIL_TAKEN');
      if (await users.findByPhone(input.phone)) throw failure(409, 'PHONE_TAKEN');
      const referrer = input.referralId ? await accounts.findByReferralCode(input.referralId) : undefined;
      await users.insert({
        id: userId,
        name: input.name,
        email: input.email,
        phone: input.phone,
        password_hash: passwordHash,
        profession: input.accountType,
        is_staff: 0,
        created_at: now,
        updated_at: now,
      });
      const accountId = newId(now);
      await accounts.insert(
        newAccount(input, { accountId, ownerId: userId, referredBy: referrer?.id ?? null }, now),
      );
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
        await this.deps.jobs.enqueue(
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
    });
    return this.startSession({ id: userId, profession: input.accountType, is_staff: 0 }, meta);
  }

  async signInWithPassword(email: string, password: string, meta: RequestMeta): Promise<SignedInResult> {
    const { limiter } = this.deps;
    await limiter.check(AUTH_LIMITS.signInFailuresPerAccount, email, 'SIGN_IN_TOO_MANY');
    await limiter.check(AUTH_LIMITS.signInFailuresPerIp, meta.ip, 'SIGN_IN_TOO_MANY');
    const user = await this.users.findByEmail(email);
    dummyHash ??= hashPassword('not a real password', this.deps.passwordCost);
    const ok = await verifyPassword(password, user?.password_hash ?? (await dummyHash));
    if (!user || !ok || !user.password_hash || user.disabled_at) {
      await limiter.consume(AUTH_LIMITS.signInFailuresPerAccount, email, 'SIGN_IN_TOO_MANY');
      await limiter.consume(AUTH_LIMITS.signInFailuresPerIp, meta.ip, 'SIGN_IN_TOO_MANY');
      throw failure(401, 'SIGN_IN_FAILED');
    }
    await limiter.reset(AUTH_LIMITS.signInFailuresPerAccount, email);
    if (needsRehash(user.password_hash, this.deps.passwordCost)) {
      await this.users.update(user.id, {
        password_hash: await hashPassword(password, this.deps.passwordCost),
      });
    }
    return this.startSession(user, meta);
  }

  /** Sends a sign-in code when the phone belongs to someone who may sign in; answers alike either way. */
  async requestPhoneCode(phone: string, meta: RequestMeta): Promise<void> {
    const { limiter, clock } = this.deps;
    await limiter.consume(AUTH_LIMITS.codesPerIp, meta.ip, 'CODE_TOO_MANY_REQUESTS');
    await limiter.consume(AUTH_LIMITS.codesPerPhone, phone, 'CODE_TOO_MANY_REQUESTS');
    await limiter.consume(AUTH_LIMITS.codesPerPhoneDaily, phone, 'CODE_TOO_MANY_REQUESTS');
    if (!(await this.mayUsePhone(phone))) return;
    const code = randomCode();
    const now = clock.now();
    await this.deps.db.kysely.transaction().execute(async (trx) => {
      await new CodesRepository(trx).insert({
        id: newId(now),
        purpose: 'phone-sign-in',
        target: phone,
        code_hash: digest(code),
        attempts: 0,
        created_at: now,
        expires_at: now + SIGN_IN_CODE_TTL_MS,
        consumed_at: null,
      });
      await this.deps.jobs.enqueue(
        'sms.send',
        {
          to: phone,
          text: `Your Batchwise sign-in code is ${code}. It expires in 10 minutes. Never share it.`,
        },
        { trx },
      );
    });
  }

  async verifyPhoneCode(phone: string, code: string, meta: RequestMeta): Promise<SignedInResult> {
    const now = this.deps.clock.now();
    await this.deps.limiter.consume(AUTH_LIMITS.codeGuessesPerIp, meta.ip, 'SIGN_IN_TOO_MANY');
    const stored = await this.codes.latest('phone-sign-in', phone);
    if (!stored) throw failure(401, 'CODE_INVALID');
    if (stored.consumed_at) throw failure(401, 'CODE_USED');
    if (stored.expires_at <= now) throw failure(401, 'CODE_EXPIRED');
    if (!(await this.codes.countAttempt(stored.id, SIGN_IN_CODE_MAX_ATTEMPTS))) {
      throw failure(429, 'CODE_TOO_MANY_ATTEMPTS');
    }
    if (!sameDigest(code, stored.code_hash)) {
      throw failure(
        401,
        stored.attempts + 1 >= SIGN_IN_CODE_MAX_ATTEMPTS ? 'CODE_TOO_MANY_ATTEMPTS' : 'CODE_INVALID',
      );
    }
    if (!(await this.codes.consume(stored.id, now))) throw failure(401, 'CODE_USED');
    const user = await this.findOrCreatePhoneUser(phone, now);
    if (!user || user.disabled_at) throw failure(401, 'CODE_INVALID');
    const result = await this.startSession(user, meta);
    // Only an invited assistant signs in by code without a role (see findOrCreatePhoneUser).
    return user.profession || user.is_staff ? result : { ...result, homePath: INVITEE_HOME };
  }

  /** Mails a single-use reset link when the e-mail has an account; answers alike either way. */
  async requestPasswordReset(email: string, meta: RequestMeta & { origin: string }): Promise<void> {
    await this.deps.limiter.consume(AUTH_LIMITS.resetsPerIp, meta.ip, 'RESET_TOO_MANY');
    await this.deps.limiter.consume(AUTH_LIMITS.resetsPerEmail, email, 'RESET_TOO_MANY');
    const user = await this.users.findByEmail(email);
    if (!user || user.disabled_at) return;
    const token = randomToken();
    const now = this.deps.clock.now();
    const link = `${this.deps.appUrl(meta.origin)}/forgot-password?token=${token}`;
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

  async resetPassword(token: string, password: string): Promise<void> {
    const now = this.deps.clock.now();
    const stored = await this.codes.findByHash('password-reset', digest(token));
    if (!stored || stored.consumed_at || stored.expires_at <= now) throw failure(400, 'RESET_LINK_INVALID');
    if (isCommonPassword(password)) throw failure(400, 'PASSWORD_TOO_COMMON');
    const passwordHash = await hashPassword(password, this.deps.passwordCost);
    await this.deps.db.kysely.transaction().execute(async (trx) => {
      if (!(await new CodesRepository(trx).consume(stored.id, now))) throw failure(400, 'RESET_LINK_INVALID');
      await new UsersRepository(trx).update(stored.target, {
        password_hash: passwordHash,
        password_changed_at: now,
        updated_at: now,
      });
    });
    // Whoever knew the old password is signed out everywhere.
    await this.deps.sessions.revokeAllForUser(stored.target);
  }

  signOut(sessionId: string): Promise<void> {
    return this.deps.sessions.revoke(sessionId);
  }

  private async startSession(
    user: Pick<UserRow, 'id' | 'profession' | 'is_staff'>,
    meta: RequestMeta,
  ): Promise<SignedInResult> {
    if (meta.previousSessionId) await this.deps.sessions.revoke(meta.previousSessionId);
    const { token } = await this.deps.sessions.create(user.id, { ip: meta.ip, userAgent: meta.userAgent });
    return { token, userId: user.id, homePath: homePathOf(user) };
  }

  private async mayUsePhone(phone: string): Promise<boolean> {
    if (await this.users.findByPhone(phone)) return true;
    if ((await this.repo.studentsWithPhone(phone)).length > 0) return true;
    if (await this.repo.isLinkedParent(phone)) return true;
    return this.repo.hasAssistantInvitation(phone, this.deps.clock.now());
  }

  /** The user of a phone; students and parents get their user at their first sign-in. */
  private async findOrCreatePhoneUser(phone: string, now: number): Promise<UserRow | undefined> {
    const existing = await this.users.findByPhone(phone);
    if (existing) return existing;
    return this.deps.db.kysely.transaction().execute(async (trx) => {
      const repo = new AuthRepository(trx);
      const users = new UsersRepository(trx);
      const students = await repo.studentsWithPhone(phone);
      const isParent = students.length === 0 && (await repo.isLinkedParent(phone));
      // An invited assistant gets a user without a profession; accepting the invitation sets it.
      const isInvitee = !isParent && students.length === 0 && (await repo.hasAssistantInvitation(phone, now));
      if (students.length === 0 && !isParent && !isInvitee) return undefined;
      const user: UserRow = {
        id: newId(now),
        name: students[0]?.name ?? phone,
        email: null,
        phone,
        password_hash: null,
        profession: students.length > 0 ? 'Student' : isParent ? 'Parent' : null,
        is_staff: 0,
        avatar_key: null,
        suspicious_at: null,
        disabled_at: null,
        password_changed_at: null,
        created_at: now,
        updated_at: now,
      };
      await users.insert(user);
      if (students.length > 0) await repo.linkStudentRecords(user.id, phone);
      return user;
    });
  }
}
