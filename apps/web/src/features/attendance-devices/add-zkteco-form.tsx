import { zktecoDeviceInputSchema } from '@batchwise/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../lib/use-language';
import { DeviceNameForm } from './device-name-form';
import styles from './devices.module.css';
import { devicesApi, serverAddress } from './devices-api';

/**
 * Adds a ZKTeco device by serial number, with what to set on the device so it pushes here
 * (Comm. → Cloud Server Setting; research/integrations.md §4.1). The address comes from this
 * page's own origin, which is where the server answers.
 */
export function AddZktecoForm({
  accountId,
  onAdded,
}: {
  accountId: string;
  onAdded: (notice: string) => void;
}) {
  const { t } = useTranslation(['devices', 'domain', 'errors']);
  const { locale } = useLanguage();
  const [serial, setSerial] = useState('');
  const [name, setName] = useState('');
  const server = serverAddress(window.location);

  const handleCheck = () => {
    const input = zktecoDeviceInputSchema.safeParse({ serial, name });
    if (input.success) return '';
    return input.error.issues.some((i) => i.path[0] === 'serial') ? t('add.badSerial') : t('add.needName');
  };

  const handleSend = async () => {
    const device = await devicesApi.addZkteco(accountId, zktecoDeviceInputSchema.parse({ serial, name }));
    setSerial('');
    setName('');
    onAdded(
      t('add.done', {
        name: device.name,
        count: device.pendingCommands,
        formatted: device.pendingCommands.toLocaleString(locale),
      }),
    );
  };

  return (
    <section className={styles.card} aria-labelledby="add-zkteco-title">
      <h2 id="add-zkteco-title">{t('add.title')}</h2>
      <p className={styles.muted}>{t('add.intro')}</p>
      <DeviceNameForm
        name={name}
        onNameChange={setName}
        namePlaceholder={t('add.namePlaceholder')}
        submitLabel={t('add.submit')}
        check={handleCheck}
        send={handleSend}
      >
        <label className={styles.field}>
          {t('fields.serial')}
          <input
            value={serial}
            onChange={(e) => setSerial(e.target.value)}
            placeholder="CQZ7224460246"
            autoCapitalize="characters"
            autoComplete="off"
            spellCheck={false}
            maxLength={40}
            aria-describedby="serial-hint"
          />
          <small id="serial-hint">{t('add.serialHint')}</small>
        </label>
      </DeviceNameForm>
      <details className={styles.setup} open>
        <summary>{t('setup.title')}</summary>
        <ol>
          <li>{t('setup.menu')}</li>
          <li>
            {t('setup.address')} <code data-testid="setup-host">{server.host}</code>
          </li>
          <li>
            {t('setup.port')} <code data-testid="setup-port">{server.port}</code>
          </li>
          <li>{server.https ? t('setup.httpsOn') : t('setup.httpsOff')}</li>
          <li>{t('setup.restart')}</li>
        </ol>
        <p className={styles.muted}>{t('setup.students')}</p>
      </details>
    </section>
  );
}
