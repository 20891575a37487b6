import { ATTENDANCE_ALERT_TEMPLATES, DEFAULT_LATE_AFTER_MINUTES } from '@batchwise/domain';
import { describe, expect, it } from 'vitest';
import { signUp } from '../../test/factories';
import { assistantWithGrant, clientFor } from '../../test/school';
import { DIALECTS, useTestApp } from '../../test/test-deps';
import { alertSchool, dhaka, settingsInput } from './alerts-test-school';

// The settings and log of parent SMS on attendance: per classroom, owners and
// admins only, templates checked at saving, the log with why an alert was skipped.

describe.each(DIALECTS)('attendance SMS settings [%s]', (dialect) => {
  const ctx = useTestApp(dialect);

  it('answers the defaults until saved, then what was saved', async () => {
    const s = await alertSchool(ctx);
    const fresh = await s.t.client.get(s.settingsUrl);
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json()).toEqual({
      classroomId: s.classroomId,
      classroomName: 'Physics A',
      institution: s.institution,
      smsMode: 'off',
      smsWindowMinutes: 30,
      absenceSms: false,
      lateAfterMinutes: DEFAULT_LATE_AFTER_MINUTES,
      language: 'bn',
      templates: ATTENDANCE_ALERT_TEMPLATES,
      updatedAt: null,
    });

    const own = { en: 'In: {Name} {Time}', bn: ATTENDANCE_ALERT_TEMPLATES.entry.bn };
    const saved = await s.configure({
      smsMode: 'entry',
      smsWindowMinutes: 45,
      absenceSms: true,
      lateAfterMinutes: 15,
      language: 'en',
      templates: { ...settingsInput().templates, entry: own },
    });
    expect(saved).toMatchObject({
      smsMode: 'entry',
      smsWindowMinutes: 45,
      absenceSms: true,
      lateAfterMinutes: 15,
      language: 'en',
      templates: { entry: own, exit: ATTENDANCE_ALERT_TEMPLATES.exit },
      updatedAt: dhaka(7),
    });
    expect((await s.t.client.get(s.settingsUrl)).json()).toEqual(saved);
    // The late time is the attendance module's setting too.
    const row = await ctx.deps.db.kysely
      .selectFrom('attendance_settings')
      .selectAll()
      .where('classroom_id', '=', s.classroomId)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      late_after_minutes: 15,
      sms_mode: 'entry',
      sms_window_minutes: 45,
      absence_sms: 1,
    });

    const list = await s.t.client.get(`/api/accounts/${s.t.accountId}/attendance-alerts/classrooms`);
    expect(list.json().classrooms).toEqual([
      {
        classroomId: s.classroomId,
        accountId: s.t.accountId,
        name: 'Physics A',
        smsMode: 'entry',
        absenceSms: true,
      },
    ]);
  });

  it('refuses a template naming no column, and limits out of range', async () => {
    const s = await alertSchool(ctx);
    const bad = settingsInput();
    bad.templates.exit.bn = '{Nmae} বের হয়েছে';
    const refused = await s.t.client.put(s.settingsUrl, bad);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toMatchObject({ code: 'TEMPLATE_UNKNOWN_COLUMN' });
    expect((await s.t.client.put(s.settingsUrl, settingsInput({ smsWindowMinutes: 0 }))).statusCode).toBe(
      400,
    );
    expect((await s.t.client.put(s.settingsUrl, settingsInput({ lateAfterMinutes: 241 }))).statusCode).toBe(
      400,
    );
    expect((await s.t.client.get(s.settingsUrl)).json().updatedAt).toBeNull();
  });

  it("is the owner's and admins': assistants are refused, other accounts' classrooms not found", async () => {
    const s = await alertSchool(ctx);
    const assistant = await clientFor(
      ctx.app,
      ctx.deps,
      await assistantWithGrant(ctx.deps, s.t.accountId, { manageStudents: true, sendSms: true }),
    );
    expect((await assistant.get(s.settingsUrl)).statusCode).toBe(403);
    expect((await assistant.put(s.settingsUrl, settingsInput())).statusCode).toBe(403);
    expect((await assistant.get(`/api/accounts/${s.t.accountId}/attendance-alerts/log`)).statusCode).toBe(
      403,
    );
    const other = await signUp(ctx.app, ctx.deps);
    expect((await other.client.get(s.settingsUrl)).statusCode).toBe(404);
    const foreign = `/api/accounts/${other.accountId}/classrooms/${s.classroomId}/attendance-alerts`;
    expect((await other.client.get(foreign)).statusCode).toBe(404);
    expect((await other.client.put(foreign, settingsInput())).statusCode).toBe(404);
  });

  it('lists the log newest first, sent and skipped with the reason, per classroom', async () => {
    const s = await alertSchool(ctx);
    await s.configure({ smsMode: 'entry' });
    ctx.deps.clock.set(dhaka(8, 0));
    await s.punch(s.rahim.id, dhaka(8, 0), 'entry');
    ctx.deps.clock.set(dhaka(8, 5));
    await s.punch(s.rahim.id, dhaka(8, 5), 'entry');
    await s.drain();
    const log = await s.t.client.get(
      `/api/accounts/${s.t.accountId}/attendance-alerts/log?classroomId=${s.classroomId}`,
    );
    expect(log.statusCode).toBe(200);
    expect(log.json()).toMatchObject({ total: 2, page: 1, pageSize: 20 });
    expect(
      log
        .json()
        .items.map((i: Record<string, unknown>) => [i.outcome, i.reason, i.studentName, i.classroomName]),
    ).toEqual([
      ['skipped', 'window', 'Rahim', 'Physics A'],
      ['sent', null, 'Rahim', 'Physics A'],
    ]);
    expect(log.json().items[1]).toMatchObject({ kind: 'entry', phone: s.parent, parts: 1, at: dhaka(8, 0) });
    expect(log.json().items[1].sendId).toEqual(expect.any(String));
    const elsewhere = await s.t.client.get(
      `/api/accounts/${s.t.accountId}/attendance-alerts/log?classroomId=nope`,
    );
    expect(elsewhere.json()).toMatchObject({ items: [], total: 0 });
  });
});
