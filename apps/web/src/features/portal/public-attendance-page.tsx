import { fillPath, PORTAL_PATHS, queryString } from '@batchwise/domain';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BrandMark } from '../../components/icons';
import { PlainFrame } from '../../components/plain-frame';
import { apiFetch } from '../../lib/api';
import { paths } from '../../lib/paths';
import { useDocumentTitle } from '../../lib/use-document-title';
import { AttendanceMonth } from './attendance-page';
import styles from './portal.module.css';
import type { PortalAnswer } from './portal-api';
import { useAddress } from './portal-location';
import { EmptyState, QueryStates } from './portal-states';

/**
 * `/attendance-view?key=…` (where `/a/{key}` in an entry, exit or absence SMS leads): one child's
 * attendance month without an app or a sign-in, in the spirit of the pay and result links (spec
 * part 1 §2.3, "parent views by SMS link"). The key shows this one child only.
 */
export function PublicAttendancePage() {
  const { t } = useTranslation(['portal', 'domain', 'errors']);
  const { params } = useAddress();
  const key = params.get('key') ?? '';
  const [month, setMonth] = useState<string | undefined>(undefined);
  const query = useQuery({
    queryKey: ['portal', {}, PORTAL_PATHS.publicAttendance, { key, month }],
    queryFn: ({ signal }) =>
      apiFetch<PortalAnswer<'publicAttendance'>>(
        fillPath(PORTAL_PATHS.publicAttendance, { key }) + queryString({ month }),
        { signal },
      ),
    enabled: key !== '',
    retry: false,
  });
  useDocumentTitle(t('attendance.linkTitle'));
  return (
    <PlainFrame
      brand={
        <a href={paths.welcome} className={styles.brandLink}>
          <BrandMark />
          <span>{query.data?.institution ?? 'Batchwise'}</span>
        </a>
      }
    >
      <div className={styles.page}>
        {key === '' ? (
          <EmptyState text={t('domain:ATTENDANCE_LINK_INVALID')} testId="link-invalid" />
        ) : (
          <QueryStates query={query}>
            {(data) => <AttendanceMonth data={data} onMonth={setMonth} />}
          </QueryStates>
        )}
      </div>
    </PlainFrame>
  );
}
