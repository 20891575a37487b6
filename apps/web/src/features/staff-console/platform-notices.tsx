import { maintenanceEndpoints } from '@batchwise/domain';
import { useQuery } from '@tanstack/react-query';
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { endpointQuery } from '../../lib/api-client';
import { paths } from '../../lib/paths';

/** How often open pages look again without a live event (ms): the server's own cache is 5 s. */
const RECHECK_MS = 60_000;

/**
 * Above every signed-in page: maintenance mode's message (writes are paused, reading goes on),
 * and the suspension of any account the person works in, with the staff's reason and what still
 * works. Live events refetch it at once; the interval covers a missed event.
 */
export function PlatformNotices() {
  const { t } = useTranslation('staff-console');
  const notices = useQuery({ ...endpointQuery(maintenanceEndpoints.notices), refetchInterval: RECHECK_MS });
  if (!notices.data) return null;
  const { maintenance, suspensions } = notices.data;
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
