import { describe, expect, it } from 'vitest';
import { cancelledClassSms, cancelSmsInTime } from './cancel-sms';
import {
  type ClassroomOccurrence,
  type ClassroomSchedule,
  clashesOf,
  isoDate,
  meetingsOn,
  occurrencesBetween,
  type TimetableEvent,
} from './occurrences';

// 1 March 2026 was a Sunday.
const WEEKLY: ClassroomSchedule = {
  timings: [
    { day: 'Sunday', start: '16:00', end: '17:30', place: 'Room 2' },
    { day: 'Tuesday', start: '16:00', end: '17:30' },
  ],
  startDate: null,
  events: [],
};

const event = (e: Partial<TimetableEvent> & Pick<TimetableEvent, 'kind' | 'date'>): TimetableEvent => ({
  id: `${e.kind}-${e.date}`,
  start: null,
  end: null,
  newDate: null,
  newStart: null,
  newEnd: null,
  place: null,
  note: null,
  ...e,
});

const summary = (s: ClassroomSchedule, from: string, to: string) =>
  occurrencesBetween(s, from, to).map((o) => `${o.date} ${o.start}-${o.end} ${o.status}`);

describe('timetable occurrences', () => {
  it('expands weekly timings over the range, in Bangladesh time, with the place', () => {
    const list = occurrencesBetween(WEEKLY, '2026-03-01', '2026-03-10');
    expect(list.map((o) => `${o.date} ${o.status}`)).toEqual([
      '2026-03-01 scheduled',
      '2026-03-03 scheduled',
      '2026-03-08 scheduled',
      '2026-03-10 scheduled',
    ]);
    expect(list[0]).toMatchObject({ place: 'Room 2', startAt: Date.UTC(2026, 2, 1, 10, 0) });
    expect(list[1]?.place).toBeNull();
  });

  it('starts at the start date', () => {
    expect(summary({ ...WEEKLY, startDate: '2026-03-04' }, '2026-03-01', '2026-03-10')).toEqual([
      '2026-03-08 16:00-17:30 scheduled',
      '2026-03-10 16:00-17:30 scheduled',
    ]);
  });

  it('marks a cancelled class, a holiday, and adds extra classes and exams', () => {
    const s: ClassroomSchedule = {
      ...WEEKLY,
      events: [
        event({ kind: 'cancelled', date: '2026-03-03', start: '16:00', end: '17:30', note: 'Teacher ill' }),
        event({ kind: 'holiday', date: '2026-03-08' }),
        event({ kind: 'exam', date: '2026-03-08', start: '10:00', end: '12:00' }),
        event({ kind: 'extra', date: '2026-03-05', start: '18:00', end: '19:00' }),
        event({ kind: 'extra', date: '2026-04-05', start: '18:00', end: '19:00' }),
      ],
    };
    expect(summary(s, '2026-03-01', '2026-03-10')).toEqual([
      '2026-03-01 16:00-17:30 scheduled',
      '2026-03-03 16:00-17:30 cancelled',
      '2026-03-05 18:00-19:00 extra',
      '2026-03-08 10:00-12:00 exam',
      '2026-03-08 16:00-17:30 holiday',
      '2026-03-10 16:00-17:30 scheduled',
    ]);
    expect(occurrencesBetween(s, '2026-03-03', '2026-03-03')[0]?.note).toBe('Teacher ill');
    expect(meetingsOn(s, '2026-03-03')).toEqual([]);
    expect(meetingsOn(s, '2026-03-08').map((o) => o.status)).toEqual(['exam']);
  });

  it('moves a class: the old time marked moved, the new one on (each in its own range)', () => {
    const s: ClassroomSchedule = {
      ...WEEKLY,
      events: [
        event({
          kind: 'moved',
          date: '2026-03-03',
          start: '16:00',
          end: '17:30',
          newDate: '2026-03-04',
          newStart: '19:00',
          newEnd: '20:00',
        }),
      ],
    };
    const list = occurrencesBetween(s, '2026-03-03', '2026-03-04');
    expect(list.map((o) => `${o.date} ${o.start} ${o.status}`)).toEqual([
      '2026-03-03 16:00 moved',
      '2026-03-04 19:00 scheduled',
    ]);
    expect(list[0]?.movedTo).toEqual({ date: '2026-03-04', start: '19:00', end: '20:00' });
    expect(list[1]?.movedFrom).toEqual({ date: '2026-03-03', start: '16:00' });
    expect(summary(s, '2026-03-04', '2026-03-04')).toEqual(['2026-03-04 19:00-20:00 scheduled']);
  });

  it('runs a class past midnight into the next day', () => {
    const late = {
      timings: [{ day: 'Sunday' as const, start: '23:00', end: '00:30' }],
      startDate: null,
      events: [],
    };
    const [o] = occurrencesBetween(late, '2026-03-01', '2026-03-01');
    expect(o!.endAt - o!.startAt).toBe(90 * 60_000);
  });

  it('flags classes of different classrooms that overlap, not back-to-back or cancelled ones', () => {
    const at = (classroomId: string, start: string, end: string, status = 'scheduled') =>
      ({
        ...occurrencesBetween(
          { timings: [{ day: 'Sunday', start, end }], startDate: null, events: [] },
          '2026-03-01',
          '2026-03-01',
        )[0]!,
        status,
        classroomId,
      }) as ClassroomOccurrence;
    const list = [
      at('a', '16:00', '17:30'),
      at('b', '17:00', '18:00'),
      at('c', '18:00', '19:00'),
      at('d', '16:30', '17:00', 'cancelled'),
      at('a', '17:15', '17:45'),
    ];
    expect(clashesOf(list)).toEqual([['b'], ['a'], [], [], ['b']]);
  });

  it('reads the classroom record date', () => {
    expect(isoDate('05-03-2026')).toBe('2026-03-05');
    expect(isoDate(null)).toBeNull();
    expect(isoDate('2026-03-05')).toBeNull();
  });
});

describe('cancelled class SMS', () => {
  it('says which class in English and in Bangla with Bangla digits', () => {
    const c = { classroom: 'Physics A', date: '2026-03-03', start: '16:00', note: 'Sorry!' };
    expect(cancelledClassSms(c, 'en')).toBe(
      'Physics A: the class on 03-03-2026 at 4:00 PM is cancelled. Sorry!',
    );
    expect(cancelledClassSms({ ...c, note: null }, 'bn')).toBe(
      'Physics A: ০৩-০৩-২০২৬ তারিখ ৪:০০ PM-এর ক্লাস বাতিল করা হয়েছে।',
    );
  });

  it('may be sent until the class starts (Bangladesh time, UTC+6), not from then on', () => {
    // 16:00 in Dhaka on 3 March 2026 is 10:00 UTC.
    const starts = Date.UTC(2026, 2, 3, 10, 0);
    const c = { date: '2026-03-03', start: '16:00' };
    expect(cancelSmsInTime(c, starts - 1)).toBe(true);
    expect(cancelSmsInTime(c, starts)).toBe(false);
    expect(cancelSmsInTime(c, starts + 86_400_000)).toBe(false);
  });
});
