import {
  ATTENDANCE_ALERT_KINDS,
  ATTENDANCE_ALERT_LANGUAGES,
  ATTENDANCE_ALERT_TEMPLATES,
  ATTENDANCE_SMS_WINDOW,
  type AttendanceAlertClassrooms,
  type AttendanceAlertLog,
  type AttendanceAlertLogQuery,
  type AttendanceAlertSettings,
  type AttendanceAlertSettingsInput,
  attendanceAlertSettingsInputSchema,
  attendanceAlertTemplateProblems,
  DEFAULT_LATE_AFTER_MINUTES,
} from '@batchwise/domain';
import type { Db } from '../../db/database';
import type { Principal } from '../../lib/access';
import type { Clock } from '../../lib/clock';
import { AppError, notFound } from '../../lib/errors';
import type { AccessPolicy } from '../access/access.policy';
import type { EventBus } from '../events/event-bus';
import { requireAlertManager } from './attendance-alerts.policy';
import { AttendanceAlertsRepository } from './attendance-alerts.repository';
import {
  DEFAULT_ALERT_LANGUAGE,
  type OwnTemplates,
  ownTemplates,
  templatesOf,
} from './attendance-alerts-build';

export interface AttendanceAlertsDeps {
  db: Db;
  clock: Clock;
  access: AccessPolicy;
  events: EventBus;
}

/**
 * The settings and log of parent SMS on attendance: per classroom the mode
 * (off, entry only, entry and exit), the window, the absence SMS and its late time, and the
 * templates in English and Bangla. The sending itself is punch-alerts.ts and absence-alerts.ts.
 */
export class AttendanceAlertsService {
  constructor(private readonly deps: AttendanceAlertsDeps) {}

  /** An admin's own account spans the classrooms of the teachers they manage (listScopes). */
  async classrooms(principal: Principal, accountId: string): Promise<AttendanceAlertClassrooms> {
    requireAlertManager(await this.deps.access.requireAccount(principal, accountId));
    const scopes = await this.deps.access.listScopes(principal, accountId);
    const rows = await new AttendanceAlertsRepository(this.deps.db.kysely).classroomModes(
      scopes.map((s) => s.accountId),
    );
    return {
      classrooms: rows.map((r) => ({
        classroomId: r.id,
        accountId: r.account_id,
        name: r.name,
        smsMode: r.sms_mode ?? 'off',
        absenceSms: r.absence_sms === 1,
      })),
    };
  }

  async settings(
    principal: Principal,
    accountId: string,
    classroomId: string,
  ): Promise<AttendanceAlertSettings> {
    requireAlertManager(await this.deps.access.requireAccount(principal, accountId));
    return this.read(accountId, classroomId);
  }

  async saveSettings(
    principal: Principal,
    accountId: string,
    classroomId: string,
    input: AttendanceAlertSettingsInput,
  ): Promise<AttendanceAlertSettings> {
    requireAlertManager(await this.deps.access.requireAccount(principal, accountId));
    const saved = attendanceAlertSettingsInputSchema.parse(input);
    const repo = new AttendanceAlertsRepository(this.deps.db.kysely);
    if (!(await repo.classroom(accountId, classroomId))) throw notFound();
    // A template that names no column would go out wrong on every punch: refused at saving.
    // A template left as the default (or not sent) is stored as none, so a better default
    // later reaches it.
    const own: OwnTemplates = {};
    for (const kind of ATTENDANCE_ALERT_KINDS) {
      for (const language of ATTENDANCE_ALERT_LANGUAGES) {
        const text = saved.templates[kind][language];
        if (text === undefined || text === ATTENDANCE_ALERT_TEMPLATES[kind][language]) continue;
        const [problem] = attendanceAlertTemplateProblems(text);
        if (problem)
          throw new AppError(400, problem.code, problem.message, { ...problem.params, kind, language });
        own[kind] = { ...own[kind], [language]: text };
      }
    }
    const now = this.deps.clock.now();
    await this.deps.db.kysely.transaction().execute(async (trx) => {
      await new AttendanceAlertsRepository(trx).saveSettings(
        {
          classroom_id: classroomId,
          late_after_minutes: saved.lateAfterMinutes,
          sms_mode: saved.smsMode,
          sms_window_minutes: saved.smsWindowMinutes,
          absence_sms: saved.absenceSms ? 1 : 0,
          updated_by: principal.user.id,
          updated_at: now,
        },
        {
          classroom_id: classroomId,
          language: saved.language,
          templates: JSON.stringify(own),
          updated_by: principal.user.id,
          updated_at: now,
        },
      );
    });
    // The late time is the attendance module's too (a punch after it marks late).
    await this.deps.events.publish({
      channel: `account:${accountId}`,
      type: 'attendance-alerts.settings',
      stale: [{ resource: 'attendance-alerts' }, { resource: 'attendance' }],
    });
    return this.read(accountId, classroomId);
  }

  async log(
    principal: Principal,
    accountId: string,
    query: AttendanceAlertLogQuery,
  ): Promise<AttendanceAlertLog> {
    requireAlertManager(await this.deps.access.requireAccount(principal, accountId));
    const accountIds = (await this.deps.access.listScopes(principal, accountId)).map((s) => s.accountId);
    const repo = new AttendanceAlertsRepository(this.deps.db.kysely);
    const offset = (query.page - 1) * query.pageSize;
    const [rows, total] = await Promise.all([
      repo.log(accountIds, { classroomId: query.classroomId, offset, limit: query.pageSize }),
      repo.logCount(accountIds, query.classroomId),
    ]);
    return {
      items: rows.map((r) => ({
        id: r.id,
        kind: r.kind,
        outcome: r.outcome,
        reason: r.reason,
        studentId: r.student_id,
        studentName: r.student_name,
        classroomId: r.classroom_id,
        classroomName: r.classroom_name,
        at: Number(r.at),
        createdAt: Number(r.created_at),
        phone: r.phone,
        text: r.text,
        parts: Number(r.parts),
        sendId: r.send_id,
      })),
      total,
      page: query.page,
      pageSize: query.pageSize,
    };
  }

  private async read(accountId: string, classroomId: string): Promise<AttendanceAlertSettings> {
    const row = await new AttendanceAlertsRepository(this.deps.db.kysely).classroom(accountId, classroomId);
    if (!row) throw notFound();
    const saved = [row.updated_at, row.texts_updated_at].filter((t) => t !== null).map(Number);
    return {
      classroomId: row.id,
      classroomName: row.name,
      institution: row.institution,
      smsMode: row.sms_mode ?? 'off',
      smsWindowMinutes: row.sms_window_minutes ?? ATTENDANCE_SMS_WINDOW.default,
      absenceSms: row.absence_sms === 1,
      lateAfterMinutes: row.late_after_minutes ?? DEFAULT_LATE_AFTER_MINUTES,
      language: row.language ?? DEFAULT_ALERT_LANGUAGE,
      templates: templatesOf(ownTemplates(row.templates)),
      updatedAt: saved.length > 0 ? Math.max(...saved) : null,
    };
  }
}
