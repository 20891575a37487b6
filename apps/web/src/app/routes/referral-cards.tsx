import { type ComponentType, lazy, type ReactNode, Suspense } from 'react';
import { i18n } from '../../lib/i18n';

// The referrals feature's cards, composed into the settings page (the owned account's tab) and
// the staff dashboard, loaded with their texts when first shown.

const withTexts = <K extends string, P extends object>(
  load: () => Promise<Record<K, ComponentType<P>>>,
  name: K,
) =>
  lazy(() =>
    Promise.all([load(), i18n.loadNamespaces(['referrals', 'domain', 'errors'])]).then(([module]) => ({
      default: module[name],
    })),
  );

const ReferralCard = withTexts(() => import('../../features/referrals/referral-card'), 'ReferralCard');
const SenderNameCard = withTexts(() => import('../../features/referrals/sender-name-card'), 'SenderNameCard');
const SmsSharingCard = withTexts(() => import('../../features/referrals/sms-sharing-card'), 'SmsSharingCard');
const StaffSenderNamesCard = withTexts(
  () => import('../../features/referrals/staff-sender-names-card'),
  'StaffSenderNamesCard',
);

/** The referral link, the SMS sender name and quota sharing of an account its caller owns. */
export function ownerReferralCards(accountId: string): ReactNode {
  return (
    <Suspense fallback={null}>
      <ReferralCard accountId={accountId} />
      <SenderNameCard accountId={accountId} />
      <SmsSharingCard accountId={accountId} />
    </Suspense>
  );
}

/** The staff's list of masking names to decide. */
export function staffReferralCards(): ReactNode {
  return (
    <Suspense fallback={null}>
      <StaffSenderNamesCard />
    </Suspense>
  );
}
