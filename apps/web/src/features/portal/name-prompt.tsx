import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { translateError } from '../../lib/translate-error';
import styles from './portal.module.css';
import { type PortalAnswer, portalQueries, updateProfile } from './portal-api';

/**
 * Asked once after a parent's first sign-in: their name, so teachers' lists and this header say
 * "Rahima Khatun" rather than a phone number. Skipping is remembered too; Settings changes it later.
 */
export function NamePrompt({ profile }: { profile: PortalAnswer<'profile'> }) {
  const { t } = useTranslation(['portal', 'domain', 'errors']);
  const queryClient = useQueryClient();
  const id = useId();
  const [name, setName] = useState('');
  const save = useMutation({
    mutationFn: (body: { name?: string; skipName?: boolean }) => updateProfile(body),
    onSuccess: (next) => queryClient.setQueryData(portalQueries.profile().queryKey, next),
  });
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim()) save.mutate({ name: name.trim() });
  };
  return (
    <section className={styles.panel} aria-labelledby={`${id}-title`} data-testid="name-prompt">
      <h2 id={`${id}-title`}>{t('name.title')}</h2>
      <p className={styles.muted}>
        {profile.childName ? t('name.introChild', { name: profile.childName }) : t('name.intro')}
      </p>
      <form onSubmit={handleSubmit}>
        <div className={styles.field}>
          <label htmlFor={id}>{t('name.label')}</label>
          <input
            id={id}
            value={name}
            maxLength={100}
            autoComplete="name"
            onChange={(event) => setName(event.target.value)}
            data-testid="name-input"
          />
        </div>
        <div className={styles.actions}>
          <button
            type="submit"
            className="bw-btn bw-btn--primary"
            disabled={save.isPending || name.trim() === ''}
            data-testid="name-save"
          >
            {t('name.save')}
          </button>
          <button
            type="button"
            className="bw-btn bw-btn--ghost"
            disabled={save.isPending}
            onClick={() => save.mutate({ skipName: true })}
            data-testid="name-skip"
          >
            {t('name.skip')}
          </button>
        </div>
        {save.isError ? (
          <p className={styles.error} role="alert">
            {translateError(t, save.error)}
          </p>
        ) : null}
      </form>
    </section>
  );
}
