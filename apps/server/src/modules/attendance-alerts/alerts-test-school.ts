import {
  ATTENDANCE_ALERT_TEMPLATES,
  type AttendanceAlertSettingsInput,
  type ClassroomTiming,
} from '@batchwise/domain';
import { expect } from 'vitest';
import { signUp, uniquePhone } from '../../test/factories';
import { addStudent, createClassroom, setSmsQuota } from '../../test/school';
import type { TestAppContext } from '../../test/test-deps';

// A school for the attendance SMS tests: one teacher, a classroom meeting
// Thursdays 08:00–10:00 in Bangladesh, students with and without a guardian's phone.

/** A moment on Thursday 12 March 2026, given as Bangladesh wall time (UTC+6). */
export const dhaka = (hours: number, minutes = 0) => Date.UTC(2026, 2, 12, hours - 6, minutes);
export const THURSDAY = '2026-03-12';
export const MORNING: ClassroomTiming[] = [{ day: 'Thursday', start: '08:00', end: '10:00' }];

export function settingsInput(
  overrides: Partial<AttendanceAlertSettingsInput> = {},
): AttendanceAlertSettingsInput {
  return {
    smsMode: 'both',
    smsWindowMinutes: 30,
    absenceSms: false,
    lateAfterMinutes: 10,
    language: 'en',
    templates: {
      entry: { ...ATTENDANCE_ALERT_TEMPLATES.entry },
      exit: { ...ATTENDANCE_ALERT_TEMPLATES.exit },
      absence: { ...ATTENDANCE_ALERT_TEMPLATES.absence },
    },
    ...overrides,
  };
}

export async function alertSchool(ctx: TestAppContext, quota = 100) {
  ctx.deps.clock.set(dhaka(7));
  const t = await signUp(ctx.app, ctx.deps);
  const classroomId = await createClassroom(t.client, t.accountId, { name: 'Physics A', timings: MORNING });
  const parent = uniquePhone();
  const rahim = await addStudent(t.client, t.accountId, {
    name: 'Rahim',
    parent1Phone: parent,
    enrolments: [{ classroomId }],
  });
  const karim = await addStudent(t.client, t.accountId, { name: 'Karim', enrolments: [{ classroomId }] });
  await setSmsQuota(ctx.deps, t.accountId, quota);
  const { institution } = await ctx.deps.db.kysely
    .selectFrom('accounts')
    .select('institution')
    .where('id', '=', t.accountId)
    .executeTakeFirstOrThrow();
  const settingsUrl = `/api/accounts/${t.accountId}/classrooms/${classroomId}/attendance-alerts`;
  const configure = async (overrides: Partial<AttendanceAlertSettingsInput> = {}) => {
    const res = await t.client.put(settingsUrl, settingsInput(overrides));
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  /** Records a punch as a device would; its parent SMS (if any) is queued when this returns. */
  const punch = async (studentId: string, at: number, direction: 'entry' | 'exit') => {
    const [result] = await ctx.deps.punches.record({
      accountId: t.accountId,
      deviceId: null,
      punches: [{ studentId, at, via: 'manual', direction, dedupeKey: `test:${at}:${Math.random()}` }],
    });
    if (result?.outcome !== 'recorded') throw new Error('punch not recorded');
    // The SMS starts right after the punch's commit (PunchService afterRecord): let it finish.
    await ctx.deps.punchAlerts.idle();
    return result.punchId;
  };
  const drain = () => ctx.deps.createWorker().drain();
  return { t, classroomId, parent, rahim, karim, institution, settingsUrl, configure, punch, drain };
}

export type AlertSchool = Awaited<ReturnType<typeof alertSchool>>;

/** The account's alert log, oldest first. */
export function alertLog(ctx: TestAppContext, accountId: string) {
  return ctx.deps.db.kysely
    .selectFrom('attendance_alerts')
    .select([
      'kind',
      'outcome',
      'reason',
      'student_id',
      'phone',
      'text',
      'parts',
      'send_id',
      'punch_id',
      'at',
    ])
    .where('account_id', '=', accountId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** The account's SMS messages with their sends, oldest first. */
export function smsOf(ctx: TestAppContext, accountId: string) {
  return ctx.deps.db.kysely
    .selectFrom('sms_messages as m')
    .innerJoin('sms_sends as s', 's.id', 'm.send_id')
    .select([
      'm.phone',
      'm.text',
      'm.source',
      'm.student_id',
      's.urgent',
      's.run_at',
      's.created_at',
      's.parts',
      's.status',
    ])
    .where('s.account_id', '=', accountId)
    .orderBy('s.created_at')
    .orderBy('m.id')
    .execute();
}
