import type { Db } from '../../db/database';
import type { Principal } from '../../lib/access';
import type { Clock } from '../../lib/clock';
import { failure } from '../../lib/errors';
import { logActivity } from '../activity/activity';
import { homePathOf } from '../auth/auth.service';
import type { SessionService } from '../auth/sessions.service';
import { UsersRepository } from '../auth/users.repository';

export interface SwitchResult {
  token: string;
  userId: string;
  homePath: string;
}

/**
 * Staff impersonation: the spec's bypass login, made safe. Only platform staff may use it, never on
 * another staff member, and every start and end is written to the activity log.
 */
export class StaffService {
  constructor(private readonly deps: { db: Db; clock: Clock; sessions: SessionService }) {}

  async impersonate(
    staff: Principal,
    emailOrId: string,
    suid: string | undefined,
    meta: { ip: string; userAgent?: string },
    reason?: string,
  ): Promise<SwitchResult> {
    const users = new UsersRepository(this.deps.db.kysely);
    const target = emailOrId.includes('@')
      ? await users.findByEmail(emailOrId)
      : await users.findById(emailOrId);
    if (!target || target.is_staff || target.disabled_at) throw failure(404, 'IMPERSONATION_TARGET_MISSING');
    const now = this.deps.clock.now();
    await logActivity(
      this.deps.db.kysely,
      staff,
      {
        accountId: null,
        eventName: 'Staff Impersonation Start',
        message: reason
          ? { key: 'staffSignedInAsBecause', params: { staff: staff.user.name, name: target.name, reason } }
          : { key: 'staffSignedInAs', params: { staff: staff.user.name, name: target.name } },
        subjectType: 'user',
        subjectId: target.id,
        data: suid || reason ? { suid, reason } : undefined,
      },
      now,
    );
    await this.deps.sessions.revoke(staff.session.id);
    const { token } = await this.deps.sessions.create(target.id, { ...meta, impersonatorId: staff.user.id });
    const home = homePathOf(target);
    return {
      token,
      userId: target.id,
      homePath: suid ? `/student/dashboard?suid=${encodeURIComponent(suid)}` : home,
    };
  }

  /**
   * Flags an account for suspicious traffic (reads, writes and live updates refused) or disables
   * it (sessions end now, sign-in refused). Staff accounts are out of reach of this tool.
   */
  async setFlags(
    staff: Principal,
    userId: string,
    flags: { suspicious?: boolean; disabled?: boolean },
  ): Promise<void> {
    const users = new UsersRepository(this.deps.db.kysely);
    const target = await users.findById(userId);
    if (!target || target.is_staff) throw failure(404, 'IMPERSONATION_TARGET_MISSING');
    const now = this.deps.clock.now();
    await this.deps.db.kysely.transaction().execute(async (trx) => {
      await new UsersRepository(trx).update(userId, {
        ...(flags.suspicious === undefined ? {} : { suspicious_at: flags.suspicious ? now : null }),
        ...(flags.disabled === undefined ? {} : { disabled_at: flags.disabled ? now : null }),
        updated_at: now,
      });
      await logActivity(
        trx,
        staff,
        {
          accountId: null,
          eventName: 'Staff Account Flags',
          message: {
            key: 'staffSetFlags',
            params: { staff: staff.user.name, flags: JSON.stringify(flags), name: target.name },
          },
          subjectType: 'user',
          subjectId: userId,
          data: flags,
        },
        now,
      );
    });
    if (flags.disabled) await this.deps.sessions.revokeAllForUser(userId);
  }

  /** Ends an impersonation and returns the staff member to their own session. */
  async end(principal: Principal, meta: { ip: string; userAgent?: string }): Promise<SwitchResult> {
    const staffId = principal.session.impersonator_id;
    const staff = staffId ? await new UsersRepository(this.deps.db.kysely).findById(staffId) : undefined;
    if (!staff?.is_staff) throw failure(403, 'FORBIDDEN');
    await logActivity(
      this.deps.db.kysely,
      { user: staff, session: principal.session },
      {
        accountId: null,
        eventName: 'Staff Impersonation End',
        message: { key: 'staffStoppedSigningInAs', params: { staff: staff.name, name: principal.user.name } },
        subjectType: 'user',
        subjectId: principal.user.id,
      },
      this.deps.clock.now(),
    );
    await this.deps.sessions.revoke(principal.session.id);
    const { token } = await this.deps.sessions.create(staff.id, meta);
    return { token, userId: staff.id, homePath: homePathOf(staff) };
  }
}
