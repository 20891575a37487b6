import type {
  addTeacherSchema,
  Invitation,
  inviteAssistantSchema,
  StaleResource,
  Team,
} from '@batchwise/domain';
import type { z } from 'zod';
import type { Db } from '../../db/database';
import type { Principal } from '../../lib/access';
import type { Clock } from '../../lib/clock';
import { failure, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import type { AccessPolicy } from '../access/access.policy';
import { newAccount } from '../accounts/account-defaults';
import { AccountsRepository } from '../accounts/accounts.repository';
import { logActivity } from '../activity/activity';
import { refuseTakenDetails } from '../auth/account-exists-notice';
import { AUTH_LIMITS } from '../auth/auth.limits';
import { hashPassword, isCommonPassword, type ScryptCost } from '../auth/password';
import { UsersRepository } from '../auth/users.repository';
import type { EventBus } from '../events/event-bus';
import type { JobQueue } from '../jobs/jobs.service';
import type { PlansService } from '../plans/plans.service';
import { addressKey } from '../rate-limit/address-key';
import type { RateLimiter } from '../rate-limit/rate-limit.service';
import { installOpeningTools } from '../tools/tools-opening';
import { requireModeratorSeat } from './moderator-seats';
import { sendInvitation } from './send-invitation';
import { TeamsRepository } from './teams.repository';

type InvitationRow = Awaited<ReturnType<TeamsRepository['pendingInvitationsOf']>>[number];

/**
 * The grants an assistant invitation carries. One sent before assistants had a send permission of
 * their own names no sendSms: it follows manageStudents, as the moderators rows did (0015). One
 * without collectPayments never collects (0021: money needs the teacher's word).
 */
function readGrants(json: string): {
  manageStudents: boolean;
  modifyCustomId: boolean;
  sendSms: boolean;
  collectPayments: boolean;
} {
  const grants = JSON.parse(json) as {
    manageStudents?: boolean;
    modifyCustomId?: boolean;
    sendSms?: boolean;
    collectPayments?: boolean;
  };
  return {
    manageStudents: grants.manageStudents === true,
    modifyCustomId: grants.modifyCustomId === true,
    sendSms: (grants.sendSms ?? grants.manageStudents) === true,
    collectPayments: grants.collectPayments === true,
  };
}

function toInvitation(row: InvitationRow): Invitation {
  const grants = readGrants(row.grants);
  return {
    id: row.id,
    kind: row.kind,
    accountId: row.account_id,
    institution: row.institution,
    invitedBy: row.invited_by_name,
    invitee: row.invitee_email ?? row.invitee_phone ?? '',
    classroomName: row.classroom_name,
    manageStudents: grants.manageStudents,
    modifyCustomId: grants.modifyCustomId,
    sendSms: grants.sendSms,
    collectPayments: grants.collectPayments,
    status: row.status,
    createdAt: row.created_at,
    expiresAt: row.expires_at,
  };
}

export interface TeamsDeps {
  db: Db;
  clock: Clock;
  access: AccessPolicy;
  jobs: JobQueue;
  events: EventBus;
  limiter: RateLimiter;
  passwordCost: ScryptCost;
  appUrl: string;
  /** SMS a teacher account starts with (config SMS_SIGNUP_GRANT). */
  smsSignupGrant: number;
  /** The plans module: the moderator limit and the tools a new account gets installed. */
  plans: Pick<PlansService, 'limit' | 'startingTools'>;
}

/** Admins and their teachers, teachers and their assistants, and the invitations between them. */
export class TeamsService {
  private readonly repo: TeamsRepository;

  constructor(private readonly deps: TeamsDeps) {
    this.repo = new TeamsRepository(deps.db.kysely);
  }

  async team(principal: Principal, accountId: string): Promise<Team> {
    const scope = await this.manager(principal, accountId);
    const now = this.deps.clock.now();
    const account = await new AccountsRepository(this.deps.db.kysely).findById(accountId);
    const teachers =
      scope.relation === 'owner' && account?.kind === 'Admin' ? await this.repo.teachersOf(accountId) : [];
    const assistants = await this.repo.assistantsOf(accountId);
    return {
      members: [
        ...teachers.map((t) => ({
          id: t.id,
          userId: t.user_id,
          name: t.name,
          email: t.email,
          phone: t.phone,
          role: 'teacher' as const,
          classroomName: null,
          manageStudents: true,
          modifyCustomId: true,
          sendSms: true,
          collectPayments: true,
        })),
        ...assistants.map((a) => ({
          id: a.id,
          userId: a.user_id,
          name: a.name,
          email: a.email,
          phone: a.phone,
          role: 'assistant' as const,
          classroomName: a.classroom_name,
          manageStudents: a.manage_students === 1,
          modifyCustomId: a.modify_custom_id === 1,
          sendSms: a.send_sms === 1,
          collectPayments: a.collect_payments === 1,
        })),
      ],
      invitations: (await this.repo.pendingInvitationsOf(accountId, now)).map(toInvitation),
    };
  }

  /**
   * An admin creates a teacher account under them, or invites a teacher by e-mail. Neither says
   * whether the e-mail or phone already has an account (anyone can open an admin account): a
   * creation that clashes is refused with one code, counted like a refused sign-up, and an
   * invitation goes out whoever the invitee is; being a teacher without an admin is checked when
   * it is accepted.
   */
  async addTeacher(
    principal: Principal,
    adminAccountId: string,
    input: z.output<typeof addTeacherSchema>,
    meta: { ip: string },
  ): Promise<void> {
    const scope = await this.deps.access.requireAccount(principal, adminAccountId);
    const admin = await new AccountsRepository(this.deps.db.kysely).findById(adminAccountId);
    if (scope.relation !== 'owner' || admin?.kind !== 'Admin') throw failure(403, 'FORBIDDEN');
    const now = this.deps.clock.now();
    if (input.mode === 'create') {
      if (isCommonPassword(input.password)) throw failure(400, 'PASSWORD_TOO_COMMON');
      const { limiter } = this.deps;
      const refusal = await limiter.take(
        AUTH_LIMITS.signUpRefusalsPerIp,
        addressKey(meta.ip),
        'SIGN_UP_TOO_MANY',
      );
      const passwordHash = await hashPassword(input.password, this.deps.passwordCost).catch(async (err) => {
        await limiter.giveBack(refusal);
        throw err;
      });
      const startingTools = await this.deps.plans.startingTools();
      const taken = await this.deps.db.kysely.transaction().execute(async (trx) => {
        const users = new UsersRepository(trx);
        const owner = await users.findByEmail(input.email);
        if (owner || (await users.findByPhone(input.phone))) return { owner };
        const userId = newId(now);
        const accountId = newId(now);
        const inserted = await users.insertIfFree({
          id: userId,
          name: input.name,
          email: input.email,
          phone: input.phone,
          password_hash: passwordHash,
          profession: 'Teacher',
          is_staff: 0,
          created_at: now,
          updated_at: now,
        });
        if (!inserted) return { owner: await users.findByEmail(input.email) };
        await new AccountsRepository(trx).open(
          newAccount(
            {
              accountType: 'Teacher',
              businessAccount: admin.app_mode === 'SMS_GATEWAY',
              institution: admin.institution,
            },
            { accountId, ownerId: userId, referredBy: adminAccountId },
            now,
            this.deps.smsSignupGrant,
          ),
        );
        await installOpeningTools(trx, accountId, startingTools, now);
        await new TeamsRepository(trx).addTeacher(adminAccountId, accountId, now);
        await logActivity(
          trx,
          principal,
          {
            accountId: adminAccountId,
            eventName: 'Add Teacher',
            message: { key: 'teacherCreated', params: { name: input.name } },
            subjectType: 'account',
            subjectId: accountId,
          },
          now,
        );
        return undefined;
      });
      if (taken) {
        await refuseTakenDetails(this.deps.jobs, taken, {
          appUrl: this.deps.appUrl,
          now,
          code: 'TEACHER_CREATE_REFUSED',
        });
      }
      await limiter.giveBack(refusal);
      return;
    }
    await sendInvitation(this.deps, principal, {
      kind: 'admin-teacher',
      accountId: adminAccountId,
      email: input.email,
      phone: null,
      classroomId: null,
      grants: {},
      institution: admin.institution,
    });
  }

  async inviteAssistant(
    principal: Principal,
    accountId: string,
    input: z.output<typeof inviteAssistantSchema>,
  ): Promise<void> {
    await this.manager(principal, accountId);
    const email = input.email?.trim().toLowerCase() || null;
    const phone = input.phone || null;
    if (input.classroomId && !(await this.repo.classroomOf(accountId, input.classroomId))) throw notFound();
    const users = new UsersRepository(this.deps.db.kysely);
    const invitee = email
      ? await users.findByEmail(email)
      : phone
        ? await users.findByPhone(phone)
        : undefined;
    // Whether the invitee has an account, and which role, is not told here: that would let anyone
    // with a teacher account look up strangers' e-mails and phones. The invitation goes out
    // alike; the role is checked when it is accepted. Only people already assisting this very
    // account (listed on its team page anyway) are refused.
    if (invitee && (await this.repo.findGrant(accountId, invitee.id, input.classroomId ?? null)))
      throw failure(409, 'ASSISTANT_ALREADY');
    // The plan's moderator limit (part 1 §6: 2 on Lite) counts assistants and open invitations;
    // someone already assisting here, for another classroom, takes no new seat.
    const seats = await this.repo.assistantSeats(accountId, this.deps.clock.now());
    const known = seats.users.some((u) => (email && u.email === email) || (phone && u.phone === phone));
    const pendingAlready = seats.pending.some(
      (p) => (email && p.invitee_email === email) || (phone && p.invitee_phone === phone),
    );
    if (!known && !pendingAlready)
      await requireModeratorSeat(this.deps.plans, accountId, seats.users.length + seats.pending.length);
    const account = await new AccountsRepository(this.deps.db.kysely).findById(accountId);
    await sendInvitation(this.deps, principal, {
      kind: 'assistant',
      accountId,
      email,
      phone,
      classroomId: input.classroomId ?? null,
      grants: {
        manageStudents: input.manageStudents,
        modifyCustomId: input.modifyCustomId,
        sendSms: input.sendSms,
        collectPayments: input.collectPayments,
      },
      institution: account?.institution ?? '',
    });
  }

  async myInvitations(principal: Principal): Promise<Invitation[]> {
    const rows = await this.repo.pendingInvitationsFor(principal.user, this.deps.clock.now());
    return rows.map(toInvitation);
  }

  async respond(principal: Principal, invitationId: string, answer: 'accept' | 'decline'): Promise<void> {
    const { user } = principal;
    const now = this.deps.clock.now();
    const invitation = await this.repo.findInvitation(invitationId);
    const addressedToMe =
      invitation &&
      ((user.email && invitation.invitee_email === user.email) ||
        (user.phone && invitation.invitee_phone === user.phone));
    if (!invitation || !addressedToMe || invitation.status !== 'pending' || invitation.expires_at <= now) {
      throw failure(404, 'INVITATION_NOT_FOUND');
    }
    await this.deps.db.kysely.transaction().execute(async (trx) => {
      const repo = new TeamsRepository(trx);
      if (!(await repo.respond(invitation.id, answer === 'accept' ? 'accepted' : 'declined', user.id, now))) {
        throw failure(404, 'INVITATION_NOT_FOUND');
      }
      if (answer === 'decline') return;
      if (invitation.kind === 'admin-teacher') {
        const own = await new AccountsRepository(trx).findByOwner(user.id);
        if (user.profession !== 'Teacher' || !own) throw failure(409, 'NOT_A_TEACHER');
        if (await repo.adminOf(own.id)) throw failure(409, 'TEACHER_HAS_ADMIN');
        await repo.addTeacher(invitation.account_id, own.id, now);
      } else {
        if (user.profession && user.profession !== 'TeacherAssistant')
          throw failure(409, 'INVITEE_WRONG_ROLE');
        if (!user.profession)
          await new UsersRepository(trx).update(user.id, { profession: 'TeacherAssistant', updated_at: now });
        if (await repo.findGrant(invitation.account_id, user.id, invitation.classroom_id))
          throw failure(409, 'ASSISTANT_ALREADY');
        // Invitations sent before a plan change may outnumber the seats left: the limit holds here too.
        const seated = (await repo.assistantSeats(invitation.account_id, now)).users;
        if (!seated.some((u) => u.id === user.id))
          await requireModeratorSeat(this.deps.plans, invitation.account_id, seated.length);
        const grants = readGrants(invitation.grants);
        await repo.insertGrant({
          id: newId(now),
          account_id: invitation.account_id,
          user_id: user.id,
          classroom_id: invitation.classroom_id,
          status: 'accepted',
          manage_students: grants.manageStudents ? 1 : 0,
          modify_custom_id: grants.modifyCustomId ? 1 : 0,
          send_sms: grants.sendSms ? 1 : 0,
          collect_payments: grants.collectPayments ? 1 : 0,
          blocked: 0,
          created_at: invitation.created_at,
          accepted_at: now,
        });
      }
      await logActivity(
        trx,
        principal,
        {
          accountId: invitation.account_id,
          eventName: 'Accept Invitation',
          message: {
            key: invitation.kind === 'assistant' ? 'assistantJoined' : 'teacherJoined',
            params: { name: user.name },
          },
          subjectType: 'user',
          subjectId: user.id,
        },
        now,
      );
    });
    // The inviting account's team and everyone's session change: an admin gains a teacher, an
    // assistant an account.
    const params = { accountId: invitation.account_id };
    const stale: StaleResource[] = [
      { resource: 'team', params },
      { resource: 'session' },
      { resource: 'accounts', params },
    ];
    await this.deps.events.publish({
      channel: `account:${invitation.account_id}`,
      type: 'team.changed',
      stale,
    });
    await this.deps.events.publish({ channel: `user:${user.id}`, type: 'team.changed', stale });
  }

  async revokeInvitation(principal: Principal, accountId: string, invitationId: string): Promise<void> {
    await this.manager(principal, accountId);
    const invitation = await this.repo.findInvitation(invitationId);
    if (!invitation || invitation.account_id !== accountId) throw notFound();
    if (!(await this.repo.respond(invitationId, 'revoked', principal.user.id, this.deps.clock.now()))) {
      throw failure(404, 'INVITATION_NOT_FOUND');
    }
  }

  async removeAssistant(principal: Principal, accountId: string, grantId: string): Promise<void> {
    await this.manager(principal, accountId);
    const now = this.deps.clock.now();
    await this.deps.db.kysely.transaction().execute(async (trx) => {
      if (!(await new TeamsRepository(trx).deleteGrant(accountId, grantId))) throw notFound();
      await logActivity(
        trx,
        principal,
        {
          accountId,
          eventName: 'Remove Assistant',
          message: { key: 'assistantAccessRemoved', params: {} },
          subjectType: 'grant',
          subjectId: grantId,
        },
        now,
      );
    });
  }

  /** Owners and their admins manage a team; assistants do not. */
  private async manager(principal: Principal, accountId: string) {
    const scope = await this.deps.access.requireAccount(principal, accountId);
    if (scope.relation === 'assistant') throw failure(403, 'FORBIDDEN');
    return scope;
  }
}
