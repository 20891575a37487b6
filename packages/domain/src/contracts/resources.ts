// No zod here: the static marketing pages read RESOURCES and must not pull in the schemas.

/**
 * The cached data the web keeps, by name. Endpoint contracts say which resource they read
 * (`Endpoint.resource`); live events and writes say which went stale, with the params they
 * concern (`{ accountId }` refreshes that account's students only). The web builds its query
 * keys from these names (apps/web/src/lib/api-client.ts), so the server never knows them.
 */
export const RESOURCES = [
  'session',
  'accounts',
  'team',
  'invitations',
  'classrooms',
  'students',
  'archive',
  'access-codes',
  'live-photo',
  'news',
  'site',
  'outbox',
  'sms-sends',
  'sms-quota',
  'sms-welcome',
  'sms-templates',
  'admission-applications',
  'admission-settings',
  'fees',
  'dues-reminders',
  'online-payments',
  'report-cards',
  'attendance',
  'attendance-alerts',
  'assessments',
  'assignments',
  'plans',
  'tools',
  'portal',
  'portal-settings',
  'referrals',
  'sms-sender',
  'sms-sharing',
  'recycle-bin',
  'billing',
  'staff-accounts',
  'maintenance',
  'webhooks',
  'ai-credits',
  'question-papers',
  'wall',
  'classroom-files',
  'timetable',
  'zoom',
  'account-exports',
  'videos',
  'educasts',
  'firebase-imports',
] as const;
export type Resource = (typeof RESOURCES)[number];
