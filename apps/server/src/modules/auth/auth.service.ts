import { dashboardPath, type SignUpRequest, type ToolKey } from '@batchwise/domain';
import type { Db } from '../../db/database';
import type { UserRow } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { failure } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { IdentityRepository } from '../identity/identity.repository';
import { sendPhoneProof, spendPhoneProof } from '../identity/phone-proof';
import type { JobQueue } from '../jobs/jobs.service';
import { addressKey } from '../rate-limit/address-key';
import type { RateLimiter } from '../rate-limit/rate-limit.service';
import { AUTH_LIMITS, CODE_SEND_BACKOFF, KNOWN_DEVICE_BACKOFF, SIGN_IN_BACKOFF } from './auth.limits';
import { AuthRepository } from './auth.repository';
import { KnownDevices } from './known-devices';
import { hashPassword, needsRehash, type ScryptCost, verifyPassword } from './password';
import { PasswordResets } from './password-reset';
import type { SessionService } from './sessions.service';
import { SignUps } from './sign-up';
import { digest } from './tokens';
import { UsersRepository } from './users.repository';

export interface RequestMeta {
  ip: string;
  userAgent?: string;
  /** The session being replaced at sign-in, revoked so a planted cookie cannot survive it. */
  previousSessionId?: string;
  /** The browser's device cookie (known-devices.ts), when it has one. */
  deviceToken?: string;
}

export interface AuthDeps {
  db: Db;
  clock: Clock;
  sessions: SessionService;
  limiter: RateLimiter;
  jobs: JobQueue;
  passwordCost: ScryptCost;
  signupWebhook: boolean;
  /** Where links in e-mails point, e.g. https://app.batchwise.com.bd (config, never a request's Host). */
  appUrl: string;
  /** SMS a new account starts with (config SMS_SIGNUP_GRANT). */
  smsSignupGrant: number;
  /** The tools a new account gets installed (the plans module's starting plan). */
  startingTools: () => Promise<ToolKey[]>;
}

export interface SignedInResult {
  token: string;
  userId: string;
  homePath: string;
  /** The device cookie the browser keeps from now on. */
  deviceToken: string;
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

function dummyHashOf(cost: ScryptCost): Promise<string> {
  dummyHash ??= hashPassword('not a real password', cost).catch((err: unknown) => {
    dummyHash = undefined; // refused while the hasher was busy: make it again next time
    throw err;
  });
  return dummyHash;
}

export class AuthService {
  private readonly users: UsersRepository;
  private readonly repo: AuthRepository;
  private readonly resets: PasswordResets;
  private readonly signUps: SignUps;
  private readonly devices: KnownDevices;

  constructor(private readonly deps: AuthDeps) {
    this.resets = new PasswordResets(deps);
    this.signUps = new SignUps(deps);
    this.devices = new KnownDevices(deps.db.kysely);
    this.users = new UsersRepository(deps.db.kysely);
    this.repo = new AuthRepository(deps.db.kysely);
  }

  /** Mails the link that makes the account, or tells a registered e-mail's owner; answers alike. */
  requestSignUp(input: SignUpRequest, meta: RequestMeta): Promise<void> {
    return this.signUps.request(input, meta);
  }

  /** The mailed link proved the e-mail: the account is made and its maker signed in. */
  async confirmSignUp(token: string, meta: RequestMeta): Promise<SignedInResult> {
    return this.startSession(await this.signUps.confirm(token), meta);
  }

  /**
   * Every try is counted as a failure before the password is checked, each limit taking its slot
   * in one statement, so parallel guesses cannot all be checked (OWASP Authentication Cheat
   * Sheet); a right password gives the slots back. A browser that signed in to this account before
   * (its device cookie) counts only under its own backoff, so strangers filling the address and
   * account limits never hold up the owner there; elsewhere the account's own ceiling is taken
   * last, so an address already refused by its backoff cannot use it up. The account's counts
   * belong to its current password: a reset starts them again (IDENTITY.md "Abuse limits").
   */
  async signInWithPassword(email: string, password: string, meta: RequestMeta): Promise<SignedInResult> {
    const { limiter, passwordCost, clock } = this.deps;
    const user = await this.users.findByEmail(email);
    const known = user ? await this.devices.knows(meta.deviceToken, user.id, clock.now()) : false;
    const ip = addressKey(meta.ip);
    const account = `${email}:${user?.password_changed_at ?? 0}`;
    const slots = known
      ? [await limiter.takeAfterBackoff(KNOWN_DEVICE_BACKOFF, digest(meta.deviceToken!), 'SIGN_IN_TOO_MANY')]
      : [
          await limiter.take(AUTH_LIMITS.signInFailuresPerIp, ip, 'SIGN_IN_TOO_MANY'),
          await limiter.takeAfterBackoff(SIGN_IN_BACKOFF, `${ip}:${account}`, 'SIGN_IN_TOO_MANY'),
          await limiter.take(AUTH_LIMITS.signInFailuresPerAccount, account, 'SIGN_IN_TOO_MANY'),
        ];
    let ok: boolean;
    try {
      ok = await verifyPassword(password, user?.password_hash ?? (await dummyHashOf(passwordCost)));
    } catch (err) {
      // Not checked (the hasher was busy): not a failure of the account or the address.
      for (const slot of slots) await limiter.giveBack(slot);
      throw err;
    }
    if (!user || !ok || !user.password_hash || user.disabled_at) throw failure(401, 'SIGN_IN_FAILED');
    for (const slot of slots) await limiter.giveBack(slot);
    if (known) await limiter.clearBackoff(KNOWN_DEVICE_BACKOFF, digest(meta.deviceToken!));
    else await limiter.clearBackoff(SIGN_IN_BACKOFF, `${ip}:${account}`);
    if (needsRehash(user.password_hash, passwordCost)) {
      // A busy hasher only postpones the upgrade to the next sign-in.
      const upgraded = await hashPassword(password, passwordCost).catch(() => undefined);
      if (upgraded) await this.users.update(user.id, { password_hash: upgraded });
    }
    return this.startSession(user, meta);
  }

  /** Sends a sign-in code when the phone belongs to someone who may sign in; answers alike either way. */
  async requestPhoneCode(phone: string, meta: RequestMeta): Promise<void> {
    const { limiter, clock } = this.deps;
    const ip = addressKey(meta.ip);
    // The asking address's limits first: one address asking for someone's codes is stopped before
    // it touches the phone's own backoff. That backoff is no lock: whoever is told to wait has a
    // code sent moments ago, still good (IDENTITY.md "Abuse limits").
    await limiter.take(AUTH_LIMITS.codesPerIp, ip, 'CODE_TOO_MANY_REQUESTS');
    await limiter.take(AUTH_LIMITS.codesPerPhoneFromIp, `${phone}:${ip}`, 'CODE_TOO_MANY_REQUESTS');
    await limiter.take(AUTH_LIMITS.codesPerPhoneFromIpDaily, `${phone}:${ip}`, 'CODE_TOO_MANY_REQUESTS');
    await limiter.takeAfterBackoff(CODE_SEND_BACKOFF, phone, 'CODE_RECENTLY_SENT');
    if (!(await this.mayUsePhone(phone))) return;
    await this.deps.db.kysely.transaction().execute((trx) =>
      sendPhoneProof(
        trx,
        this.deps.jobs,
        {
          purpose: 'phone-sign-in',
          target: phone,
          phone,
          text: (code) => `Your Batchwise sign-in code is ${code}. It expires in 10 minutes. Never share it.`,
        },
        clock.now(),
      ),
    );
  }

  async verifyPhoneCode(phone: string, code: string, meta: RequestMeta): Promise<SignedInResult> {
    const now = this.deps.clock.now();
    const guess = await this.deps.limiter.take(
      AUTH_LIMITS.codeGuessesPerIp,
      addressKey(meta.ip),
      'SIGN_IN_TOO_MANY',
    );
    await spendPhoneProof(
      this.deps.db.kysely,
      { purpose: 'phone-sign-in', target: phone, code, refusal: 401 },
      now,
    );
    const user = await this.findOrCreatePhoneUser(phone, now);
    if (!user || user.disabled_at) throw failure(401, 'CODE_INVALID');
    await this.deps.limiter.giveBack(guess);
    await this.deps.limiter.clearBackoff(CODE_SEND_BACKOFF, phone);
    const result = await this.startSession(user, meta);
    // Only an invited assistant signs in by code without a role (see findOrCreatePhoneUser).
    return user.profession || user.is_staff ? result : { ...result, homePath: INVITEE_HOME };
  }

  /** Mails a single-use reset link when the e-mail has an account; answers alike either way. */
  requestPasswordReset(email: string, meta: RequestMeta): Promise<void> {
    return this.resets.request(email, meta);
  }

  /**
   * The reset proved the e-mail: the browser that made it becomes a known device of the user, so
   * the new password is never held up there by guesses made before. Returns its device cookie.
   */
  async resetPassword(token: string, password: string, meta: RequestMeta): Promise<string> {
    const userId = await this.resets.reset(token, password);
    return this.devices.remember(meta.deviceToken, userId, this.deps.clock.now());
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
    const deviceToken = await this.devices.remember(meta.deviceToken, user.id, this.deps.clock.now());
    return { token, userId: user.id, homePath: homePathOf(user), deviceToken };
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
    // The code just entered proves the phone: records listing it join the student's sign-in,
    // including ones added since their last sign-in (modules/identity/IDENTITY.md).
    if (existing?.profession === 'Student') {
      await new IdentityRepository(this.deps.db.kysely).linkProvenPhone(existing.id, phone);
    }
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
      if (students.length > 0) await new IdentityRepository(trx).linkProvenPhone(user.id, phone);
      return user;
    });
  }
}
