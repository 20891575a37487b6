import type { SmsCompose } from '@batchwise/domain';

/**
 * A notice to one classroom's students and their first guardians, sent at once: news about a
 * class today (cancelled, or its online meeting link) is not held back by the quiet hours.
 */
export function classroomNotice(classroomId: string, text: string): SmsCompose {
  return {
    text,
    classroomIds: [classroomId],
    studentIds: [],
    to: { student: true, parent1: true, parent2: false },
    numbers: '',
    urgent: true,
    sendAt: null,
  };
}
