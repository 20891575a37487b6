import type { ReportLanguage } from '@batchwise/domain';
import { REPORT_LABELS_MORE } from './report-labels-more';

/** The words of a printed report card, in every interface language (the web has its own). */
export interface ReportLabels {
  title: string;
  student: string;
  studentId: string;
  classroom: string;
  teacher: string;
  term: string;
  overview: string;
  totalMarks: string;
  average: string;
  gpa: string;
  grade: string;
  position: string;
  positionOf: (position: string, of: string) => string;
  result: string;
  passed: string;
  failed: string;
  incomplete: string;
  classAverage: string;
  highest: string;
  subjects: string;
  subject: string;
  marks: string;
  percent: string;
  point: string;
  optional: string;
  absent: string;
  weight: string;
  heldOn: string;
  attendance: string;
  sessions: string;
  present: string;
  late: string;
  absentDays: string;
  leave: string;
  attendancePercent: string;
  remark: string;
  classTeacher: string;
  guardian: string;
  acknowledged: string;
  generated: string;
}

export const REPORT_LABELS: Record<ReportLanguage, ReportLabels> = {
  en: {
    title: 'Report card',
    student: 'Student',
    studentId: 'Student ID',
    classroom: 'Classroom',
    teacher: 'Teacher',
    term: 'Term',
    overview: 'Score overview',
    totalMarks: 'Total marks',
    average: 'Average',
    gpa: 'GPA',
    grade: 'Grade',
    position: 'Position',
    positionOf: (position, of) => `${position} of ${of}`,
    result: 'Result',
    passed: 'Passed',
    failed: 'Failed',
    incomplete: 'Marks pending',
    classAverage: 'Class average',
    highest: 'Highest',
    subjects: 'Subjects this term',
    subject: 'Subject',
    marks: 'Marks',
    percent: '%',
    point: 'GP',
    optional: '4th subject',
    absent: 'Absent',
    weight: 'Weight',
    heldOn: 'Held on',
    attendance: 'Attendance',
    sessions: 'Classes',
    present: 'Present',
    late: 'Late',
    absentDays: 'Absent',
    leave: 'Leave',
    attendancePercent: 'Attendance',
    remark: "Teacher's remark",
    classTeacher: 'Class teacher',
    guardian: 'Guardian',
    acknowledged: 'Receipt acknowledged by the guardian on',
    generated: 'Generated',
  },
  bn: {
    title: 'রিপোর্ট কার্ড',
    student: 'শিক্ষার্থী',
    studentId: 'শিক্ষার্থী আইডি',
    classroom: 'ক্লাসরুম',
    teacher: 'শিক্ষক',
    term: 'টার্ম',
    overview: 'ফলাফলের সারসংক্ষেপ',
    totalMarks: 'মোট নম্বর',
    average: 'গড়',
    gpa: 'জিপিএ',
    grade: 'গ্রেড',
    position: 'মেধাক্রম',
    positionOf: (position, of) => `${of} জনের মধ্যে ${position}`,
    result: 'ফলাফল',
    passed: 'উত্তীর্ণ',
    failed: 'অনুত্তীর্ণ',
    incomplete: 'নম্বর বাকি',
    classAverage: 'ক্লাসের গড়',
    highest: 'সর্বোচ্চ',
    subjects: 'এই টার্মের বিষয়সমূহ',
    subject: 'বিষয়',
    marks: 'নম্বর',
    percent: '%',
    point: 'জিপি',
    optional: '৪র্থ বিষয়',
    absent: 'অনুপস্থিত',
    weight: 'গুরুত্ব',
    heldOn: 'তারিখ',
    attendance: 'উপস্থিতি',
    sessions: 'ক্লাস',
    present: 'উপস্থিত',
    late: 'দেরিতে',
    absentDays: 'অনুপস্থিত',
    leave: 'ছুটি',
    attendancePercent: 'উপস্থিতির হার',
    remark: 'শিক্ষকের মন্তব্য',
    classTeacher: 'শ্রেণি শিক্ষক',
    guardian: 'অভিভাবক',
    acknowledged: 'অভিভাবক প্রাপ্তি স্বীকার করেছেন',
    generated: 'তৈরি',
  },
  ...REPORT_LABELS_MORE,
};
