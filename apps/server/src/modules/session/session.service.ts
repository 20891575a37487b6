import { mergeInstalledTools, type Session } from '@batchwise/domain';
import type { Principal } from '../../lib/access';
import type { Clock } from '../../lib/clock';
import { failure } from '../../lib/errors';
import { type AccessPolicy, collectsIn, sendsSmsIn } from '../access/access.policy';
import { homePathOf, INVITEE_HOME } from '../auth/auth.service';
import type { SessionService } from '../auth/sessions.service';
import type { UsersRepository } from '../auth/users.repository';
import { pictureUrl } from '../media/images';
import { smsPayer } from '../sms/sms-quota';
import type { QuotaAccount, SmsQuotaRepository } from '../sms/sms-quota.repository';
import type { MyClassesRepository } from '../students/my-classes.repository';
import type { SessionRepository } from './session.repository';

interface Preferences {
  type?: string;
  currency?: string;
  manageMultiBranches?: boolean;
}

/**
 * Role-based loading (spec part 1 §4): what the signed-in user's role may see, in one answer whose
 * size depends on accounts and classes, never on how many students a teacher has.
 */
export class SessionLoader {
  constructor(
    private readonly repo: SessionRepository,
    private readonly access: AccessPolicy,
    private readonly users: UsersRepository,
    private readonly sessions: SessionService,
    private readonly clock: Clock,
    private readonly quotas: SmsQuotaRepository,
    private readonly myClasses: MyClassesRepository,
  ) {}

  async load(principal: Principal): Promise<Omit<Session, 'notices'>> {
    const { user, session } = principal;
    // A user without a record of their role cannot use the app: the spec signs them out. The one
    // exception is an invited assistant who signed in by phone to answer the invitation.
    const invitee =
      !user.profession && !user.is_staff && (await this.repo.hasPendingInvitation(user, this.clock.now()));
    if (!user.profession && !user.is_staff && !invitee) throw failure(403, 'MISSING_USER_RECORD');
    const scopes = await this.access.scopes(principal);
    if (
      (user.profession === 'Teacher' || user.profession === 'Admin') &&
      !scopes.some((s) => s.relation === 'owner')
    ) {
      throw failure(403, 'MISSING_USER_RECORD');
    }

    const rows = await this.repo.accountsWithOwners(scopes.map((s) => s.accountId));
    const accounts = scopes.flatMap((scope) => {
      const row = rows.find((r) => r.id === scope.accountId);
      if (!row) return [];
      const prefs = JSON.parse(row.preferences) as Preferences;
      return [
        {
          id: row.id,
          kind: row.kind,
          institution: row.institution,
          ownerName: row.owner_name,
          relation: scope.relation,
          appMode: row.app_mode,
          accountType: prefs.type ?? 'Default',
          currency: prefs.currency ?? 'BDT',
          manageMultiBranches: prefs.manageMultiBranches === true,
          logoUrl: pictureUrl(row.logo_key),
          classrooms: scope.classrooms,
          manageStudents: scope.manageStudents,
          modifyCustomId: scope.modifyCustomId,
          sendSms: scope.sendSms,
          sendSmsClassrooms: Object.keys(scope.classroomFlags).filter((id) => sendsSmsIn(scope, id)),
          collectPayments: scope.collectPayments,
          collectPaymentsClassrooms: Object.keys(scope.classroomFlags).filter((id) => collectsIn(scope, id)),
        },
      ];
    });

    const own = accounts.find((a) => a.relation === 'owner');
    const stored = session.active_account_id && accounts.some((a) => a.id === session.active_account_id);
    // An admin works on the first listed teacher unless they chose another (spec: "the first
    // teacher becomes the active one").
    const activeAccountId = stored
      ? session.active_account_id
      : own?.kind === 'Admin'
        ? (accounts.find((a) => a.relation === 'admin')?.id ?? own.id)
        : (own?.id ?? accounts[0]?.id ?? null);

    // Tools: an assistant uses only their own (they have none of their own account yet); others
    // merge own and managed accounts, the later expiry winning.
    const toolRows =
      user.profession === 'TeacherAssistant' ? [] : await this.repo.tools(accounts.map((a) => a.id));
    const merged = mergeInstalledTools(toolRows.map((t) => ({ key: t.tool_key, Expires: t.expires_at })));
    const tools = merged.map((t) => ({
      key: t.key,
      route: toolRows.find((r) => r.tool_key === t.key)?.route ?? null,
      expiresAt: t.Expires ?? null,
    }));

    const students =
      user.profession === 'Student'
        ? await this.myClasses.withClasses({ userId: user.id })
        : user.profession === 'Parent' && user.phone
          ? await this.myClasses.withClasses({ parentPhone: user.phone })
          : [];

    const impersonator = session.impersonator_id
      ? await this.users.findById(session.impersonator_id)
      : undefined;
    return {
      user: {
        id: user.id,
        name: user.name,
        email: user.email,
        phone: user.phone,
        profession: user.profession,
        isStaff: user.is_staff === 1,
        avatarUrl: pictureUrl(user.avatar_key),
      },
      homePath: invitee ? INVITEE_HOME : homePathOf(user),
      impersonator: impersonator ? { id: impersonator.id, name: impersonator.name } : null,
      accounts,
      activeAccountId,
      tools,
      smsQuota: await this.smsQuota(rows.find((r) => r.id === activeAccountId)),
      students: students.map((s) => ({
        studentId: s.id,
        accountId: s.account_id,
        name: s.name,
        customId: s.custom_id,
        institution: s.institution,
        classes: s.classes.map((c) => ({
          classroomId: c.id,
          name: c.name,
          grade: c.grade,
          subject: c.subject,
          teacherName: c.teacher_name,
          institution: c.institution,
          acceptedAt: c.accepted_at,
        })),
      })),
    };
  }

  /** Switches the account an admin or assistant works on, among the accounts they may reach. */
  async switchAccount(principal: Principal, accountId: string): Promise<void> {
    await this.access.requireAccount(principal, accountId);
    await this.sessions.setActiveAccount(principal.session.id, accountId);
  }

  private async smsQuota(account: QuotaAccount | undefined) {
    return account ? smsPayer(this.quotas, account) : null;
  }
}
