// The single catalogue of user-facing messages produced by domain rules. The English text is the
// spec's wording, to the letter (typos such as "Proffession" included), because users, support
// staff and tests recognise these exact strings. The web translates by code
// (`t(code, { defaultValue: message })`); other languages live in apps/web/public/Locales/*/domain.json.

import { ACCOUNT_EXPORT_MESSAGES } from './messages-account-export';
import { AI_MESSAGES } from './messages-ai';
import { ASSIGNMENT_MESSAGES } from './messages-assignments';
import { AUTH_MESSAGES } from './messages-auth';
import { DEVICE_MESSAGES } from './messages-devices';
import { EDUCAST_MESSAGES } from './messages-educast';
import { EXPORT_MESSAGES } from './messages-export';
import { FACE_MESSAGES } from './messages-faces';
import { FIREBASE_IMPORT_MESSAGES } from './messages-firebase-import';
import { OTHER_USER_MESSAGES } from './messages-other-users';
import { PLATFORM_MESSAGES } from './messages-platform';
import { STAFF_CONSOLE_MESSAGES } from './messages-staff-console';
import { TEAM_MESSAGES } from './messages-teams';
import { TIMETABLE_MESSAGES } from './messages-timetable';
import { UPLOAD_MESSAGES } from './messages-uploads';
import { VIDEO_MESSAGES } from './messages-video';
import { WALL_MESSAGES } from './messages-wall';
import { WEBHOOK_MESSAGES } from './messages-webhooks';
import { ZOOM_MESSAGES } from './messages-zoom';

export const MESSAGES = {
  // Phones (part 1 §5, part 2 §5 "Shared phone rules")
  PHONE_ZERO_AFTER_COUNTRY_CODE: 'Invalid phone number: should not contain 0 after +880',
  PHONE_MUST_BE_13_DIGITS: 'Invalid phone number: must be 13 digits with +8801',
  PHONE_MUST_BE_11_DIGITS: 'Invalid phone number: must be 11 digits starting with 01',
  PHONE_MUST_BE_10_DIGITS: 'Invalid phone number: must be 10 digits starting with 1',
  PHONE_INVALID_FORMAT: 'Invalid phone number format. Expected: 01XXXXXXXXX or +8801XXXXXXXXX',

  // Time (part 2 §8)
  INVALID_DAY_NAME: "Invalid day name. Please provide a valid day (e.g., 'Monday').",

  // Accounts (part 1 §8, part 2 §2)
  INVALID_PROFESSION: 'Invalid Account Proffession - Please relog back in and try again',
  MISSING_USER_RECORD:
    'Could not find proper database for you. Please sign-up with different account and login',

  // Student drawer (part 2 §4, §5, §8)
  STUDENT_NAME_REQUIRED: 'Please enter your student name!',
  STUDENT_PHONE_REQUIRED: 'Please enter your student phone!',
  STUDENT_INSTITUTION_REQUIRED: 'Please enter your student institution!',
  CUSTOM_ID_INVALID:
    'Invalid input. Please follow the specified pattern: alphanumeric characters optionally followed by a hyphen and numbers (e.g., EDU123, EDU-12345, SHA2-728592).',
  STUDENT_CLASH:
    'Your given phone number / custom ID / rfid is already in use by Student {name} in Classroom {batch}. Please use another!',
  STUDENT_CLASH_IN_TEACHER:
    'Your given phone number / custom ID / rfid is already in use by Student {name} in Classroom {batch} in Teacher account: {teacher}. Please use another!',
  PICTURE_TYPE_INVALID: '{file} is not a png, jpg or jpeg file',
  PICTURE_UPLOAD_FAILED: 'Image Upload Failed. Server could not provide valid upload token',
  STUDENT_UPDATE_NO_DATA: 'Error {error}',
  STUDENT_UPDATED: 'Student has been updated successfully!',
  // The spec words only the save; a new student is told it was added, in the same form.
  STUDENT_ADDED: 'Student has been added successfully!',
  STUDENT_INCLUDED: 'Included successfully!',
  SELECT_AT_LEAST_ONE_CLASSROOM: 'Please select at least 1 classroom',
  REMOVE_MISSING_KEY: 'Something wrong! try again later',
  REMOVE_STUDENT_NOT_FOUND: 'Student data not found. Please refresh and try again.',
  STUDENT_NOT_IN_LOCAL_DATA: 'Error: Could not find this student in local volatile database..',
  REMOVE_DATABASE_FAILED: 'Could not remove from database. Reverting.',
  REMOVE_SERVICE_FAILED: 'Something wrong. Students could not be removed.',
  REMOVE_SUCCESS: 'The students have been successfully removed.',

  // Online admission (part 1 §2.1, §5, §8)
  ADMISSION_INVALID_LINK: 'Invalid Link. Please check the link is correct and try again..',
  ADMISSION_NAME_REQUIRED: 'Please provide your name.',
  ADMISSION_PHONE_REQUIRED: 'Please provide your phone number',
  ADMISSION_PICTURE_REQUIRED: 'Please provide your picture',
  ADMISSION_PARENT_PHONE_REQUIRED: 'Please provide your parents phone number',
  ADMISSION_PARENT_PHONE_NOT_UNIQUE: 'Please provide at least one unique phone number of the parent',
  ADMISSION_SUBMIT_PARENT_PHONE_REQUIRED: "Please provide at least one parent's phone number",
  ADMISSION_BLOOD_GROUP_REQUIRED: 'Please provide your blood group',
  ADMISSION_ADDRESS_REQUIRED: 'Please provide your address',
  ADMISSION_DATE_OF_BIRTH_REQUIRED: 'Please provide your date of birth',
  ADMISSION_ADDITIONAL_INFO_REQUIRED: 'Please provide additional information',
  ADMISSION_DETAILS_REQUIRED: 'Please write details',
  ADMISSION_SUBMIT_GUARD: 'please provide all information carefully',
  // Ours (the spec gives no wording): the public form's limit and the staff inbox.
  ADMISSION_TOO_MANY: 'Too many applications have been sent from your network. Please try again later.',
  ADMISSION_ALREADY_DECIDED: 'This application has already been accepted or rejected.',
  ADMISSION_REJECT_REASON_REQUIRED: 'Please write why the application is rejected.',
  ADMISSION_CUSTOM_FIELD_DUPLICATE: 'The custom field "{field}" is listed more than once.',
  ADMISSION_CLOSED: 'This institution is not taking applications online right now.',
  ADMISSION_PICTURE_INVALID: 'This picture was not uploaded with this form. Please upload the picture again.',
  ADMISSION_ATTACHMENT_TYPE_INVALID: '{file} is not a pdf, png, jpg or jpeg file',
  ADMISSION_ATTACHMENT_TOO_LARGE: 'The file is larger than {max} MB. Please choose a smaller one.',

  // Fees and counter collection. The spec gives no wording for these; they are ours.
  FEE_REASON_REQUIRED: 'Please write the reason.',
  FEE_CHARGE_LABEL_REQUIRED: 'Please name the payment item.',
  FEE_CHARGE_TARGET: 'A payment item is for one classroom or for one student.',
  PAYMENT_NOT_ENROLLED: '{name} is not in the classroom {classroom}.',
  PAYMENT_MORE_THAN_DUE: '{item} owes {due}; the payment cannot be more than that.',
  PAYMENT_MONTH_TOO_FAR: 'Payments can be taken at most {months} months ahead.',
  PAYMENT_IN_FUTURE: 'The payment time cannot be in the future.',
  MONEY_ENTRY_IN_FUTURE: 'The day of an entry cannot be after today.',
  PAYMENT_ALREADY_VOIDED: 'This payment has already been voided.',
  PAYMENT_REQUEST_KEY_USED:
    'This payment form was already used for another student. Reload the page and try again.',
  PAYMENT_REFUND_TOO_MUCH: 'At most {amount} of this payment can be refunded.',
  FEES_COLLECT_PERMISSION_REQUIRED: 'You do not have permission to take payments here.',
  PAYMENT_CLASSROOM_NOT_ALLOWED:
    'You may take payments only for your own classrooms; {item} is not one of them.',
  DUES_REMINDER_PERMISSION_REQUIRED:
    'Dues SMS need both the permission to take payments and the permission to send SMS.',
  DUES_REMINDER_NO_RECIPIENTS: 'Nobody chosen owes anything, or none of them has a phone number to text.',
  // Roll call. The spec gives no wording for these; they are ours.
  ATTENDANCE_DATE_IN_FUTURE: 'Attendance cannot be taken for a day after today.',
  ATTENDANCE_STUDENT_NOT_IN_CLASSROOM:
    'Someone in this roll call is not in this classroom. Please reload the page.',
  // Assessments, marks and grade scales. The spec gives no wording for these; they are ours.
  ASSESSMENT_NAME_REQUIRED: 'Please enter the assessment name.',
  ASSESSMENT_TERM_REQUIRED: 'Please enter the term, for example Half-yearly 2026.',
  ASSESSMENT_SUBJECT_NAME_REQUIRED: 'Please enter the subject name.',
  ASSESSMENT_SUBJECT_DUPLICATE: '{subject} is listed more than once.',
  ASSESSMENT_PART_KEY_DUPLICATE: 'Each part of {subject} needs a different key.',
  ASSESSMENT_FULL_MARKS_INVALID:
    'Full marks must be more than 0 and at most {max}, with at most two decimals.',
  ASSESSMENT_PASS_ABOVE_FULL: 'Pass marks cannot be more than the full marks.',
  ASSESSMENT_FULL_MARKS_BELOW_MARKS:
    'Some marks already entered for {subject} are above its new full marks. Change those marks first.',
  ASSESSMENT_SUBJECT_UNKNOWN:
    'A subject being edited is no longer part of this assessment. Please reload the page.',
  ASSESSMENT_MARKS_INVALID:
    'Marks for {subject} must be a number from 0 to {full}, with at most two decimals.',
  ASSESSMENT_MARKS_ABOVE_FULL: 'Marks for {subject} cannot be more than the full marks ({full}).',
  ASSESSMENT_CELL_UNKNOWN:
    'Some marks are for a student, subject or part that is not in this assessment. Please reload the page.',
  MARKS_IMPORT_NO_COLUMNS:
    'Could not find the subject columns of this assessment in the file. Please use the marks sheet downloaded for it.',
  MARKS_IMPORT_UNKNOWN_STUDENT:
    'This student is not in the classroom. Please download the marks sheet again.',
  MARKS_IMPORT_DUPLICATE_STUDENT: 'This student is on more than one row.',
  MARKS_IMPORT_VALUE_INVALID: 'Marks for {subject} must be a number from 0 to {full}, or A for absent.',
  GRADE_SCALE_DUPLICATE_MIN: 'Two grades start at the same percentage.',
  GRADE_SCALE_NEEDS_ZERO: 'The lowest grade must start at 0%, so every percentage gets a grade.',
  GRADE_SCALE_POINTS_ORDER: 'A lower grade cannot have more grade points than a higher one.',
  // Report cards. The spec gives no wording for these; they are ours.
  REPORT_LINK_INVALID:
    'This report card link is not valid or has been withdrawn. Please ask the institution for a new one.',
  REPORT_TERM_NOT_FOUND: 'This classroom has no published results for {term}.',
  REPORT_FEEDBACK_EMPTY: 'Please write your feedback first.',
  REPORT_FEEDBACK_TOO_MANY: 'Thank you, we have your feedback. Please send more later.',
  RESULT_SMS_NO_RECIPIENTS: 'Nobody chosen has a complete result and a phone number to text.',
  // Family portal (DESIGN.md §1 "Family portal"). The spec gives no wording; these are ours.
  PORTAL_DUES_HIDDEN: 'The institution does not show fees here. Please ask the institution about dues.',
  PORTAL_PAY_OFF: 'The institution does not take payments here. Please pay at the institution.',
  PORTAL_ATTENDANCE_HIDDEN: 'The institution does not show attendance here.',
  PORTAL_RESULTS_HIDDEN: 'The institution does not show results here.',
  ATTENDANCE_LINK_INVALID:
    'This attendance link is not valid or has been withdrawn. Please ask the institution for a new one.',
  // Online payment (spec part 2 §4 "Online payment outcomes", §5 invalid payment
  // link). The spec describes these texts without quoting them; the wording follows it.
  PAY_LINK_INVALID:
    'This payment link is invalid or no longer works. Please generate the link again from your learning management system.',
  PAY_ONLINE_OFF: 'This institution is not taking payments online right now.',
  PAY_GATEWAY_UNAVAILABLE: 'This payment method is not available right now. Please choose another.',
  PAY_NOTHING_DUE: '{item} owes nothing now. Please reload the page.',
  PAY_AMOUNT_TOO_SMALL: 'An online payment must be at least {min}.',
  PAY_AMOUNT_TOO_LARGE: 'An online payment can be at most {max}.',
  PAY_GATEWAY_FAILED: 'The payment gateway could not be reached. Please try again in a few minutes.',
  PAY_REVIEW_NOT_PENDING: 'This payment is not waiting for review.',
  PAY_REFUND_NOT_PAID: 'Only an online payment that was recorded can be refunded through the gateway.',
  PAY_REFUND_TOO_MUCH: 'At most {amount} of this online payment can be refunded.',
  PAY_REFUND_REFUSED: 'The payment gateway did not accept the refund: {reason}',
  PAY_SECRETS_KEY_MISSING:
    'Online payment is not set up on this server yet. Please ask the server administrator to set PAYMENT_SECRETS_KEY.',
  PAY_FAIL_CANCELLED: 'The payment was cancelled after it was started.',
  PAY_FAIL_DECLINED:
    'The payment was declined by the gateway, bank or mobile wallet. Please contact your bank or wallet provider.',
  PAY_FAIL_EXPIRED: 'The payment took too long. After the redirect it must be completed within 5 minutes.',
  PAY_FAIL_UNATTEMPTED: 'No payment was attempted after the redirect.',
  PAY_FAIL_IPN_VALIDATION_FAILED:
    'IPN Validation Failed: the check between the gateway and the bank or wallet failed. Please contact us.',

  // Contact form (part 1 §5, §8)
  CONTACT_EMAIL_OR_PHONE_REQUIRED: 'Please enter your email or phone!',
  CONTACT_MESSAGE_REQUIRED: 'Please enter your message!',
  CONTACT_FAILED: 'Something went wrong! Please Try again!',
  CONTACT_SENT: 'Thank you for contacting us',

  // SMS (part 1 §5, §8)
  SMS_QUOTA_NOT_ENOUGH:
    'You do not have enough SMS Quota. You need {needed}. Your current quota is {current}.',
  SMS_INVALID_PHONE: 'Could not find a valid phone number for {name} - {id}. Current Phone: {phone}',
  // SMS compose. The spec gives no wording for these; they are ours.
  SMS_TEXT_EMPTY: 'Please write the message to send.',
  SMS_NO_RECIPIENTS: 'Choose at least one classroom, student or phone number to send to.',
  SMS_SEND_PERMISSION_REQUIRED: 'You do not have permission to send SMS in {batch}.',
  SMS_SEND_NOT_CANCELLABLE: 'This message has already started sending and can no longer be cancelled.',
  SMS_SEND_AT_PAST: 'Choose a time in the future to send later.',
  SMS_SEND_NOT_EDITABLE: 'This message has already started sending and can no longer be changed.',
  SMS_SEND_TEXTS_FIXED:
    'The messages of this send were built from a spreadsheet and keep their texts. You can change the time, or cancel it.',
  SMS_NOTHING_TO_RESEND: 'No message of this send has failed; there is nothing to send again.',

  // Message template builder. The spec gives no wording for these; they are ours.
  TEMPLATE_UNKNOWN_COLUMN: 'The template refers to {column}, which is not a column of the sheet.',
  TEMPLATE_INVALID_CONDITION: 'Could not understand the condition {condition}.',
  RECEIPT_SMS_NO_PHONE: 'This student has no phone number to text the receipt to.',
  RECEIPT_SMS_VOIDED: 'A voided receipt cannot be sent.',
  TEMPLATE_NO_PHONE_COLUMN: 'Could not find a phone column in the sheet.',
  // Templates from a spreadsheet and uploaded sheets. Ours too.
  SMS_TEMPLATE_NAME_TAKEN: 'You already have a template named {name}.',
  SMS_TEMPLATES_FULL: 'You can keep up to {max} templates. Please delete one you no longer use first.',
  SMS_TEMPLATE_NO_MESSAGES:
    'No row of the sheet gets a message. Please check the phone column and the conditions.',
  SHEET_FILE_TYPE: 'Please upload an .xlsx or .csv file.',
  SHEET_TOO_LARGE: 'The file is larger than {max} MB. Please upload a smaller one.',
  SHEET_UNREADABLE: 'Could not read this file. Please save it again as .xlsx or .csv and upload it.',
  SHEET_EMPTY: 'The file has no rows to read.',
  SHEET_TOO_BIG:
    'The sheet has more than {rows} rows or {columns} columns. Please split it into smaller files.',
  SHEET_UNPACKS_TOO_LARGE:
    'This file unpacks to more than {max} MB. Please remove pictures, extra sheets and unused formatting, or split it into smaller files.',

  // Bulk onboarding (part 1 §5). The spec quotes some of these with an ellipsis; where the
  // ellipsis closes the sentence it is part of the product's wording and kept.
  ONBOARDING_WORKSHEET_MISSING: 'Could not find worksheet to onboard..',
  ONBOARDING_NO_CLASSROOMS: 'You have not added any classrooms yet...',
  ONBOARDING_NO_STUDENTS: 'Could not find any student info in your uploaded file!',
  ONBOARDING_DUPLICATE_IDS:
    'Your uploaded file has duplicate student ID. Please make sure each ID is unique.',
  ONBOARDING_EMPTY_IDS: 'Your uploaded file has empty student ID...',
  ONBOARDING_EMPTY_NAMES: 'Your uploaded file has empty student names...',
  ONBOARDING_EMPTY_PHONES: 'Your uploaded file has empty student phone numbers...',
  ONBOARDING_DUPLICATE_PHONES:
    'Your uploaded file has duplicate student phone numbers. You can add a D at the end of a phone number to use it as a duplicate phone number.',
  // Beyond the spec (bulk onboarding); ours.
  ONBOARDING_INVALID_PHONES:
    'Your uploaded file has invalid phone numbers. Expected: 01XXXXXXXXX or +8801XXXXXXXXX.',
  ONBOARDING_DUPLICATE_RFIDS:
    'Your uploaded file has the same RFID code on several rows. Each card belongs to one student.',
  ONBOARDING_UNKNOWN_MARKS:
    'Your uploaded file has classroom cells with something other than y. Put y to add the student to that classroom, or leave the cell empty.',
  ONBOARDING_TOO_MANY_STUDENTS:
    'Your uploaded file has more than 10,000 students. Please split it into smaller files.',
  ONBOARDING_CLASHES:
    'Some rows match students you already have: the same phone, student ID or RFID code. Change or remove those rows.',

  CONTACT_TOO_LONG: 'Your message is too long. Please keep it under {max} characters.',
  CONTACT_TOO_MANY: 'You have sent several messages already. Please wait a while before writing again.',

  // News items of the public site. The spec gives no wording for these; they are ours.
  NEWS_TITLE_REQUIRED: 'Please enter a title.',
  NEWS_DESCRIPTION_REQUIRED: 'Please write the news description.',
  NEWS_NOT_FOUND: 'This news item could not be found. It may have been removed.',
  NEWS_IMAGE_INVALID: 'Please upload a PNG, JPEG, WebP or AVIF image of at most {max} MB.',

  // Sign-up, sign-in and access (messages-auth.ts).
  ...AUTH_MESSAGES,

  // Generic answers of the API (no spec wording exists).
  NOT_FOUND: 'We could not find what you were looking for.',
  VALIDATION_FAILED: 'Some fields are not valid.',
  TEXT_INVALID: 'This text contains characters that cannot be saved. Remove them and try again.',
  BAD_REQUEST: 'This request could not be read. Please reload the page and try again.',
  REQUEST_TOO_LARGE: 'This request is too large. Please send less at once.',
  RATE_LIMITED: 'Too many requests. Please slow down.',
  INTERNAL: 'Something went wrong on our side. Please try again.',

  ...TEAM_MESSAGES,
  ...PLATFORM_MESSAGES,
  ...STAFF_CONSOLE_MESSAGES,
  ...FIREBASE_IMPORT_MESSAGES,
  ...WEBHOOK_MESSAGES,
  ...ACCOUNT_EXPORT_MESSAGES,
  ...TIMETABLE_MESSAGES,
  ...ZOOM_MESSAGES,
  ...AI_MESSAGES,
  ...WALL_MESSAGES,
  ...UPLOAD_MESSAGES,
  ...VIDEO_MESSAGES,
  ...EDUCAST_MESSAGES,
  ...ASSIGNMENT_MESSAGES,
  ...OTHER_USER_MESSAGES,
  ...FACE_MESSAGES,
  ...DEVICE_MESSAGES,
  ...EXPORT_MESSAGES,

  // Classrooms, students, archive and links. The spec gives no wording for these (except the
  // photo upload toast, part 1 §8); they are ours.
  CLASSROOM_GRADE_REQUIRED: 'Please enter the grade.',
  CLASSROOM_SUBJECT_REQUIRED: 'Please enter the subject.',
  CLASSROOM_NAME_REQUIRED: 'Please enter the classroom name.',
  CLASSROOM_NAME_RESERVED: '{name} is a reserved name. Please choose another classroom name.',
  CLASSROOM_EXISTS: 'A classroom named {name} already exists under this grade and subject.',
  CLASSROOM_CLOSED: 'This classroom is closed. Reopen it to make changes.',
  CLASSROOM_NOT_IN_TEAM: 'This classroom belongs to a teacher outside this team.',
  MANAGE_STUDENTS_REQUIRED: 'You do not have permission to manage students in {batch}.',
  MODIFY_CUSTOM_ID_REQUIRED: 'You do not have permission to change the student ID.',
  STUDENT_FIELD_DUPLICATE: 'Each custom field needs a different name: {name} is used twice.',
  STUDENTS_ARCHIVED: 'The students have been archived.',
  ARCHIVE_FAILED: 'The students could not be archived. Nothing was changed.',
  STUDENT_UNARCHIVED: 'The student has been unarchived.',
  UNARCHIVE_NOTHING_RESTORED:
    'Nothing was unarchived: the chosen classrooms no longer exist or hold no archived data.',
  AUTH_LINK_INVALID: 'This sign-in link is invalid or has expired. Please ask for a new link.',
  AUTH_LINK_OWN_SIGN_IN:
    'This student signs in with their own phone number, so no sign-in link is needed. Ask them to sign in with their phone.',
  PHONE_CODE_REQUIRED: 'To change your phone number, enter the 6-digit code we sent to the new number.',
  PHONE_CODE_SENT: 'We have sent a 6-digit code to the new number. Enter it to confirm the change.',
  LIVE_PHOTO_LINK_INVALID:
    'This photo link is invalid, has expired or was already used. Please ask for a new link.',
  LIVE_PHOTO_SAVED: 'Student Picture uploaded successfully..',
  DEVICE_KEY_INVALID:
    'This kiosk link is not valid, or its device was removed. Please ask the institution owner for a new kiosk link.',
} as const;

export type MessageCode = keyof typeof MESSAGES;

/** Values substituted into `{placeholder}`s of a message. */
export type MessageParams = Readonly<Record<string, string | number>>;

/**
 * The one error shape every rule returns: a stable code, the exact English message already
 * interpolated, and the params so a translation can interpolate its own text.
 */
export interface DomainError<C extends MessageCode = MessageCode> {
  readonly code: C;
  readonly message: string;
  readonly params?: MessageParams;
}

/** Success or a DomainError, for rules that compute a value but can also refuse. */
export type Result<T, E extends DomainError = DomainError> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly error: E };

/** Interpolates `{name}` placeholders; unknown placeholders stay visible so mistakes show. */
export function formatMessage(code: MessageCode, params?: MessageParams): string {
  const template: string = MESSAGES[code];
  if (!params) return template;
  return template.replace(/\{(\w+)\}/g, (whole, key: string) =>
    Object.hasOwn(params, key) ? String(params[key]) : whole,
  );
}

export function domainError<C extends MessageCode>(code: C, params?: MessageParams): DomainError<C> {
  const message = formatMessage(code, params);
  return params ? { code, message, params } : { code, message };
}

export function ok<T>(value: T): Result<T, never> {
  return { ok: true, value };
}

export function fail<E extends DomainError>(error: E): Result<never, E> {
  return { ok: false, error };
}

export function isMessageCode(value: unknown): value is MessageCode {
  return typeof value === 'string' && Object.hasOwn(MESSAGES, value);
}

export function isDomainError(value: unknown): value is DomainError {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as { code?: unknown; message?: unknown };
  return isMessageCode(candidate.code) && typeof candidate.message === 'string';
}
