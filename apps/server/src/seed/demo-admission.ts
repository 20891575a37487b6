import type { AdmissionSettingsInput } from '@batchwise/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { newId } from '../lib/ids';
import { AccountsRepository } from '../modules/accounts/accounts.repository';
import { AdmissionRepository } from '../modules/admission/admission.repository';
import { ADMISSION_SETTINGS_KEY } from '../modules/admission/admission-view';

const HOUR = 3_600_000;

/** What the demo centre's form asks: parents' phones and three known fields. */
const SETTINGS: AdmissionSettingsInput = {
  acceptingApplications: true,
  collectPicture: false,
  collectParentsPhone: true,
  requireUniqueParentsPhone: true,
  collectAdditionalInfo: false,
  customFields: ['Blood Group', 'Date Of Birth', 'Address'],
  attachments: [],
};

/**
 * Pending applications as families would send them: one from the course link, one in Bangla, and
 * one whose phone the applicant confirmed despite an earlier application (the D mark).
 */
const APPLICATIONS = [
  {
    name: 'Nafisa Tabassum',
    phone: '+8801911000051',
    parent1: '+8801911000061',
    course: 'physics',
    details: 'Class 9 Physics, morning batch',
    fields: {
      'Blood Group': 'B+',
      'Date Of Birth': '14-03-2011',
      Address: 'House 12, Road 5, Dhanmondi, Dhaka',
    },
    hoursAgo: 2,
  },
  {
    name: 'সাকিব হাসান',
    phone: '+8801911000052',
    parent1: '+8801911000062',
    course: null,
    details: 'দশম শ্রেণি, উচ্চতর গণিত — সন্ধ্যার ব্যাচ',
    fields: { 'Blood Group': 'O+', Address: 'মিরপুর ১০, ঢাকা' },
    hoursAgo: 20,
  },
  {
    name: 'Rumana Akter',
    phone: '+8801911000052D',
    parent1: '+8801911000063',
    course: null,
    details: 'Class 10 Higher Math. My cousin applied with the same phone.',
    fields: {},
    hoursAgo: 30,
  },
] as const;

/** The demo teacher's admission settings and a few pending applications for the inbox. */
export async function seedDemoAdmission(
  trx: Kysely<Database>,
  now: number,
  demo: { accountId: string; physics: string },
): Promise<void> {
  await new AccountsRepository(trx).setSetting(demo.accountId, ADMISSION_SETTINGS_KEY, {
    ...SETTINGS,
    language: 'en',
  });
  const repo = new AdmissionRepository(trx);
  // Oldest first, so the numbers follow the order they were sent in.
  for (const a of [...APPLICATIONS].sort((x, y) => y.hoursAgo - x.hoursAgo)) {
    const at = now - a.hoursAgo * HOUR;
    await repo.insert({
      id: newId(at),
      account_id: demo.accountId,
      number: await repo.nextNumber(demo.accountId),
      name: a.name,
      phone: a.phone,
      parent1_phone: a.parent1,
      parent2_phone: '',
      details: a.details,
      course_classroom_id: a.course === 'physics' ? demo.physics : null,
      custom_fields: JSON.stringify(a.fields),
      avatar_url: null,
      status: 'Pending',
      reject_reason: null,
      student_id: null,
      created_at: at,
      decided_at: null,
      decided_by_user_id: null,
    });
  }
}
