import type { SessionAccount } from '@batchwise/domain';

/**
 * What the server's onboarding policy asks (modules/onboarding/onboarding.policy.ts): owners and
 * admins, or an assistant who manages students in every classroom and may set student IDs. Shared
 * so the students page can offer "Add from Excel" without importing the onboarding feature.
 */
export function canOnboard(account: SessionAccount): boolean {
  if (account.relation !== 'assistant') return true;
  return account.classrooms === 'all' && account.manageStudents && account.modifyCustomId;
}
