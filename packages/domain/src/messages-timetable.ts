// Timetable messages (modules/timetable), kept apart from messages.ts so each file stays short;
// messages.ts spreads them into the one catalogue. No spec wording exists; these are ours.

export const TIMETABLE_MESSAGES = {
  TIMETABLE_RANGE_INVALID: 'Choose dates that end on or after they start, at most {max} days.',
  TIMETABLE_TIME_REQUIRED: 'Give the start and end time of the class.',
  TIMETABLE_MOVE_INCOMPLETE: 'Give the new date, start and end time of the moved class.',
  TIMETABLE_NO_SUCH_CLASS: 'There is no class at that time to cancel or move.',
  TIMETABLE_SMS_ONLY_CANCELLED: 'An SMS can only be sent when a class is cancelled.',
  TIMETABLE_SMS_CLASS_STARTED:
    'This class has already started, so no SMS can be sent about it. Cancel it without an SMS.',
  TIMETABLE_REMIND_ONLY_EXAM: 'A reminder SMS can only be set for an exam day.',
} as const;
