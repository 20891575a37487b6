import { hasDuplicateMark, isValidBdPhone, normalizeBdPhone, stripDuplicateMark } from '../phone/normalize';

// Student Data Verification (part 1 §2.4, §4 "Other", §8): which students need a second look.

export const VERIFICATION_REASONS = [
  'missing-name',
  'invalid-phone',
  'invalid-parent-phone',
  'phone-differs-from-sign-in',
  'same-person-different-phones',
  'shared-phone',
  'shared-custom-id',
] as const;
export type VerificationReason = (typeof VERIFICATION_REASONS)[number];

/** What the check reads of one student record. */
export interface VerificationRecord {
  readonly id: string;
  /** Records of one person (copies in several teachers' accounts, or one linked sign-in) share it. */
  readonly personKey: string;
  readonly name: string | null;
  readonly phone: string | null;
  readonly customId?: string | null;
  readonly parent1Phone?: string | null;
  readonly parent2Phone?: string | null;
  /** Phone of the linked Student sign-in, when there is one. */
  readonly signInPhone?: string | null;
}

function phoneKey(phone: string | null | undefined): string {
  const text = stripDuplicateMark((phone ?? '').trim());
  return text === '' ? '' : normalizeBdPhone(text);
}

function validPhone(phone: string | null | undefined): boolean {
  const key = phoneKey(phone);
  return key !== '' && isValidBdPhone(key);
}

function groupBy<T>(items: readonly T[], keyOf: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    if (key === '') continue;
    groups.set(key, [...(groups.get(key) ?? []), item]);
  }
  return groups;
}

/**
 * Reasons per student id, for the students that have any; students with none are left out.
 * Incomplete: no name, no valid phone, an invalid parent phone. Conflicting: a phone that differs
 * from the linked sign-in's, one person holding different phones in different records, two
 * people sharing a phone (without the duplicate mark D) or a student ID.
 */
export function studentDiscrepancies(
  records: readonly VerificationRecord[],
): Map<string, VerificationReason[]> {
  const found = new Map<string, Set<VerificationReason>>();
  const flag = (id: string, reason: VerificationReason) => {
    const reasons = found.get(id) ?? new Set<VerificationReason>();
    reasons.add(reason);
    found.set(id, reasons);
  };

  for (const r of records) {
    if ((r.name ?? '').trim() === '') flag(r.id, 'missing-name');
    if (!validPhone(r.phone)) flag(r.id, 'invalid-phone');
    for (const parent of [r.parent1Phone, r.parent2Phone]) {
      const text = (parent ?? '').replace(/[dD]/g, '').trim();
      if (text !== '' && !isValidBdPhone(normalizeBdPhone(text))) flag(r.id, 'invalid-parent-phone');
    }
    if (r.signInPhone && validPhone(r.phone) && phoneKey(r.signInPhone) !== phoneKey(r.phone)) {
      flag(r.id, 'phone-differs-from-sign-in');
    }
  }

  for (const group of groupBy(records, (r) => r.personKey).values()) {
    const phones = new Set(group.map((r) => phoneKey(r.phone)));
    if (phones.size > 1) for (const r of group) flag(r.id, 'same-person-different-phones');
  }

  const sharedBy = (keyOf: (r: VerificationRecord) => string, reason: VerificationReason) => {
    for (const group of groupBy(records, keyOf).values()) {
      if (new Set(group.map((r) => r.personKey)).size > 1) for (const r of group) flag(r.id, reason);
    }
  };
  // A phone marked D is shared on purpose (siblings on one family number): never a conflict.
  sharedBy(
    (r) => (r.phone && !hasDuplicateMark(r.phone) && validPhone(r.phone) ? phoneKey(r.phone) : ''),
    'shared-phone',
  );
  sharedBy((r) => (r.customId ?? '').trim().toLowerCase(), 'shared-custom-id');

  return new Map(
    [...found].map(([id, reasons]) => [id, VERIFICATION_REASONS.filter((reason) => reasons.has(reason))]),
  );
}
