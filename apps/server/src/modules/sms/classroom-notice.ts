import type { SmsCompose } from '@batchwise/domain';

/**
 * A notice to one classroom's students and their first guardians, sent at once by default: news
 * about a class today (cancelled, or its online meeting link) is not held back by the quiet
 * hours; a reminder a day ahead is (`urgent: false`).
 */
export function classroomNotice(classroomId: string, text: string, { urgent = true } = {}): SmsCompose {
  return {
    text,
    classroomIds: [classroomId],
    studentIds: [],
    to: { student: true, parent1: true, parent2: false },
    numbers: '',
    urgent,
    sendAt: null,
  };
}
