import { describe, expect, it } from 'vitest';
import { smsCount } from '../sms/sms';
import { textLength } from '../text/length';
import {
  ATTENDANCE_ALERT_KINDS,
  ATTENDANCE_ALERT_LANGUAGES,
  ATTENDANCE_ALERT_TEMPLATES,
  alertDateText,
  alertTimeText,
  attendanceAlertTemplateProblems,
  renderAttendanceAlert,
  smsModeCovers,
} from './alerts';

// 12 March 2026 in Bangladesh (UTC+6): hours given as Dhaka wall time.
const dhaka = (hours: number, minutes = 0) => Date.UTC(2026, 2, 12, hours - 6, minutes);

const rahim = {
  name: 'Rahim',
  customId: 'ID-12',
  phone: '+8801711000001',
  institution: 'Udoy Coaching',
  classroom: 'Physics A',
};

describe('smsModeCovers', () => {
  it.each([
    ['off', 'entry', false],
    ['off', 'exit', false],
    ['entry', 'entry', true],
    ['entry', 'exit', false],
    ['both', 'entry', true],
    ['both', 'exit', true],
  ] as const)('%s covers %s: %s', (mode, direction, covered) => {
    expect(smsModeCovers(mode, direction)).toBe(covered);
  });
});

describe('alert times in Bangladesh time', () => {
  it.each([
    [8, 5, '8:05 AM', 'সকাল ৮:০৫'],
    [0, 15, '12:15 AM', 'রাত ১২:১৫'],
    [5, 30, '5:30 AM', 'ভোর ৫:৩০'],
    [12, 0, '12:00 PM', 'দুপুর ১২:০০'],
    [16, 45, '4:45 PM', 'বিকাল ৪:৪৫'],
    [19, 10, '7:10 PM', 'সন্ধ্যা ৭:১০'],
    [22, 0, '10:00 PM', 'রাত ১০:০০'],
  ])('%i:%i is %s / %s', (hours, minutes, en, bn) => {
    expect(alertTimeText(dhaka(hours, minutes), 'en')).toBe(en);
    expect(alertTimeText(dhaka(hours, minutes), 'bn')).toBe(bn);
  });

  it('dates by the Bangladesh calendar (01:00 in Dhaka is the previous UTC day)', () => {
    expect(alertDateText(dhaka(1), 'en')).toBe('12-03-2026');
    expect(alertDateText(dhaka(1), 'bn')).toBe('১২-০৩-২০২৬');
  });
});

describe('renderAttendanceAlert', () => {
  it('fills the default templates in both languages', () => {
    const entry = { ...rahim, kind: 'entry' as const, at: dhaka(8, 5) };
    expect(renderAttendanceAlert(ATTENDANCE_ALERT_TEMPLATES.entry.en, entry, 'en')).toEqual({
      text: 'Dear guardian, Rahim arrived at Udoy Coaching at 8:05 AM.',
      parts: 1,
    });
    expect(renderAttendanceAlert(ATTENDANCE_ALERT_TEMPLATES.entry.bn, entry, 'bn')).toEqual({
      text: 'Rahim সকাল ৮:০৫-এ Udoy Coaching-এ প্রবেশ করেছে।',
      parts: 1,
    });
    const exit = { ...rahim, kind: 'exit' as const, at: dhaka(17, 10) };
    expect(renderAttendanceAlert(ATTENDANCE_ALERT_TEMPLATES.exit.bn, exit, 'bn')?.text).toBe(
      'Rahim বিকাল ৫:১০-এ Udoy Coaching থেকে বের হয়েছে।',
    );
    const absence = { ...rahim, kind: 'absence' as const, at: dhaka(16) };
    expect(renderAttendanceAlert(ATTENDANCE_ALERT_TEMPLATES.absence.en, absence, 'en')?.text).toBe(
      'Dear guardian, Rahim is absent from Physics A at Udoy Coaching today (12-03-2026).',
    );
  });

  it('takes every column, case-insensitively, and include-if conditions', () => {
    const values = { ...rahim, kind: 'exit' as const, at: dhaka(9) };
    expect(
      renderAttendanceAlert('{name} ({id}) {Direction} {classroom} {TIME} {Date}', values, 'en')?.text,
    ).toBe('Rahim (ID-12) left Physics A 9:00 AM 12-03-2026');
    expect(renderAttendanceAlert('{Name} left.{if Direction = entered}', values, 'en')).toBeNull();
  });

  it("carries the child's attendance link where the template puts it, else at the end", () => {
    const values = { ...rahim, kind: 'entry' as const, at: dhaka(8), link: 'https://bw.test/a/k1' };
    expect(renderAttendanceAlert('{Name} in. See {Link} today', values, 'en')?.text).toBe(
      'Rahim in. See https://bw.test/a/k1 today',
    );
    expect(renderAttendanceAlert('{Name} in.', values, 'en')?.text).toBe('Rahim in. https://bw.test/a/k1');
    expect(renderAttendanceAlert('{Name} in.{Link}', { ...values, link: undefined }, 'en')?.text).toBe(
      'Rahim in.',
    );
  });

  it('counts an alert as every template message (100 an SMS, a Bangla letter double)', () => {
    const long = { ...rahim, name: 'মোহাম্মদ আব্দুল্লাহ আল মামুন চৌধুরী', kind: 'entry' as const, at: dhaka(8) };
    const rendered = renderAttendanceAlert(ATTENDANCE_ALERT_TEMPLATES.entry.bn, long, 'bn');
    expect(rendered?.parts).toBe(smsCount(rendered?.text ?? '', 'template').sms);
    expect(rendered?.parts).toBe(Math.ceil(textLength(rendered?.text ?? '') / 100));
    expect(rendered?.parts).toBeGreaterThan(1);
  });

  it('removes hashtags as every send does', () => {
    const values = { ...rahim, kind: 'entry' as const, at: dhaka(8) };
    expect(renderAttendanceAlert('#Attendance {Name} in', values, 'en')?.text).toBe('Attendance Rahim in');
  });
});

describe('alert times and dates in every language', () => {
  it('writes the Bangladesh time and date as each language reads them', () => {
    const at = dhaka(14, 5);
    expect(['zh', 'ar', 'it', 'es', 'fr'].map((l) => alertTimeText(at, l as 'zh'))).toEqual([
      '下午2:05',
      '2:05 م',
      '14:05',
      '14:05',
      '14:05',
    ]);
    expect(alertDateText(at, 'zh')).toBe('2026年3月12日');
    expect(alertDateText(at, 'ar')).toBe('12/03/2026');
  });
});

describe('attendanceAlertTemplateProblems', () => {
  it('finds nothing wrong with the defaults', () => {
    for (const kind of ATTENDANCE_ALERT_KINDS)
      for (const language of ATTENDANCE_ALERT_LANGUAGES)
        expect(attendanceAlertTemplateProblems(ATTENDANCE_ALERT_TEMPLATES[kind][language])).toEqual([]);
  });

  it('names the child and the institution in every language, each within one SMS for a short name', () => {
    const values = { ...rahim, at: dhaka(8) };
    for (const kind of ATTENDANCE_ALERT_KINDS)
      for (const language of ATTENDANCE_ALERT_LANGUAGES) {
        const template = ATTENDANCE_ALERT_TEMPLATES[kind][language];
        expect(template, `${kind} ${language}`).toContain('{Name}');
        expect(template, `${kind} ${language}`).toContain('{Institution}');
        expect(renderAttendanceAlert(template, { ...values, kind }, language)?.parts).toBe(1);
      }
  });

  it('names unknown columns', () => {
    expect(attendanceAlertTemplateProblems('{Nmae} arrived').map((p) => p.code)).toEqual([
      'TEMPLATE_UNKNOWN_COLUMN',
    ]);
  });
});
