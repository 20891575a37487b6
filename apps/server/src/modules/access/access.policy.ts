import type { Principal } from '../../lib/access';
import { notFound } from '../../lib/errors';
import { deepFreeze } from '../../lib/serializer';
import { StampedCache, type TableStamps } from '../../lib/stamped-cache';
import type { AccessRepository } from './access.repository';

/** How the caller reaches an institution account. */
export type Relation = 'owner' | 'admin' | 'assistant';

export interface ClassroomFlags {
  manageStudents: boolean;
  modifyCustomId: boolean;
  sendSms: boolean;
  collectPayments: boolean;
}

export interface AccountScope {
  accountId: string;
  relation: Relation;
  /** Classrooms an assistant may see; 'all' for owners, admins and account-wide grants. */
  classrooms: 'all' | string[];
  /** Account-wide flags (always true for owners and admins). */
  manageStudents: boolean;
  modifyCustomId: boolean;
  sendSms: boolean;
  /** Takes payments at the counter (modules/fees/fees.policy.ts). */
  collectPayments: boolean;
  /** An assistant's flags from grants for single classrooms; they add to the account-wide flags there. */
  classroomFlags: Record<string, ClassroomFlags>;
  /** The caller owns this account and it is an admin's: lists on it span the admin's teachers. */
  adminTeam: boolean;
}

/** Whether the scope shows this classroom (of the scope's account). */
export function seesClassroom(scope: AccountScope, classroomId: string): boolean {
  return scope.classrooms === 'all' || scope.classrooms.includes(classroomId);
}

/** manageStudents on one classroom: owners and admins always; assistants by grant. */
export function managesStudentsIn(scope: AccountScope, classroomId: string): boolean {
  if (!seesClassroom(scope, classroomId)) return false;
  return scope.manageStudents || scope.classroomFlags[classroomId]?.manageStudents === true;
}

/** sendSms on one classroom (texting its students and parents): owners and admins always; assistants by grant. */
export function sendsSmsIn(scope: AccountScope, classroomId: string): boolean {
  if (!seesClassroom(scope, classroomId)) return false;
  return scope.sendSms || scope.classroomFlags[classroomId]?.sendSms === true;
}

/** collectPayments on one classroom (its students' dues and payments): owners and admins always; assistants by grant. */
export function collectsIn(scope: AccountScope, classroomId: string): boolean {
  if (!seesClassroom(scope, classroomId)) return false;
  return scope.collectPayments || scope.classroomFlags[classroomId]?.collectPayments === true;
}

/** modifyCustomID, account-wide or on one of the student's classrooms ("batch-specific or general"). */
export function modifiesCustomIdIn(scope: AccountScope, classroomIds: readonly string[]): boolean {
  return (
    scope.modifyCustomId ||
    classroomIds.some((id) => seesClassroom(scope, id) && scope.classroomFlags[id]?.modifyCustomId === true)
  );
}

/** The tables a caller's scopes are read from: a scope, or an answer built on it, lasts while they do. */
export const SCOPE_TABLES = ['accounts', 'admin_teachers', 'moderators', 'classrooms'] as const;

/**
 * The one place that answers "which institution accounts may this caller act on, and how".
 * Services call it for every read and write; list queries filter by its answer.
 */
export class AccessPolicy {
  /** Read on every request; kept until a table they come from changes (lib/stamped-cache.ts). */
  private readonly cache: StampedCache<readonly AccountScope[]>;

  constructor(
    private readonly repo: AccessRepository,
    changes?: TableStamps,
  ) {
    this.cache = new StampedCache(changes, SCOPE_TABLES);
  }

  /** Every account the caller may act on, and how. Shared between requests: do not change it. */
  scopes(principal: Principal): Promise<readonly AccountScope[]> {
    const { user } = principal;
    // The principal stands for its request: scopes are as of the stamps its session was read at.
    return this.cache.get(
      `${user.id}:${user.profession}`,
      async () => deepFreeze(await this.readScopes(user)),
      principal,
    );
  }

  private async readScopes(user: Principal['user']): Promise<AccountScope[]> {
    const scopes: AccountScope[] = [];
    const full = (accountId: string, relation: Relation, adminTeam = false): AccountScope => ({
      accountId,
      relation,
      classrooms: 'all',
      manageStudents: true,
      modifyCustomId: true,
      sendSms: true,
      collectPayments: true,
      classroomFlags: {},
      adminTeam,
    });
    if (user.profession === 'Teacher' || user.profession === 'Admin') {
      const own = await this.repo.ownAccount(user.id);
      if (own) {
        scopes.push(full(own.id, 'owner', own.kind === 'Admin'));
        if (own.kind === 'Admin') {
          for (const t of await this.repo.teachersOfAdmin(own.id))
            scopes.push(full(t.teacher_account_id, 'admin'));
        }
      }
    }
    if (user.profession === 'TeacherAssistant') scopes.push(...(await this.assistantScopes(user.id)));
    return scopes;
  }

  /** The caller's scope on one account, or 404 — the same answer as for an account that does not exist. */
  async requireAccount(principal: Principal, accountId: string): Promise<AccountScope> {
    const scope = (await this.scopes(principal)).find((s) => s.accountId === accountId);
    if (!scope) throw notFound();
    return scope;
  }

  /**
   * The accounts a list on `accountId` covers: an admin's own account spans the admin's teachers
   * (the spec's admin list with teacher names); any other account is just itself.
   */
  async listScopes(principal: Principal, accountId: string): Promise<AccountScope[]> {
    const scopes = await this.scopes(principal);
    const scope = scopes.find((s) => s.accountId === accountId);
    if (!scope) throw notFound();
    return scope.adminTeam ? scopes.filter((s) => s.relation !== 'assistant') : [scope];
  }

  /**
   * The team a student record of `accountId` belongs to, as far as the caller reaches it: an
   * admin works across all their teachers (students may be copied between them); anyone else
   * stays within the one account.
   */
  async teamScopes(principal: Principal, accountId: string): Promise<AccountScope[]> {
    const scopes = await this.scopes(principal);
    const scope = scopes.find((s) => s.accountId === accountId);
    if (!scope) throw notFound();
    const adminOfIt = scope.relation === 'admin' || (scope.relation === 'owner' && scope.adminTeam);
    return adminOfIt ? scopes.filter((s) => s.relation !== 'assistant') : [scope];
  }

  /**
   * An assistant sees accepted grants only. A grant for one classroom adds that classroom (with its
   * flags); a blocked one hides that classroom even under an account-wide grant; a blocked
   * account-wide grant gives nothing.
   */
  private async assistantScopes(userId: string): Promise<AccountScope[]> {
    const grants = await this.repo.acceptedGrants(userId);
    const scopes: AccountScope[] = [];
    for (const accountId of new Set(grants.map((g) => g.account_id))) {
      const mine = grants.filter((g) => g.account_id === accountId);
      const wide = mine.find((g) => g.classroom_id === null && g.blocked === 0);
      const blocked = new Set(
        mine.filter((g) => g.classroom_id && g.blocked === 1).map((g) => g.classroom_id!),
      );
      const flags: Record<string, ClassroomFlags> = {};
      for (const g of mine) {
        if (g.classroom_id && g.blocked === 0) {
          flags[g.classroom_id] = {
            manageStudents: g.manage_students === 1,
            modifyCustomId: g.modify_custom_id === 1,
            sendSms: g.send_sms === 1,
            collectPayments: g.collect_payments === 1,
          };
        }
      }
      let classrooms: 'all' | string[];
      if (wide && blocked.size === 0) classrooms = 'all';
      else if (wide) {
        classrooms = (await this.repo.classroomIdsOf(accountId))
          .map((c) => c.id)
          .filter((id) => !blocked.has(id));
      } else classrooms = Object.keys(flags).filter((id) => !blocked.has(id));
      if (!wide && classrooms.length === 0) continue;
      scopes.push({
        accountId,
        relation: 'assistant',
        classrooms,
        manageStudents: wide?.manage_students === 1,
        modifyCustomId: wide?.modify_custom_id === 1,
        sendSms: wide?.send_sms === 1,
        collectPayments: wide?.collect_payments === 1,
        classroomFlags: flags,
        adminTeam: false,
      });
    }
    return scopes;
  }
}
