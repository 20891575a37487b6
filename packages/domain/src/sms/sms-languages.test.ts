import { describe, expect, it } from 'vitest';
import {
  DUES_REMINDER_TEMPLATES,
  duesReminderSheet,
  formatDueAmount,
  formatDueMonths,
} from '../fees/dues-reminder';
import { receiptSmsText } from '../fees/receipt-sms';
import { RESULT_SMS_TEMPLATES, resultSmsSheet } from '../report-cards/result-sms';
import { INTERFACE_LANGUAGES } from '../text/languages';
import { cancelledClassSms } from '../timetable/cancel-sms';
import { examReminderSms } from '../timetable/exam-reminder-sms';
import { smsCount } from './sms';
import { planTemplateMessages } from './template/build';
import { BUILT_IN_SMS_TEMPLATES } from './template/built-in';

// Every SMS the product writes from a built-in text speaks all seven interface languages (spec
// part 1 §1): the same placeholders as the English text, filled the language's way, and counted
// as the Unicode SMS Chinese and Arabic need (a character of either script counts double).

const placeholders = (template: string) => [...template.matchAll(/\{[^}]+\}/g)].map((m) => m[0]).sort();

describe('built-in SMS texts in every language', () => {
  const templates: [string, Readonly<Record<(typeof INTERFACE_LANGUAGES)[number], string>>][] = [
    ['dues reminder', DUES_REMINDER_TEMPLATES],
    ['result (GPA)', RESULT_SMS_TEMPLATES.gpa],
    ['result (percent)', RESULT_SMS_TEMPLATES.percent],
    ...BUILT_IN_SMS_TEMPLATES.map((b): [string, typeof b.body] => [`built-in ${b.id}`, b.body]),
  ];

  it.each(templates)(
    '%s: each language has its own text with the placeholders of the English',
    (_, byLanguage) => {
      for (const language of INTERFACE_LANGUAGES) {
        expect(placeholders(byLanguage[language]), language).toEqual(placeholders(byLanguage.en));
        if (language !== 'en') expect(byLanguage[language], language).not.toBe(byLanguage.en);
      }
    },
  );
});

const reminderRow = {
  name: 'Asha Akter',
  customId: null,
  phone: '+8801711000001',
  duePaisa: 150_000,
  months: ['2026-09', '2026-10'] as const,
};

describe('dues reminders in every language', () => {
  it.each([
    ['zh', '2026年9月、10月'],
    ['ar', 'سبتمبر, أكتوبر 2026'],
    ['it', 'set, ott 2026'],
    ['es', 'sept, oct 2026'],
    ['fr', 'sept., oct. 2026'],
  ] as const)('writes the months in %s as %s', (language, text) => {
    expect(formatDueMonths(reminderRow.months, language)).toBe(text);
  });

  it('counts a long stretch in each language', () => {
    const months = ['2026-01', '2026-02', '2026-03', '2026-04', '2026-05', '2026-06'] as const;
    expect(formatDueMonths(months, 'zh')).toBe('2026年1月 – 2026年6月 (6个月)');
    expect(formatDueMonths(months, 'ar')).toBe('يناير 2026 – يونيو 2026 (6 أشهر)');
    expect(formatDueMonths(months, 'fr')).toBe('janv. 2026 – juin 2026 (6 mois)');
  });

  it('keeps taka with Bangladeshi grouping outside Bangla', () => {
    expect(formatDueAmount(12_345_600, 'zh')).toBe('TK 1,23,456');
    expect(formatDueAmount(12_345_600, 'ar')).toBe('TK 1,23,456');
  });

  it('fills the Chinese and Arabic reminders and counts them as Unicode SMS', () => {
    const zh = planTemplateMessages(
      DUES_REMINDER_TEMPLATES.zh,
      duesReminderSheet([reminderRow], 'Udoy Coaching', 'zh'),
      { phoneColumn: 'Phone' },
    ).messages[0]!.text;
    expect(zh).toBe(
      '尊敬的家长：Asha Akter 尚有 2026年9月、10月 的学费 TK 1,500 未缴，请到 Udoy Coaching 缴纳。谢谢。',
    );
    // Chinese characters and full-width punctuation count double (a Unicode SMS holds half).
    const wide = [...zh].filter((ch) => /[\u3000-\u303F\u4E00-\u9FFF\uFF00-\uFFEF]/u.test(ch)).length;
    expect(wide).toBe(26);
    expect(smsCount(zh, 'template')).toMatchObject({ length: [...zh].length + wide, sms: 1 });

    const ar = planTemplateMessages(
      DUES_REMINDER_TEMPLATES.ar,
      duesReminderSheet([reminderRow], 'Udoy Coaching', 'ar'),
      { phoneColumn: 'Phone' },
    ).messages[0]!.text;
    expect(ar).toBe(
      'ولي الأمر الكريم، على Asha Akter رسوم مستحقة قدرها TK 1,500 عن سبتمبر, أكتوبر 2026. يرجى السداد لدى Udoy Coaching. شكرًا لكم.',
    );
    const arabicLetters = [...ar].filter((ch) => /[\u0600-\u06FF]/u.test(ch)).length;
    expect(smsCount(ar, 'template').length).toBe([...ar].length + arabicLetters);
    expect(smsCount(ar, 'template').sms).toBe(2);
  });
});

describe('result SMS in every language', () => {
  const row = {
    name: 'Asha Akter',
    customId: 'ID-1',
    phone: '+8801711000001',
    obtained: 315,
    fullMarks: 400,
    percent: 78.75,
    gpa: 5,
    letter: 'A+',
    passed: true,
    position: 1,
    reportLink: 'https://b.test/rc/Ab',
  };
  const where = { institution: 'Udoy Coaching', classroom: 'Physics A', term: 'Half-yearly 2026' };
  const text = (language: 'zh' | 'ar' | 'fr') =>
    planTemplateMessages(RESULT_SMS_TEMPLATES.gpa[language], resultSmsSheet([row], where, language), {
      phoneColumn: 'Phone',
    }).messages[0]!.text;

  it('fills Chinese, Arabic and French with Western digits and the link untouched', () => {
    expect(text('zh')).toBe(
      '尊敬的家长：Asha Akter 在 Udoy Coaching 的 Half-yearly 2026 中得分 315/400，GPA 5.00（A+），名次 1。成绩单：https://b.test/rc/Ab',
    );
    expect(text('ar')).toBe(
      'ولي الأمر الكريم، حصل Asha Akter على 315 من 400 في Half-yearly 2026 لدى Udoy Coaching. المعدل 5.00 (A+)، الترتيب 1. بطاقة النتائج: https://b.test/rc/Ab',
    );
    expect(text('fr')).toBe(
      'Cher parent, Asha Akter a obtenu 315 sur 400 en Half-yearly 2026 à Udoy Coaching. GPA 5.00 (A+), rang 1. Bulletin : https://b.test/rc/Ab',
    );
    // Accented Latin letters go in a normal SMS: French counts one a character.
    expect(smsCount(text('fr'), 'template').length).toBe([...text('fr')].length);
    expect(smsCount(text('zh'), 'template').length).toBeGreaterThan([...text('zh')].length + 20);
  });
});

describe('class-cancel SMS in every language', () => {
  const c = { classroom: 'Physics A', date: '2026-03-03', start: '16:00', note: null };
  it.each([
    ['zh', 'Physics A：03-03-2026 16:00 的课已取消。'],
    ['ar', 'Physics A: أُلغيت حصة يوم 03-03-2026 الساعة 16:00.'],
    ['it', 'Physics A: la lezione del 03-03-2026 alle 16:00 è annullata.'],
    ['es', 'Physics A: la clase del 03-03-2026 a las 16:00 queda cancelada.'],
    ['fr', 'Physics A : le cours du 03-03-2026 à 16:00 est annulé.'],
  ] as const)('writes it in %s', (language, expected) => {
    expect(cancelledClassSms(c, language)).toBe(expected);
  });
});

describe('exam-day reminder SMS in every language', () => {
  const e = { classroom: 'Physics A', date: '2026-03-03', start: '16:00', place: 'Hall 1', note: null };
  it.each([
    ['en', 'Physics A: reminder, the exam is tomorrow 03-03-2026 at 4:00 PM. Hall 1'],
    ['bn', 'Physics A: আগামীকাল ০৩-০৩-২০২৬ তারিখ ৪:০০ PM-এ পরীক্ষা। Hall 1'],
    ['zh', 'Physics A：明天 03-03-2026 16:00 考试。 Hall 1'],
    ['ar', 'Physics A: تذكير: الامتحان غدًا 03-03-2026 الساعة 16:00. Hall 1'],
    ['it', "Physics A: domani 03-03-2026 alle 16:00 c'è l'esame. Hall 1"],
    ['es', 'Physics A: mañana 03-03-2026 a las 16:00 hay examen. Hall 1'],
    ['fr', 'Physics A : examen demain 03-03-2026 à 16:00. Hall 1'],
  ] as const)('writes it in %s', (language, expected) => {
    expect(examReminderSms(e, language)).toBe(expected);
  });
});

describe('receipt SMS in every language', () => {
  const v = {
    institution: 'Udoy Coaching',
    amountPaisa: 150_000,
    student: 'Asha Akter',
    receiptNo: 42,
    link: 'https://b.test/r/x',
  };
  it.each([
    ['en', 'Udoy Coaching: TK 1,500 received for Asha Akter, receipt no. 42. https://b.test/r/x'],
    ['bn', 'Udoy Coaching: Asha Akter-এর জন্য ৳১,৫০০ গ্রহণ করা হয়েছে, রসিদ নং 42। https://b.test/r/x'],
    ['zh', 'Udoy Coaching：已收到 Asha Akter 的 TK 1,500，收据编号 42。https://b.test/r/x'],
    ['ar', 'Udoy Coaching: تم استلام TK 1,500 عن Asha Akter، إيصال رقم 42. https://b.test/r/x'],
    ['it', 'Udoy Coaching: ricevuti TK 1,500 per Asha Akter, ricevuta n. 42. https://b.test/r/x'],
    ['es', 'Udoy Coaching: recibidos TK 1,500 por Asha Akter, recibo n.º 42. https://b.test/r/x'],
    ['fr', 'Udoy Coaching : TK 1,500 reçus pour Asha Akter, reçu n° 42. https://b.test/r/x'],
  ] as const)('writes a payment in %s', (language, expected) => {
    expect(receiptSmsText(v, language)).toBe(expected);
  });

  it('says a refund the other way round', () => {
    expect(receiptSmsText({ ...v, amountPaisa: -50_000 }, 'en')).toBe(
      'Udoy Coaching: TK 500 refunded to Asha Akter, receipt no. 42. https://b.test/r/x',
    );
    expect(receiptSmsText({ ...v, amountPaisa: -50_000 }, 'fr')).toContain('TK 500 remboursés à Asha Akter');
  });
});
