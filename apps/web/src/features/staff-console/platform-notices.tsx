import type { Notices } from '@batchwise/domain';
import { useQuery } from '@tanstack/react-query';
import { Alert } from 'antd';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../lib/paths';
import { sessionQuery } from '../../lib/session';

/** How often open pages look again without a live event (ms): the server's own cache is 5 s. */
const RECHECK_MS = 60_000;

/**
 * Above every signed-in page: maintenance mode's message (writes are paused, reading goes on),
 * and the suspension of any account the person works in, with the staff's reason and what still
 * works. They come with the session (no request of their own on the first load, spec part 1
 * §2.3); live events refetch it at once and the interval covers a missed event. Their texts load
 * only when there is something to show.
 */
export function PlatformNotices() {
  const { data: session } = useQuery({ ...sessionQuery, refetchInterval: RECHECK_MS });
  const notices = session?.notices;
  if (!notices || (!notices.maintenance.on && notices.suspensions.length === 0)) return null;
  return (
    <Suspense fallback={null}>
      <NoticeBanners notices={notices} />
    </Suspense>
  );
}

function NoticeBanners({ notices: { maintenance, suspensions } }: { notices: Notices }) {
  const { t } = useTranslation('staff-console');
  return (
    <>
      {maintenance.on ? (
        <Alert
          banner
          type="warning"
          role="status"
          data-testid="maintenance-banner"
          title={t('notices.maintenance', { message: maintenance.message })}
          action={<Link to={paths.underMaintenance}>{t('notices.more')}</Link>}
        />
      ) : null}
      {suspensions.map((suspension) => (
        <Alert
          key={suspension.accountId}
          banner
          type="error"
          role="status"
          data-testid="suspension-banner"
          title={t('notices.suspended', { institution: suspension.institution, reason: suspension.reason })}
        />
      ))}
    </>
  );
}
