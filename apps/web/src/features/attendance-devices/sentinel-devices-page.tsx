import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation } from 'react-router';
import { PageLoader } from '../../components/page-loader';
import { ApiError } from '../../lib/api';
import { homePathOf } from '../../lib/app-pages';
import { signInRedirectPath } from '../../lib/route-rules';
import { useSession } from '../../lib/session';
import { errorCode, translateError } from '../../lib/translate-error';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useLiveUpdates } from '../../lib/use-live-updates';
import { useWorkAccount } from '../../lib/use-work-account';
import { AddZktecoForm } from './add-zkteco-form';
import { DeviceList } from './device-list';
import styles from './devices.module.css';
import { devicesQuery, refreshDevices } from './devices-api';
import { FaceSettingsCard } from './face-settings-card';
import { IssueKioskForm } from './issue-kiosk-form';

/**
 * `/Sentinel-Connected-Devices`: the account's attendance devices — ZKTeco
 * devices pushing punches by serial number, and kiosk tablets opened with a device key — with
 * their last contact, commands still on their way and punches today. Owners and admins add,
 * rename, re-sync and remove them here. A plain page like the other tool pages (no Ant Design);
 * it needs sign-in and follows the account's live updates.
 */
export function SentinelDevicesPage() {
  const { t } = useTranslation(['devices', 'domain', 'errors']);
  const location = useLocation();
  const session = useSession();
  const work = useWorkAccount();
  const accountId = work?.account.id ?? '';
  const queryClient = useQueryClient();
  const [notice, setNotice] = useState('');
  useDocumentTitle(t('title'));
  useLiveUpdates(session.isSuccess);
  const devices = useQuery({ ...devicesQuery(accountId), enabled: accountId !== '' });

  if (session.isPending) return <PageLoader />;
  if (session.isError) return <Navigate to={signInRedirectPath(location)} replace />;
  const status = devices.error instanceof ApiError ? devices.error.status : null;
  // The Sentinel tool not installed (or ended) for this account: say so, and where to install it.
  const toolMissing = errorCode(devices.error) === 'TOOL_NOT_AVAILABLE';
  const refused =
    !work || (status === 403 && !toolMissing) || status === 404 || work.account.relation === 'assistant';
  const announce = (text: string) => {
    setNotice(text);
    void refreshDevices(queryClient, accountId);
  };

  return (
    <section className={styles.page} aria-labelledby="devices-title">
      <p className={styles.back}>
        <Link to={homePathOf(session.data)}>{t('back')}</Link>
      </p>
      <h1 id="devices-title" className={styles.title}>
        {t('title')}
      </h1>
      <p className={styles.muted}>
        {work
          ? t('intro', { institution: work.account.institution || work.account.ownerName })
          : t('introPlain')}
      </p>
      <p className={styles.notice} role="status" aria-live="polite">
        {notice}
      </p>
      {toolMissing ? (
        <p className={styles.error} role="alert">
          {translateError(t, devices.error)}{' '}
          <Link to={`${homePathOf(session.data).replace(/\/dashboard$/, '')}/tools`}>{t('openTools')}</Link>
        </p>
      ) : refused ? (
        <p className={styles.error} role="alert">
          {t('managersOnly')}
        </p>
      ) : devices.isError ? (
        <p className={styles.error} role="alert">
          {t('errors:generic')}
        </p>
      ) : devices.isPending ? (
        <PageLoader />
      ) : (
        <>
          <DeviceList
            accountId={accountId}
            devices={devices.data.devices}
            serverNow={devices.data.now}
            fetchedAt={devices.dataUpdatedAt}
            onDone={announce}
          />
          <div className={styles.forms}>
            <AddZktecoForm accountId={accountId} onAdded={announce} />
            <IssueKioskForm
              accountId={accountId}
              onIssued={() => void refreshDevices(queryClient, accountId)}
            />
            <FaceSettingsCard accountId={accountId} />
          </div>
        </>
      )}
    </section>
  );
}
