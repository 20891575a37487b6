import type { Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { AbuseGuardTables } from './schema-abuse-guards';
import type { AccountExportTables } from './schema-account-export';
import type { AdmissionTables } from './schema-admission';
import type { AiTables } from './schema-ai';
import type { AssessmentTables } from './schema-assessments';
import type { AssignmentTables } from './schema-assignments';
import type { AttendanceTables } from './schema-attendance';
import type { AttendanceAlertTables } from './schema-attendance-alerts';
import type { AttendanceDeviceTables } from './schema-attendance-devices';
import type { AuthTables, SessionsTable } from './schema-auth';
import type { BillingTables } from './schema-billing';
import type { CacheStampTables } from './schema-cache-stamps';
import type { DuesReminderTables } from './schema-dues-reminders';
import type { EducastTables } from './schema-educast';
import type { ErrorReportTables } from './schema-error-reports';
import type { FaceTables } from './schema-faces';
import type { FeesTables } from './schema-fees';
import type { FirebaseImportTables } from './schema-firebase-import';
import type { GettingStartedTables } from './schema-getting-started';
import type { AppMetaTable, JobsTable, OutboxTable } from './schema-jobs';
import type { LandingTables } from './schema-landing';
import type { LinkTables } from './schema-links';
import type { MoneyTables } from './schema-money';
import type { OnlinePayTables } from './schema-online-pay';
import type { OtherUserTables } from './schema-other-users';
import type { PlanTables } from './schema-plans';
import type { PortalTables } from './schema-portal';
import type { PublicSiteTables } from './schema-public-site';
import type { PublicVideoTables } from './schema-public-video';
import type { QuestionPaperTables } from './schema-question-papers';
import type { RecycleBinTables } from './schema-recycle-bin';
import type { ReferralTables } from './schema-referrals';
import type { ReportCardTables } from './schema-report-cards';
import type { SmsLedgerTable, SmsMessagesTable, SmsSendsTable, SmsTemplatesTable } from './schema-sms';
import type { StaffConsoleTables } from './schema-staff-console';
import type { StatusTables } from './schema-status';
import type { TimetableTables } from './schema-timetable';
import type { UploadTables } from './schema-uploads';
import type { UsageTables } from './schema-usage';
import type { VideoTables } from './schema-video';
import type { WallTables } from './schema-wall';
import type { WebhookTables } from './schema-webhooks';
import type { ZoomTables } from './schema-zoom';

/**
 * The relational schema as Kysely sees it. Portable across SQLite and PostgreSQL:
 * ids are application-generated text, timestamps integer ms (bigint), money integer paisa,
 * flags integer 0/1 and JSON documents text.
 */

export type ProfessionValue = 'Teacher' | 'Admin' | 'TeacherAssistant' | 'Student' | 'Parent';

export interface UsersTable {
  id: string;
  name: string;
  /** lower-cased */
  email: string | null;
  /** normalised +8801XXXXXXXXX */
  phone: string | null;
  password_hash: string | null;
  profession: ProfessionValue | null;
  is_staff: number;
  avatar_key: string | null;
  /** Flagged for suspicious traffic: reads, writes and live updates are refused. */
  suspicious_at: number | null;
  disabled_at: number | null;
  password_changed_at: number | null;
  created_at: number;
  updated_at: number;
}

export interface AccountsTable {
  id: string;
  owner_user_id: string;
  kind: 'Teacher' | 'Admin';
  institution: string;
  app_mode: 'SMS_LMS_GATEWAY' | 'SMS_GATEWAY';
  teacher_type: string;
  online_payment: string;
  logo_key: string | null;
  /** JSON: { type, currency, manageMultiBranches } */
  preferences: string;
  sms_quota: number;
  sms_rate_paisa: number;
  sms_shared_from: string | null;
  max_custom_id: number;
  referral_code: string;
  referred_by: string | null;
  /** The account's plan (plans.id); optional on insert, where it defaults to Lite (migration 0035). */
  plan_id: Generated<string>;
  /** When a paid plan ends (subscriptions); null: no end. */
  plan_ends_at: Generated<number | null>;
  /** A staff discount (percent) off the account's platform purchases (migration 0036). */
  plan_discount_percent: Generated<number>;
  /** The plan end date the last renewal reminder was sent for. */
  plan_reminded_for: Generated<number | null>;
  /** JSON: welcome SMS, online admission, student custom fields… */
  settings: string;
  created_at: number;
  updated_at: number;
}

export interface AccountToolsTable {
  account_id: string;
  tool_key: string;
  route: string | null;
  expires_at: number | null;
  pinned: number;
  installed_at: number;
}

export interface AdminTeachersTable {
  teacher_account_id: string;
  admin_account_id: string;
  position: number;
  created_at: number;
}

export interface ClassroomsTable {
  id: string;
  account_id: string;
  grade: string;
  subject: string;
  name: string;
  color: string | null;
  avatar_key: string | null;
  tuition_fee: number;
  status: string;
  type: string;
  start_date: string | null;
  timings: string | null;
  collection_month: string | null;
  created_at: number;
  updated_at: number;
  closed_at: number | null;
}

export interface ModeratorsTable {
  id: string;
  account_id: string;
  user_id: string;
  /** null: the grant covers the whole account */
  classroom_id: string | null;
  status: 'invited' | 'accepted';
  manage_students: number;
  modify_custom_id: number;
  send_sms: number;
  /** May take payments at the counter (0021); optional on insert, where it defaults to 0. */
  collect_payments: Generated<number>;
  blocked: number;
  created_at: number;
  accepted_at: number | null;
}

export interface InvitationsTable {
  id: string;
  kind: 'admin-teacher' | 'assistant';
  account_id: string;
  invited_by: string;
  invitee_email: string | null;
  invitee_phone: string | null;
  classroom_id: string | null;
  /** JSON: { manageStudents, modifyCustomID } */
  grants: string;
  status: 'pending' | 'accepted' | 'declined' | 'revoked';
  created_at: number;
  expires_at: number;
  responded_at: number | null;
  responded_by: string | null;
}

export interface StudentsTable {
  id: string;
  account_id: string;
  user_id: string | null;
  name: string;
  phone: string;
  email: string | null;
  institution: string;
  avatar_key: string | null;
  custom_id: string | null;
  rfid: string | null;
  parent1_phone: string | null;
  parent2_phone: string | null;
  /** JSON map of custom field name to value */
  custom_fields: string;
  created_at: number;
  updated_at: number;
  /** Records of one person in several teachers' accounts share it; null: the record is its own person. */
  person_id: string | null;
  /** Set while the student has no classroom left (they are in the archive). */
  archived_at: number | null;
  /**
   * What a list search reads: the name, student ID and RFID as search keys (domain searchKey), a
   * line each. Written with them by StudentsRepository and studentRow, never on its own.
   */
  search_text: string;
}

export interface EnrolmentsTable {
  id: string;
  student_id: string;
  classroom_id: string;
  applied_at: number;
  accepted_at: number | null;
  /** per-classroom override in paisa; null uses the classroom fee */
  tuition_fee: number | null;
  type: string;
  video_permission: string;
}

export interface ParentLinksTable {
  parent_phone: string;
  student_id: string;
  created_at: number;
}

export interface ActivityLogTable {
  id: string;
  account_id: string | null;
  actor_id: string | null;
  actor_name: string | null;
  impersonator_id: string | null;
  event_name: string;
  /** Plain English text: the message's English, or the whole entry for a text of no known form. */
  summary: string;
  /** The message's key (domain ACTIVITY_MESSAGES), shown in the reader's language; null: plain text. */
  message_key: string | null;
  /** JSON of the message's parameters. */
  message_params: string | null;
  subject_type: string | null;
  subject_id: string | null;
  data: string | null;
  created_at: number;
}

export interface ArchivedEnrolmentsTable {
  id: string;
  account_id: string;
  student_id: string;
  /** No foreign key: the copy outlives the classroom. */
  classroom_id: string;
  grade: string;
  subject: string;
  classroom_name: string;
  archive_type: 'Archive' | 'Delete';
  archived_by: string | null;
  archived_by_name: string;
  archived_at: number;
  min_timestamp: number;
  max_timestamp: number;
  applied_at: number | null;
  accepted_at: number | null;
  tuition_fee: number | null;
  enrolment_type: string | null;
  video_permission: string | null;
  /** JSON: the student's identity when archived */
  snapshot: string;
  restored_at: number | null;
  restored_by: string | null;
}

export interface StudentFieldsTable {
  id: string;
  account_id: string;
  name: string;
  kind: 'text' | 'date' | 'blood-group';
  position: number;
  created_at: number;
}

/** Raised by database triggers whenever what an account's students list shows changes. */
export interface ListVersionsTable {
  account_id: string;
  version: number;
  /** How many of the raises of `version` changed students' rows alone (migration 0084). */
  row_changes: Generated<number>;
  /** The students those changed, newest first: `<version>:<student id>` lines, cut (migration 0084). */
  recent_rows: Generated<string>;
}

/** Raised by database triggers whenever what a classroom's term results are made of changes. */
export interface ResultVersionsTable {
  classroom_id: string;
  version: number;
}

/** An open live-update stream, leased by the API process serving it (modules/events). */
export interface EventStreamsTable {
  id: string;
  /** The process serving the stream: it renews its rows' lease and deletes them on close. */
  instance_id: string;
  user_id: string | null;
  /** The client's address as limits count it (an IPv6 /64, modules/rate-limit/address-key.ts). */
  ip: string;
  opened_at: number;
  /** Counted only until then: a crashed process's rows expire by themselves. */
  expires_at: number;
}

export interface Database
  extends FeesTables,
    PublicSiteTables,
    UsageTables,
    MoneyTables,
    OnlinePayTables,
    DuesReminderTables,
    ReportCardTables,
    AttendanceTables,
    AttendanceDeviceTables,
    AttendanceAlertTables,
    AssessmentTables,
    AbuseGuardTables,
    CacheStampTables,
    GettingStartedTables,
    LandingTables,
    PortalTables,
    LinkTables,
    PlanTables,
    ReferralTables,
    RecycleBinTables,
    BillingTables,
    StatusTables,
    ErrorReportTables,
    StaffConsoleTables,
    WebhookTables,
    TimetableTables,
    ZoomTables,
    AiTables,
    QuestionPaperTables,
    VideoTables,
    PublicVideoTables,
    EducastTables,
    WallTables,
    AssignmentTables,
    FirebaseImportTables,
    AccountExportTables,
    OtherUserTables,
    FaceTables,
    AdmissionTables,
    AuthTables,
    UploadTables {
  jobs: JobsTable;
  outbox: OutboxTable;
  app_meta: AppMetaTable;
  users: UsersTable;
  accounts: AccountsTable;
  account_tools: AccountToolsTable;
  admin_teachers: AdminTeachersTable;
  classrooms: ClassroomsTable;
  moderators: ModeratorsTable;
  invitations: InvitationsTable;
  students: StudentsTable;
  enrolments: EnrolmentsTable;
  parent_links: ParentLinksTable;
  activity_log: ActivityLogTable;
  archived_enrolments: ArchivedEnrolmentsTable;
  student_fields: StudentFieldsTable;
  list_versions: ListVersionsTable;
  result_versions: ResultVersionsTable;
  event_streams: EventStreamsTable;
  sms_ledger: SmsLedgerTable;
  sms_sends: SmsSendsTable;
  sms_messages: SmsMessagesTable;
  sms_templates: SmsTemplatesTable;
}

export type JobRow = Selectable<JobsTable>;
export type NewJobRow = Insertable<JobsTable>;
export type JobUpdate = Updateable<JobsTable>;
export type OutboxRow = Selectable<OutboxTable>;
export type UserRow = Selectable<UsersTable>;
export type AccountRow = Selectable<AccountsTable>;
export type SessionRow = Selectable<SessionsTable>;
export type StudentRow = Selectable<StudentsTable>;
export type ClassroomRow = Selectable<ClassroomsTable>;
export type ModeratorRow = Selectable<ModeratorsTable>;
