import { lazy, type ReactNode, Suspense } from 'react';
import { i18n } from '../../lib/i18n';

// The account export's card, composed into the settings page (the owned account's tab) and
// loaded with its texts when first shown.

const AccountExportCard = lazy(() =>
  Promise.all([
    import('../../features/account-export/account-export-card'),
    i18n.loadNamespaces(['account-export', 'domain', 'errors']),
  ]).then(([module]) => ({ default: module.AccountExportCard })),
);

/** "Export my account", for an account its caller owns. */
export function ownerAccountExportCards(accountId: string): ReactNode {
  return (
    <Suspense fallback={null}>
      <AccountExportCard accountId={accountId} />
    </Suspense>
  );
}
