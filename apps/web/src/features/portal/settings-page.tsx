import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '../../components/language-switch';
import { updateTheme } from '../../lib/theme-store';
import { translateError } from '../../lib/translate-error';
import { useTheme } from '../../lib/use-theme';
import styles from './portal.module.css';
import { type PortalAnswer, portalQueries, signOutDevice, updateProfile } from './portal-api';
import { usePortalFormat } from './portal-format';
import { QueryStates } from './portal-states';

type Profile = PortalAnswer<'profile'>;

/**
 * The family's own settings: name, language and theme (kept on the server, so a new phone opens
 * the same way), and the devices signed in, each of which can be signed out. Families sign in by
 * a code sent to their phone and have no password, so none is ever asked for.
 */
export function SettingsPage({ profile }: { profile: Profile }) {
  const { t } = useTranslation(['portal', 'domain', 'errors']);
  return (
    <>
      <h1 className={styles.title}>{t('settings.title')}</h1>
      <NameForm profile={profile} />
      <Appearance />
      <Devices />
    </>
  );
}

function useSaveProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (next) => queryClient.setQueryData(portalQueries.profile().queryKey, next),
  });
}

function NameForm({ profile }: { profile: Profile }) {
  const { t } = useTranslation(['portal', 'domain', 'errors']);
  const id = useId();
  const [name, setName] = useState(profile.name ?? '');
  const save = useSaveProfile();
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim()) save.mutate({ name: name.trim() });
  };
  return (
    <section className={styles.panel} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('settings.profile')}</h2>
      {profile.phone ? <p className={styles.muted}>{t('settings.phone', { phone: profile.phone })}</p> : null}
      <form onSubmit={handleSubmit}>
        <div className={styles.field}>
          <label htmlFor={id}>{t('name.label')}</label>
          <input
            id={id}
            value={name}
            maxLength={100}
            autoComplete="name"
            onChange={(event) => setName(event.target.value)}
            data-testid="settings-name"
          />
        </div>
        <button
          type="submit"
          className="bw-btn bw-btn--primary"
          disabled={save.isPending || name.trim() === '' || name.trim() === profile.name}
          data-testid="settings-name-save"
        >
          {t('name.save')}
        </button>
        {save.isSuccess ? (
          <p className={styles.success} role="status">
            {t('settings.saved')}
          </p>
        ) : null}
        {save.isError ? (
          <p className={styles.error} role="alert">
            {translateError(t, save.error)}
          </p>
        ) : null}
      </form>
    </section>
  );
}

/** Language and theme apply at once on this phone; use-remembered-choices.ts keeps them on the server. */
function Appearance() {
  const { t } = useTranslation('portal');
  const { mode } = useTheme();
  const chooseTheme = (next: 'light' | 'dark') => updateTheme({ mode: next });
  return (
    <section className={styles.panel}>
      <h2>{t('settings.appearance')}</h2>
      <div className={styles.field}>
        <span>{t('settings.language')}</span>
        <div className={styles.chips}>
          <LanguageSwitch />
        </div>
      </div>
      <fieldset className={styles.plainFieldset}>
        <legend>{t('settings.theme')}</legend>
        <div className={styles.chips}>
          {(['light', 'dark'] as const).map((option) => (
            <button
              key={option}
              type="button"
              className={`bw-btn ${option === mode ? 'bw-btn--primary' : 'bw-btn--ghost'}`}
              aria-pressed={option === mode}
              onClick={() => chooseTheme(option)}
            >
              {t(`settings.themes.${option}`)}
            </button>
          ))}
        </div>
      </fieldset>
    </section>
  );
}

function Devices() {
  const { t } = useTranslation(['portal', 'domain', 'errors']);
  const f = usePortalFormat();
  const queryClient = useQueryClient();
  const query = useQuery(portalQueries.devices());
  const signOut = useMutation({
    mutationFn: signOutDevice,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: portalQueries.devices().queryKey }),
  });
  const handleSignOut = (deviceId: string) => {
    if (window.confirm(t('settings.signOutConfirm'))) signOut.mutate(deviceId);
  };
  return (
    <section className={styles.panel}>
      <h2>{t('settings.devices')}</h2>
      <QueryStates query={query}>
        {({ devices }) => (
          <ul className={styles.list}>
            {devices.map((device) => (
              <li key={device.id} className={styles.row} data-testid="settings-device">
                <span>
                  {device.userAgent ? deviceName(device.userAgent) : t('settings.unknownDevice')}
                  {device.current ? ` · ${t('settings.thisDevice')}` : ''}
                  <br />
                  <span className={styles.muted}>
                    {t('settings.lastSeen', { time: f.dateTime(device.lastSeenAt) })}
                  </span>
                </span>
                {device.current ? null : (
                  <button
                    type="button"
                    className="bw-btn bw-btn--ghost"
                    disabled={signOut.isPending}
                    onClick={() => handleSignOut(device.id)}
                    data-testid="settings-device-sign-out"
                  >
                    {t('settings.signOut')}
                  </button>
                )}
              </li>
            ))}
          </ul>
        )}
      </QueryStates>
      {signOut.isError ? (
        <p className={styles.error} role="alert">
          {translateError(t, signOut.error)}
        </p>
      ) : null}
    </section>
  );
}

/** "Chrome on Android" from a user agent, enough to tell one's phones apart. */
function deviceName(userAgent: string): string {
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /Firefox\//.test(userAgent)
      ? 'Firefox'
      : /Chrome\//.test(userAgent)
        ? 'Chrome'
        : /Safari\//.test(userAgent)
          ? 'Safari'
          : '';
  const system = /Android/.test(userAgent)
    ? 'Android'
    : /iPhone|iPad/.test(userAgent)
      ? 'iOS'
      : /Windows/.test(userAgent)
        ? 'Windows'
        : /Mac OS/.test(userAgent)
          ? 'macOS'
          : /Linux/.test(userAgent)
            ? 'Linux'
            : '';
  return [browser, system].filter(Boolean).join(' · ') || userAgent.slice(0, 40);
}
