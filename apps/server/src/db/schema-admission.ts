// The online admission tables (migrations 0017 and 0039), apart from schema.ts so it stays short.

/** An application from the public admission form (spec part 1 §3 "Online admission application"). */
export interface AdmissionApplicationsTable {
  id: string;
  account_id: string;
  /** The account's application number (A-1042), unique per account; the id stays internal. */
  number: number;
  name: string;
  /** Normalised +880…, with a trailing D when the applicant confirmed it as a duplicate. */
  phone: string;
  /** Normalised, or empty when not given. */
  parent1_phone: string;
  parent2_phone: string;
  /** Classroom or course details in the applicant's words. */
  details: string;
  /** The classroom the link's `course` parameter named, when it named one of the account's. */
  course_classroom_id: string | null;
  /** JSON: { [field name]: answer } */
  custom_fields: string;
  avatar_url: string | null;
  status: 'Pending' | 'Accepted' | 'Rejected';
  reject_reason: string | null;
  /** The student made on acceptance. */
  student_id: string | null;
  created_at: number;
  decided_at: number | null;
  decided_by_user_id: string | null;
}

/** Per account: the last application number given (migration 0039), raised in one statement. */
export interface AdmissionCountersTable {
  account_id: string;
  last_number: number;
}

export interface AdmissionTables {
  admission_applications: AdmissionApplicationsTable;
  admission_counters: AdmissionCountersTable;
}
