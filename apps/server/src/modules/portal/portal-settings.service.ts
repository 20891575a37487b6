import type { PortalSettings, PortalSettingsView } from '@batchwise/domain';
import type { Db } from '../../db/database';
import type { Principal } from '../../lib/access';
import type { Clock } from '../../lib/clock';
import { failure, notFound } from '../../lib/errors';
import { type AccessPolicy, seesClassroom } from '../access/access.policy';
import type { EventBus } from '../events/event-bus';
import type { OnlinePayService } from '../online-pay/online-pay.service';
import { settingsOf } from './portal.policy';
import { PortalRepository } from './portal.repository';

/**
 * What the family portal shows of a classroom, as its teacher decides (DESIGN.md §1 "Family
 * portal"): staff who see the classroom read it, its owners and admins change it. The portal and
 * the attendance SMS read it through `settingsOf` (portal.policy.ts).
 */
export class PortalSettingsService {
  constructor(
    private readonly deps: {
      db: Db;
      clock: Clock;
      access: AccessPolicy;
      events: EventBus;
      onlinePay: OnlinePayService;
    },
  ) {}

  async get(principal: Principal, accountId: string, classroomId: string): Promise<PortalSettingsView> {
    await this.visible(principal, accountId, classroomId);
    return this.view(accountId, classroomId);
  }

  async update(
    principal: Principal,
    accountId: string,
    classroomId: string,
    input: PortalSettings,
  ): Promise<PortalSettingsView> {
    const scope = await this.visible(principal, accountId, classroomId);
    if (scope.relation === 'assistant') throw failure(403, 'FORBIDDEN');
    await new PortalRepository(this.deps.db.kysely).saveSettings({
      classroom_id: classroomId,
      account_id: accountId,
      show_dues: input.showDues ? 1 : 0,
      online_payment: input.onlinePayment ? 1 : 0,
      show_attendance: input.showAttendance ? 1 : 0,
      show_results: input.showResults ? 1 : 0,
      attendance_link_sms: input.attendanceLinkInSms ? 1 : 0,
      updated_by: principal.user.id,
      updated_at: this.deps.clock.now(),
    });
    await this.deps.events.publish({
      channel: `account:${accountId}`,
      type: 'portal.settings',
      stale: [{ resource: 'portal-settings', params: { accountId } }],
    });
    return this.view(accountId, classroomId);
  }

  /** Whether each classroom's attendance SMS carry the child's attendance link. */
  async linkInSms(classroomIds: readonly string[]): Promise<Set<string>> {
    const rows = await new PortalRepository(this.deps.db.kysely).settings(classroomIds);
    return new Set(rows.filter((r) => settingsOf(r).attendanceLinkInSms).map((r) => r.classroom_id));
  }

  private async view(accountId: string, classroomId: string): Promise<PortalSettingsView> {
    const [row] = await new PortalRepository(this.deps.db.kysely).settings([classroomId]);
    const gateways = (await this.deps.onlinePay.onlinePayOptions([accountId])).get(accountId) ?? [];
    return {
      ...settingsOf(row),
      classroomId,
      onlinePaymentReady: gateways.length > 0,
      updatedAt: row ? Number(row.updated_at) : null,
    };
  }

  private async visible(principal: Principal, accountId: string, classroomId: string) {
    const scope = await this.deps.access.requireAccount(principal, accountId);
    if (!seesClassroom(scope, classroomId)) throw notFound();
    if (!(await new PortalRepository(this.deps.db.kysely).classroom(accountId, classroomId)))
      throw notFound();
    return scope;
  }
}
