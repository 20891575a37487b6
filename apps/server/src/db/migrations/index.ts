import type { Migration, MigrationProvider } from 'kysely';
import * as m0001 from './0001-foundation';
import * as m0002 from './0002-accounts';
import * as m0003 from './0003-public-site';
import * as m0004 from './0004-classrooms-students';
import * as m0005 from './0005-list-versions';
import * as m0006 from './0006-rate-limit-backoff';
import * as m0007 from './0007-event-streams';
import * as m0008 from './0008-outbox-send-key';
import * as m0009 from './0009-student-lookups';
import * as m0010 from './0010-student-search';
import * as m0011 from './0011-sms';
import * as m0012 from './0012-sms-send-classrooms';
import * as m0013 from './0013-sms-templates';
import * as m0014 from './0014-sms-provider-ids';
import * as m0015 from './0015-assistant-send-sms';
import * as m0016 from './0016-list-versions-per-statement';
import * as m0017 from './0017-admission';
import * as m0018 from './0018-fees';
import * as m0019 from './0019-payment-receipt-keys';
import * as m0020 from './0020-dues-summary';
import * as m0021 from './0021-assistant-collect-payments';
import * as m0022 from './0022-online-payments';
import * as m0023 from './0023-money-entries';
import * as m0024 from './0024-dues-reminders';
import * as m0025 from './0025-online-payment-fees';
import * as m0026 from './0026-attendance';
import * as m0027 from './0027-assessments';
import * as m0028 from './0028-report-cards';
import * as m0029 from './0029-attendance-devices';
import * as m0030 from './0030-attendance-alerts';
import * as m0031 from './0031-abuse-guards';
import * as m0032 from './0032-rate-limit-expiry';
import * as m0033 from './0033-family-portal';
import * as m0034 from './0034-getting-started';
import * as m0035 from './0035-plans';
import * as m0036 from './0036-billing';
import * as m0037 from './0037-recycle-bin';
import * as m0038 from './0038-referrals-and-sender-names';
import * as m0039 from './0039-numbers-and-activity-keys';
import * as m0041 from './0041-portal-message-reads';
import * as m0042 from './0042-payment-request-keys';
import * as m0044 from './0044-staff-console';
import * as m0045 from './0045-status-page';
import * as m0046 from './0046-insight-and-landing';
import * as m0047 from './0047-more-activity-keys';
import * as m0050 from './0050-webhooks';
import * as m0051 from './0051-account-errors';
import * as m0053 from './0053-sign-up-confirmations';
import * as m0056 from './0056-ai';
import * as m0058 from './0058-other-users';
import * as m0059 from './0059-timetable';
import * as m0060 from './0060-classroom-wall';
import * as m0061 from './0061-assignments';
import * as m0063 from './0063-firebase-import';
import * as m0064 from './0064-question-papers';
import * as m0065 from './0065-zoom';
import * as m0067 from './0067-account-exports';
import * as m0068 from './0068-alert-templates-every-language';
import * as m0069 from './0069-exam-reminders-assignment-marks';
import * as m0070 from './0070-uploads';
import * as m0071 from './0071-classroom-files';
import * as m0072 from './0072-video-courses';
import * as m0075 from './0075-cache-stamps';
import * as m0076 from './0076-faces';
import * as m0077 from './0077-firebase-import-records';
import * as m0078 from './0078-public-video-courses';
import * as m0079 from './0079-educast';
import * as m0081 from './0081-result-versions';
import * as m0082 from './0082-firebase-import-console';
import * as m0083 from './0083-result-versions-in-order';
import * as m0084 from './0084-list-row-changes';
import * as m0085 from './0085-suspension-stamps';
import * as m0086 from './0086-webhook-endpoint-stamps';

/**
 * Migrations are listed here, not discovered from disk, so they work the same under tsx, in
 * tests and in any bundle. Names sort in the order they must run.
 */
const migrations: Record<string, Migration> = {
  '0001-foundation': m0001,
  '0002-accounts': m0002,
  '0003-public-site': m0003,
  '0004-classrooms-students': m0004,
  '0005-list-versions': m0005,
  '0006-rate-limit-backoff': m0006,
  '0007-event-streams': m0007,
  '0008-outbox-send-key': m0008,
  '0009-student-lookups': m0009,
  '0010-student-search': m0010,
  '0011-sms': m0011,
  '0012-sms-send-classrooms': m0012,
  '0013-sms-templates': m0013,
  '0014-sms-provider-ids': m0014,
  '0015-assistant-send-sms': m0015,
  '0016-list-versions-per-statement': m0016,
  '0017-admission': m0017,
  '0018-fees': m0018,
  '0019-payment-receipt-keys': m0019,
  '0020-dues-summary': m0020,
  '0021-assistant-collect-payments': m0021,
  '0022-online-payments': m0022,
  '0023-money-entries': m0023,
  '0024-dues-reminders': m0024,
  '0025-online-payment-fees': m0025,
  '0026-attendance': m0026,
  '0027-assessments': m0027,
  '0028-report-cards': m0028,
  '0029-attendance-devices': m0029,
  '0030-attendance-alerts': m0030,
  '0031-abuse-guards': m0031,
  '0032-rate-limit-expiry': m0032,
  '0033-family-portal': m0033,
  '0034-getting-started': m0034,
  '0035-plans': m0035,
  '0036-billing': m0036,
  '0037-recycle-bin': m0037,
  '0038-referrals-and-sender-names': m0038,
  '0039-numbers-and-activity-keys': m0039,
  '0041-portal-message-reads': m0041,
  '0042-payment-request-keys': m0042,
  '0044-staff-console': m0044,
  '0045-status-page': m0045,
  '0046-insight-and-landing': m0046,
  '0047-more-activity-keys': m0047,
  '0050-webhooks': m0050,
  '0051-account-errors': m0051,
  '0053-sign-up-confirmations': m0053,
  '0056-ai': m0056,
  '0058-other-users': m0058,
  '0059-timetable': m0059,
  '0060-classroom-wall': m0060,
  '0061-assignments': m0061,
  '0063-firebase-import': m0063,
  '0064-question-papers': m0064,
  '0065-zoom': m0065,
  '0067-account-exports': m0067,
  '0068-alert-templates-every-language': m0068,
  '0069-exam-reminders-assignment-marks': m0069,
  '0070-uploads': m0070,
  '0071-classroom-files': m0071,
  '0072-video-courses': m0072,
  '0075-cache-stamps': m0075,
  '0076-faces': m0076,
  '0077-firebase-import-records': m0077,
  '0078-public-video-courses': m0078,
  '0079-educast': m0079,
  '0081-result-versions': m0081,
  '0082-firebase-import-console': m0082,
  '0083-result-versions-in-order': m0083,
  '0084-list-row-changes': m0084,
  '0085-suspension-stamps': m0085,
  '0086-webhook-endpoint-stamps': m0086,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};
