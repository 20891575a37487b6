import { describe, expect, it } from 'vitest';
import type { InsightFlag } from '../contracts/attendance-insights';
import { smsCount } from '../sms/sms';
import { insightSmsDraft } from './sms-draft';

const context = { name: 'Rahim', classroom: 'Physics 9', institution: 'Alo Coaching' };
const window = { from: '2026-10-15', to: '2026-11-25', attended: 6, counted: 10, percent: 60 };

describe('insightSmsDraft', () => {
  it('fills each kind with its evidence, in English', () => {
    expect(
      insightSmsDraft(
        { kind: 'streak', days: 3, dates: ['2026-11-20', '2026-11-23', '2026-11-25'], ongoing: true },
        context,
        'en',
      ),
    ).toBe(
      'Dear guardian, Rahim has missed 3 Physics 9 classes in a row since 20-11-2026. Please contact us. - Alo Coaching',
    );
    expect(
      insightSmsDraft(
        {
          kind: 'exam',
          exam: { id: 'e', name: 'Half-yearly', heldOn: '2026-12-02' },
          daysLeft: 7,
          window,
          threshold: 75,
        },
        context,
        'en',
      ),
    ).toBe(
      "Dear guardian, Rahim's attendance in Physics 9 is 60%, below 75%, and Half-yearly is on 02-12-2026. Please make sure Rahim attends. - Alo Coaching",
    );
  });

  it('writes numbers and dates in Bangla digits in Bangla, and keeps names as typed', () => {
    const text = insightSmsDraft(
      {
        kind: 'falling',
        earlier: { ...window, percent: 100 },
        recent: { ...window, percent: 57.14 },
        drop: 42.86,
      },
      { ...context, classroom: 'Class 9' },
      'bn',
    );
    expect(text).toBe(
      'সম্মানিত অভিভাবক, গত দুই সপ্তাহে Class 9 ক্লাসে Rahim-এর উপস্থিতি ১০০% থেকে কমে ৫৭.১৪% হয়েছে। অনুগ্রহ করে যোগাযোগ করুন। - Alo Coaching',
    );
    expect(
      insightSmsDraft({ kind: 'late', count: 4, attended: 10, percent: 40, dates: [] }, context, 'bn'),
    ).toContain('৪ বার');
  });

  it('fits a typed SMS for usual names: one part in English, two in Bangla (SMS compose counts them typed)', () => {
    const flags: InsightFlag[] = [
      { kind: 'streak', days: 12, dates: ['2026-11-01'], ongoing: true },
      { kind: 'falling', earlier: window, recent: window, drop: 20 },
      { kind: 'late', count: 12, attended: 20, percent: 60, dates: [] },
      {
        kind: 'exam',
        exam: { id: 'e', name: 'Half-yearly', heldOn: '2026-12-02' },
        daysLeft: 7,
        window,
        threshold: 75,
      },
    ];
    for (const flag of flags) {
      expect(smsCount(insightSmsDraft(flag, context, 'en'), 'typed').sms).toBeLessThanOrEqual(1);
      expect(smsCount(insightSmsDraft(flag, context, 'bn'), 'typed').sms).toBeLessThanOrEqual(2);
    }
  });
});
