// Why the Firebase import skipped a record, or why a record is an orphan (it points at something
// the export does not hold): each entry of an import's report names one of these codes with the
// values at fault, so the staff console shows it in the reader's language and the command line in
// English (formatMessage). No spec wording exists; ours. A student without a valid phone is told
// with the spec's SMS_INVALID_PHONE (messages.ts), as onboarding and SMS tell it.

export const FIREBASE_IMPORT_MESSAGES = {
  IMPORT_STUDENT_SIGN_IN_RECORD: 'A student’s sign-in record: students sign in by phone code.',
  IMPORT_UNKNOWN_PROFESSION: 'Unknown profession “{profession}”.',
  IMPORT_EMAIL_TAKEN: 'Another Batchwise user already has this e-mail.',
  IMPORT_PHONE_TAKEN: 'Another Batchwise user already has this phone.',
  IMPORT_UNKNOWN_TOOL: 'Not a tool Batchwise offers.',
  IMPORT_FIELD_WITHOUT_NAME: 'A custom field without a name.',
  IMPORT_ARCHIVE_OF_UNKNOWN_TEACHER: 'The archive of a teacher the export does not hold.',
  IMPORT_CLASSROOM_NAME_TAKEN: 'Another classroom is already named {name}.',
  IMPORT_UNKNOWN_EVENT_KIND: 'An event kind the timetable does not keep: “{kind}”.',
  IMPORT_EVENT_WITHOUT_DATE: 'An event without a date.',
  IMPORT_EVENT_WITHOUT_TIMES: 'An event without its start and end times.',
  IMPORT_MOVED_CLASS_WITHOUT_NEW_TIMES: 'A moved class without its new date and times.',
  IMPORT_ADMIN_LISTS_UNKNOWN_TEACHER: 'The admin lists a teacher the export does not hold.',
  IMPORT_ASSISTANT_WITHOUT_USER: 'An assistant the export holds no user record for.',
  IMPORT_INVALID_PHONE: 'Not a valid phone number: {phone}.',
  IMPORT_NO_STUDENT_WITH_PHONE: 'No student has the phone {phone} ({name}).',
  IMPORT_REFERRED_TWICE: 'Referred by two accounts: the first is kept.',
  IMPORT_SELF_REFERRAL: 'An account referring itself.',
  IMPORT_REFERRAL_OF_UNKNOWN_ACCOUNT: 'A referral of an account the export does not hold.',
  IMPORT_REFERRER_UNKNOWN: 'Referred by an account the export does not hold.',
  IMPORT_CHARGE_WITHOUT_AMOUNT_OR_MONTH: 'A special payment without an amount or a month.',
  IMPORT_STUDENT_SKIPPED: 'Its student was skipped.',
  IMPORT_PAYMENT_FOR_UNKNOWN_CHARGE: 'A payment toward a special payment the classroom does not hold.',
  IMPORT_PAYMENT_WITHOUT_AMOUNT: 'A payment without an amount.',
  IMPORT_PAYMENT_WITHOUT_TIME: 'A payment without a time stamp.',
  IMPORT_REPORT_CARD_OF_UNKNOWN_CLASSROOM: 'A report card of a classroom the export does not hold.',
  IMPORT_EXAM_WITHOUT_TERM_OR_DATE: 'An exam without a term or a date.',
  IMPORT_MARKS_FOR_UNLISTED_SUBJECT: 'Marks for a subject the exam does not list.',
  IMPORT_MARKS_OF_UNKNOWN_STUDENT: 'Marks of a student no classroom holds.',
  IMPORT_MARKS_NOT_A_NUMBER: 'Marks that are not a number.',
  IMPORT_REMARK_ON_UNKNOWN_STUDENT: 'A remark on a student no classroom holds.',
  IMPORT_NO_PASSWORD: 'No password in the export: signs in by phone code.',
  IMPORT_SIGN_IN_WITHOUT_USER: 'No user record of the export was imported for this sign-in.',
} as const;
