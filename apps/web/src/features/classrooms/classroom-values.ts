import type { Classroom, ClassroomInput, ClassroomTiming } from '@batchwise/domain';
import dayjs, { type Dayjs } from 'dayjs';
import { parseDayMonthYear } from '../../lib/day-month-year';
import { paisaToTaka } from '../../lib/money-input';

/** The classroom form's own values: dates and times as Dayjs (Ant Design pickers), fee in taka. */
export interface ClassroomFormValues {
  accountId?: string;
  grade: string;
  subject: string;
  name: string;
  color: string | null;
  feeTaka: number | null;
  status: string;
  type: string;
  startDate: Dayjs | null;
  collectionMonth: Dayjs | null;
  timings: { day: string; start: Dayjs | null; end: Dayjs | null; place?: string }[];
}

function parseMonth(text: string | null): Dayjs | null {
  const match = text ? /^(\d{4})-(\d{2})$/.exec(text) : null;
  return match ? dayjs(new Date(Number(match[1]), Number(match[2]) - 1, 1)) : null;
}

function parseTime(text: string): Dayjs | null {
  const match = /^(\d{2}):(\d{2})$/.exec(text);
  return match ? dayjs().hour(Number(match[1])).minute(Number(match[2])).second(0) : null;
}

export const PRESET_COLORS = [
  '#0d9488',
  '#6d5dfc',
  '#e11d48',
  '#f59e0b',
  '#16a34a',
  '#0284c7',
  '#9333ea',
  '#64748b',
];

export function toFormValues(classroom: Classroom | null, accountId: string): ClassroomFormValues {
  if (!classroom) {
    return {
      accountId,
      grade: '',
      subject: '',
      name: '',
      color: PRESET_COLORS[0] ?? null,
      feeTaka: 0,
      status: 'Active',
      type: 'Physical',
      startDate: null,
      collectionMonth: null,
      timings: [],
    };
  }
  return {
    accountId: classroom.accountId,
    grade: classroom.grade,
    subject: classroom.subject,
    name: classroom.name,
    color: classroom.color,
    feeTaka: paisaToTaka(classroom.tuitionFeePaisa),
    status: classroom.status,
    type: classroom.type,
    startDate: parseDayMonthYear(classroom.startDate),
    collectionMonth: parseMonth(classroom.collectionMonth),
    timings: classroom.timings.map((timing) => ({
      day: timing.day,
      start: parseTime(timing.start),
      end: parseTime(timing.end),
      place: timing.place ?? '',
    })),
  };
}

/** The API's input (`classroomInputSchema`): fee in paisa, dates as text. */
export function toInput(values: ClassroomFormValues): ClassroomInput {
  const timings = (values.timings ?? []).flatMap((timing): ClassroomTiming[] =>
    timing.day && timing.start && timing.end
      ? [
          {
            day: timing.day as ClassroomTiming['day'],
            start: timing.start.format('HH:mm'),
            end: timing.end.format('HH:mm'),
            // Room or online link (the timetable shows it); left out when empty.
            ...(timing.place?.trim() ? { place: timing.place.trim() } : {}),
          },
        ]
      : [],
  );
  return {
    grade: values.grade.trim(),
    subject: values.subject.trim(),
    name: values.name.trim(),
    color: values.color,
    tuitionFeePaisa: Math.round((values.feeTaka ?? 0) * 100),
    status: values.status as ClassroomInput['status'],
    type: values.type as ClassroomInput['type'],
    startDate: values.startDate ? values.startDate.format('DD-MM-YYYY') : null,
    collectionMonth: values.collectionMonth ? values.collectionMonth.format('YYYY-MM') : null,
    timings,
  };
}
