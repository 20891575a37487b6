import { lazy, type ReactNode, Suspense } from 'react';
import { i18n } from '../../lib/i18n';

// The webhooks feature's card, composed into the settings page (the owned account's tab) and
// loaded with its texts when first shown.

const WebhooksCard = lazy(() =>
  Promise.all([
    import('../../features/webhooks/webhooks-card'),
    i18n.loadNamespaces(['webhooks', 'domain', 'errors']),
  ]).then(([module]) => ({ default: module.WebhooksCard })),
);

/** The webhook endpoints of an account its caller owns. */
export function ownerWebhookCards(accountId: string): ReactNode {
  return (
    <Suspense fallback={null}>
      <WebhooksCard accountId={accountId} />
    </Suspense>
  );
}
