import { DEVICE_ONLINE_WINDOW_MS } from '@batchwise/domain';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatRelative } from '../../lib/format-time';
import { translateError } from '../../lib/translate-error';
import { useLanguage } from '../../lib/use-language';
import { ConfirmDialog, RenameDialog } from './device-dialogs';
import styles from './devices.module.css';
import { type AttendanceDevice, devicesApi } from './devices-api';

interface DeviceListProps {
  accountId: string;
  devices: readonly AttendanceDevice[];
  /** The server's clock when the list was read, and when that was here: to tell online from offline. */
  serverNow: number;
  fetchedAt: number;
  onDone: (notice: string) => void;
}

/** "Now" by the server's clock, moving on every 15 s so "2 minutes ago" and online/offline stay true. */
function useServerNow(serverNow: number, fetchedAt: number): number {
  const [tick, setTick] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setTick(Date.now()), 15_000);
    return () => window.clearInterval(timer);
  }, []);
  return serverNow + Math.max(0, tick - fetchedAt);
}

type Pending = { kind: 'revoke' | 'rename'; device: AttendanceDevice } | null;

/**
 * The devices as a table; below 640 px each row becomes a card (labels from `data-label`), so
 * nothing scrolls sideways on a phone.
 */
export function DeviceList({ accountId, devices, serverNow, fetchedAt, onDone }: DeviceListProps) {
  const { t } = useTranslation(['devices', 'domain', 'errors']);
  const { locale } = useLanguage();
  const now = useServerNow(serverNow, fetchedAt);
  const [pending, setPending] = useState<Pending>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState('');

  const run = async (deviceId: string, action: () => Promise<string>) => {
    setBusy(deviceId);
    setError('');
    try {
      onDone(await action());
    } catch (err) {
      setError(translateError(t, err));
    } finally {
      setBusy(null);
    }
  };
  const handleSync = (device: AttendanceDevice) =>
    run(device.id, async () => {
      const { queued } = await devicesApi.sync(accountId, device.id);
      return t('sync.done', { count: queued, formatted: queued.toLocaleString(locale), name: device.name });
    });
  const handleRevoke = (device: AttendanceDevice) =>
    run(device.id, async () => {
      await devicesApi.revoke(accountId, device.id);
      return t('revoke.done', { name: device.name });
    });
  const handleRename = (device: AttendanceDevice, name: string) =>
    run(device.id, async () => {
      await devicesApi.rename(accountId, device.id, name);
      return t('rename.done', { name });
    });

  if (devices.length === 0) {
    return (
      <div className={styles.empty} data-testid="devices-empty">
        <h2>{t('empty.title')}</h2>
        <p>{t('empty.body')}</p>
      </div>
    );
  }

  return (
    <>
      {error ? (
        <p className={styles.error} role="alert">
          {error}
        </p>
      ) : null}
      <table className={styles.table} data-testid="devices-table">
        <thead>
          <tr>
            <th scope="col">{t('columns.device')}</th>
            <th scope="col">{t('columns.status')}</th>
            <th scope="col">{t('columns.lastContact')}</th>
            <th scope="col" className={styles.number}>
              {t('columns.pending')}
            </th>
            <th scope="col" className={styles.number}>
              {t('columns.punchesToday')}
            </th>
            <th scope="col">
              <span className="bw-visually-hidden">{t('columns.actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {devices.map((device) => {
            const revoked = device.revokedAt !== null;
            const online =
              !revoked &&
              device.lastContactAt !== null &&
              now - device.lastContactAt < DEVICE_ONLINE_WINDOW_MS;
            const state = revoked ? 'revoked' : online ? 'online' : 'offline';
            return (
              <tr
                key={device.id}
                data-testid="device-row"
                data-device-id={device.id}
                className={revoked ? styles.revoked : ''}
              >
                <th scope="row" data-label={t('columns.device')}>
                  <div>
                    <span className={styles.name}>{device.name}</span>
                    <small className={styles.sub}>
                      {t(`kinds.${device.kind}`)}
                      {device.serial ? ` · ${t('serial', { serial: device.serial })}` : ''}
                    </small>
                    {device.kind === 'zkteco' && !revoked ? (
                      <small className={styles.sub}>
                        {t('usersOnDevice', {
                          count: device.usersOnDevice,
                          formatted: device.usersOnDevice.toLocaleString(locale),
                        })}
                      </small>
                    ) : null}
                  </div>
                </th>
                <td data-label={t('columns.status')}>
                  <span className={`${styles.badge} ${styles[state]}`} data-testid="device-status">
                    {t(`status.${state}`)}
                  </span>
                </td>
                <td data-label={t('columns.lastContact')} data-testid="device-last-contact">
                  {device.lastContactAt === null ? (
                    t('never')
                  ) : (
                    <time
                      dateTime={new Date(device.lastContactAt).toISOString()}
                      title={formatDateTime(device.lastContactAt, locale)}
                    >
                      {formatRelative(device.lastContactAt, now, locale)}
                    </time>
                  )}
                </td>
                <td data-label={t('columns.pending')} className={styles.number} data-testid="device-pending">
                  <span>
                    {device.kind === 'zkteco' ? device.pendingCommands.toLocaleString(locale) : '–'}
                    {device.failedCommands > 0 ? (
                      <small className={styles.failed}>
                        {t('failed', {
                          count: device.failedCommands,
                          formatted: device.failedCommands.toLocaleString(locale),
                        })}
                      </small>
                    ) : null}
                  </span>
                </td>
                <td
                  data-label={t('columns.punchesToday')}
                  className={styles.number}
                  data-testid="device-punches"
                >
                  {device.punchesToday.toLocaleString(locale)}
                </td>
                <td data-label={t('columns.actions')}>
                  {revoked ? (
                    <small className={styles.sub}>
                      {t('revokedOn', { date: formatDateTime(device.revokedAt!, locale) })}
                    </small>
                  ) : (
                    <div className={styles.actions}>
                      {device.kind === 'zkteco' ? (
                        <button
                          type="button"
                          className="bw-btn bw-btn--ghost"
                          disabled={busy === device.id}
                          onClick={() => void handleSync(device)}
                        >
                          {t('actions.sync')}
                        </button>
                      ) : null}
                      <button
                        type="button"
                        className="bw-btn bw-btn--ghost"
                        disabled={busy === device.id}
                        onClick={() => setPending({ kind: 'rename', device })}
                      >
                        {t('actions.rename')}
                      </button>
                      <button
                        type="button"
                        className={`bw-btn bw-btn--ghost ${styles.danger}`}
                        disabled={busy === device.id}
                        onClick={() => setPending({ kind: 'revoke', device })}
                      >
                        {t('actions.revoke')}
                      </button>
                    </div>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <ConfirmDialog
        open={pending?.kind === 'revoke'}
        title={pending ? t('revoke.title', { name: pending.device.name }) : ''}
        body={pending ? t(`revoke.body.${pending.device.kind}`) : ''}
        confirm={t('revoke.confirm')}
        onAnswer={(yes) => {
          if (yes && pending) void handleRevoke(pending.device);
          setPending(null);
        }}
      />
      <RenameDialog
        open={pending?.kind === 'rename'}
        initial={pending?.device.name ?? ''}
        onAnswer={(name) => {
          if (name && pending) void handleRename(pending.device, name);
          setPending(null);
        }}
      />
    </>
  );
}
