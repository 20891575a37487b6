import { ATTENDANCE_ALERT_TEMPLATES, smsCount, textLength } from '@batchwise/domain';
import { describe, expect, it } from 'vitest';
import { migrateBefore } from '../../test/migrations';
import { DIALECTS, useTestApp } from '../../test/test-deps';
import { alertLog, alertSchool, dhaka, smsOf } from './alerts-test-school';

// Attendance SMS in every interface language (spec part 1 §1): a classroom's alerts may speak
// any of them, Arabic and Chinese counted as the Unicode SMS they go out as, and the texts a
// classroom kept in English and Bangla before every language came survive the move to one
// column of texts per language.

describe.each(DIALECTS)('attendance SMS in every language [%s]', (dialect) => {
  const ctx = useTestApp(dialect);

  it('sends an Arabic entry SMS, counted as a Unicode SMS', async () => {
    const s = await alertSchool(ctx);
    const saved = await s.configure({ smsMode: 'entry', language: 'ar' });
    expect(saved.language).toBe('ar');
    expect(saved.templates.entry.ar).toBe(ATTENDANCE_ALERT_TEMPLATES.entry.ar);
    ctx.deps.clock.set(dhaka(8, 5));
    await s.punch(s.rahim.id, dhaka(8, 5), 'entry');
    await s.drain();
    const text = `تم تسجيل دخول Rahim إلى ${s.institution} الساعة 8:05 ص.`;
    const [sms] = await smsOf(ctx, s.t.accountId);
    expect(sms?.text).toBe(text);
    const [logged] = await alertLog(ctx, s.t.accountId);
    // Each Arabic letter counts double (a Unicode SMS); the built-in text still fits one SMS.
    const arabicLetters = [...text].filter((ch) => /[\u0600-\u06FF]/u.test(ch)).length;
    expect(textLength(text)).toBe([...text].length + arabicLetters);
    expect(logged?.parts).toBe(smsCount(text, 'template').sms);
    expect(logged?.parts).toBe(1);
    // A longer name crosses into a second SMS sooner than it would in English.
    const long = `${text} ${'ب'.repeat(10)}`;
    expect(smsCount(long, 'template').sms).toBe(2);
  });

  it('keeps a Chinese template of its own and the defaults of the others', async () => {
    const s = await alertSchool(ctx);
    const own = '{Name} 于 {Time} 到校。';
    await s.configure({
      language: 'zh',
      templates: { entry: { zh: own }, exit: {}, absence: {} },
    });
    const read = (await s.t.client.get(s.settingsUrl)).json();
    expect(read.language).toBe('zh');
    expect(read.templates.entry).toEqual({ ...ATTENDANCE_ALERT_TEMPLATES.entry, zh: own });
    expect(read.templates.exit).toEqual(ATTENDANCE_ALERT_TEMPLATES.exit);
    const refused = await s.t.client.put(s.settingsUrl, {
      ...read,
      templates: { ...read.templates, absence: { ...read.templates.absence, fr: '{Nmae} absent' } },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toMatchObject({ code: 'TEMPLATE_UNKNOWN_COLUMN' });
  });

  it('keeps the English and Bangla texts a classroom had before every language came', async () => {
    const s = await alertSchool(ctx);
    await s.configure({ language: 'en' });
    const db = ctx.deps.db.kysely;
    const migrator = await migrateBefore(db, ctx.database.schema, '0068-alert-templates-every-language');
    // biome-ignore lint/suspicious/noExplicitAny: the table as it was before migration 0068
    await (db as any)
      .updateTable('attendance_alert_texts')
      .set({ entry_en: 'In: {Name} {Time}', absence_bn: '{Name} আজ আসেনি।' })
      .where('classroom_id', '=', s.classroomId)
      .execute();
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    const { templates } = (await s.t.client.get(s.settingsUrl)).json();
    expect(templates.entry).toEqual({ ...ATTENDANCE_ALERT_TEMPLATES.entry, en: 'In: {Name} {Time}' });
    expect(templates.absence).toEqual({ ...ATTENDANCE_ALERT_TEMPLATES.absence, bn: '{Name} আজ আসেনি।' });
    expect(templates.exit).toEqual(ATTENDANCE_ALERT_TEMPLATES.exit);
  });
});
