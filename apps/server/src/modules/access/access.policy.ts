import type { Principal } from '../../lib/access';
import { notFound } from '../../lib/errors';
import type { AccessRepository } from './access.repository';

/** How the caller reaches an institution account. */
export type Relation = 'owner' | 'admin' | 'assistant';

export interface AccountScope {
  accountId: string;
  relation: Relation;
  /** Classrooms an assistant may see; 'all' for owners, admins and account-wide grants. */
  classrooms: 'all' | string[];
  manageStudents: boolean;
  modifyCustomId: boolean;
}

/**
 * The one place that answers "which institution accounts may this caller act on, and how".
 * Services call it for every read and write; list queries filter by its answer.
 */
export class AccessPolicy {
  constructor(private readonly repo: AccessRepository) {}

  async scopes(principal: Principal): Promise<AccountScope[]> {
    const { user } = principal;
    const scopes: AccountScope[] = [];
    if (user.profession === 'Teacher' || user.profession === 'Admin') {
      const own = await this.repo.ownAccount(user.id);
      if (own) {
        scopes.push({
          accountId: own.id,
          relation: 'owner',
          classrooms: 'all',
          manageStudents: true,
          modifyCustomId: true,
        });
        if (own.kind === 'Admin') {
          for (const t of await this.repo.teachersOfAdmin(own.id)) {
            scopes.push({
              accountId: t.teacher_account_id,
              relation: 'admin',
              classrooms: 'all',
              manageStudents: true,
              modifyCustomId: true,
            });
          }
        }
      }
    }
    if (user.profession === 'TeacherAssistant') {
      const byAccount = new Map<string, AccountScope>();
      for (const grant of await this.repo.acceptedGrants(user.id)) {
        const scope = byAccount.get(grant.account_id) ?? {
          accountId: grant.account_id,
          relation: 'assistant' as const,
          classrooms: [] as string[],
          manageStudents: false,
          modifyCustomId: false,
        };
        if (grant.classroom_id === null) {
          scope.classrooms = 'all';
          scope.manageStudents ||= grant.manage_students === 1;
          scope.modifyCustomId ||= grant.modify_custom_id === 1;
        } else if (scope.classrooms !== 'all') {
          scope.classrooms.push(grant.classroom_id);
        }
        byAccount.set(grant.account_id, scope);
      }
      scopes.push(...byAccount.values());
    }
    return scopes;
  }

  /** The caller's scope on one account, or 404 — the same answer as for an account that does not exist. */
  async requireAccount(principal: Principal, accountId: string): Promise<AccountScope> {
    const scope = (await this.scopes(principal)).find((s) => s.accountId === accountId);
    if (!scope) throw notFound();
    return scope;
  }
}
