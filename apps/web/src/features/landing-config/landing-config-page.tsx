import {
  type BilingualText,
  LANDING_LIMITS,
  type LandingConfig,
  landingConfigEndpoints,
  newsEndpoints,
} from '@batchwise/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageLoader } from '../../components/page-loader';
import { ApiError } from '../../lib/api';
import { call, endpointQuery, refresh } from '../../lib/api-client';
import { formatDateTime } from '../../lib/format-time';
import { paths } from '../../lib/paths';
import { translateError } from '../../lib/translate-error';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useLanguage } from '../../lib/use-language';
import styles from './landing-config.module.css';
import { blankTestimonial, checkDraft, draftOf, type LandingDraft } from './landing-draft';

/**
 * `/config-landing-page`: staff change the public landing page's hero, testimonials, case study
 * and featured news in English and Bangla, without a deploy. The server refuses anyone else, and
 * the page says so.
 */
export function LandingConfigPage() {
  const { t } = useTranslation(['insight', 'domain', 'errors']);
  const { locale } = useLanguage();
  useDocumentTitle(t('landing.title'));
  const saved = useQuery({ ...endpointQuery(landingConfigEndpoints.get), retry: false });
  const news = useQuery(endpointQuery(newsEndpoints.list, { query: { limit: 20 } }));
  const [draft, setDraft] = useState<LandingDraft | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const queryClient = useQueryClient();
  useEffect(() => {
    if (saved.data && !draft) setDraft(draftOf(saved.data));
  }, [saved.data, draft]);
  const save = useMutation({
    mutationFn: (body: LandingConfig) => call(landingConfigEndpoints.save, { body }),
    onSuccess: (view) => {
      setDraft(draftOf(view));
      void refresh(queryClient, 'site');
    },
  });
  const status = saved.error instanceof ApiError ? saved.error.status : null;

  function handleSave() {
    if (!draft) return;
    const checked = checkDraft(draft);
    if (!checked.success) {
      const issue = checked.error.issues[0]!;
      setProblem(`${issue.path.join(' › ')}: ${issue.message}`);
      return;
    }
    setProblem(null);
    save.mutate(checked.data);
  }

  const update = (change: (d: LandingDraft) => LandingDraft) => {
    save.reset();
    setDraft((d) => (d ? change(d) : d));
  };

  return (
    <section className={styles.page} aria-labelledby="landing-title">
      <h1 id="landing-title" className={styles.title}>
        {t('landing.title')}
      </h1>
      <p className={styles.muted}>{t('landing.intro')}</p>
      {status === 401 ? (
        <p className={styles.error} role="alert">
          {t('common.signIn')} <Link to={paths.signIn}>{t('common.signInLink')}</Link>
        </p>
      ) : status === 403 ? (
        <p className={styles.error} role="alert">
          {t('common.staffOnly')}
        </p>
      ) : saved.isError ? (
        <p className={styles.error} role="alert">
          {t('common.loadError')}
        </p>
      ) : !draft ? (
        <PageLoader />
      ) : (
        <>
          <fieldset className={styles.part}>
            <legend>{t('landing.hero')}</legend>
            <Toggle
              label={t('landing.useHero')}
              checked={draft.useHero}
              onChange={(useHero) => update((d) => ({ ...d, useHero }))}
              testId="landing-use-hero"
            />
            {draft.useHero ? (
              <>
                <Bilingual
                  label={t('landing.heroTitle')}
                  value={draft.hero.title}
                  max={LANDING_LIMITS.title}
                  onChange={(title) => update((d) => ({ ...d, hero: { ...d.hero, title } }))}
                  testId="landing-hero-title"
                />
                <Bilingual
                  label={t('landing.heroPitch')}
                  value={draft.hero.pitch}
                  max={LANDING_LIMITS.text}
                  multiline
                  onChange={(pitch) => update((d) => ({ ...d, hero: { ...d.hero, pitch } }))}
                  testId="landing-hero-pitch"
                />
              </>
            ) : null}
          </fieldset>

          <fieldset className={styles.part}>
            <legend>{t('landing.testimonials')}</legend>
            <Toggle
              label={t('landing.useTestimonials')}
              checked={draft.useTestimonials}
              onChange={(useTestimonials) => update((d) => ({ ...d, useTestimonials }))}
            />
            {draft.useTestimonials ? (
              <>
                {draft.testimonials.map((item, index) => {
                  const set = (next: typeof item) =>
                    update((d) => ({
                      ...d,
                      testimonials: d.testimonials.map((x, i) => (i === index ? next : x)),
                    }));
                  return (
                    // biome-ignore lint/suspicious/noArrayIndexKey: the rows have no id and are edited in place
                    <div key={index} className={styles.testimonial}>
                      <Bilingual
                        label={t('landing.quote')}
                        value={item.quote}
                        max={LANDING_LIMITS.text}
                        multiline
                        onChange={(quote) => set({ ...item, quote })}
                      />
                      <label className={styles.field}>
                        {t('landing.name')}
                        <input
                          value={item.name}
                          maxLength={LANDING_LIMITS.name}
                          onChange={(e) => set({ ...item, name: e.target.value })}
                        />
                      </label>
                      <Bilingual
                        label={t('landing.role')}
                        value={item.role}
                        max={LANDING_LIMITS.name}
                        onChange={(role) => set({ ...item, role })}
                      />
                      {draft.testimonials.length > 1 ? (
                        <button
                          type="button"
                          className="bw-btn bw-btn--ghost"
                          onClick={() => {
                            // A filled-in testimonial is typing lost: ask first.
                            if (window.confirm(t('landing.removeConfirm')))
                              update((d) => ({
                                ...d,
                                testimonials: d.testimonials.filter((_, i) => i !== index),
                              }));
                          }}
                        >
                          {t('landing.removeTestimonial')}
                        </button>
                      ) : null}
                    </div>
                  );
                })}
                {draft.testimonials.length < LANDING_LIMITS.testimonials ? (
                  <button
                    type="button"
                    className="bw-btn bw-btn--ghost"
                    onClick={() =>
                      update((d) => ({ ...d, testimonials: [...d.testimonials, blankTestimonial()] }))
                    }
                  >
                    {t('landing.addTestimonial')}
                  </button>
                ) : null}
              </>
            ) : null}
          </fieldset>

          <fieldset className={styles.part}>
            <legend>{t('landing.caseStudy')}</legend>
            <Toggle
              label={t('landing.useCaseStudy')}
              checked={draft.useCaseStudy}
              onChange={(useCaseStudy) => update((d) => ({ ...d, useCaseStudy }))}
            />
            {draft.useCaseStudy ? (
              <>
                <Bilingual
                  label={t('landing.caseTitle')}
                  value={draft.caseStudy.title}
                  max={LANDING_LIMITS.title}
                  onChange={(title) => update((d) => ({ ...d, caseStudy: { ...d.caseStudy, title } }))}
                />
                <Bilingual
                  label={t('landing.caseBody')}
                  value={draft.caseStudy.body}
                  max={LANDING_LIMITS.text}
                  multiline
                  onChange={(body) => update((d) => ({ ...d, caseStudy: { ...d.caseStudy, body } }))}
                />
              </>
            ) : null}
          </fieldset>

          <fieldset className={styles.part}>
            <legend>{t('landing.featured')}</legend>
            <p className={styles.muted}>
              {t('landing.featuredHint', { n: LANDING_LIMITS.featuredNews.toLocaleString(locale) })}
            </p>
            {news.data?.items.length ? (
              <ul className={styles.news}>
                {news.data.items.map((item) => {
                  const checked = draft.featuredNews.includes(item.key);
                  return (
                    <li key={item.key}>
                      <label>
                        <input
                          type="checkbox"
                          checked={checked}
                          disabled={!checked && draft.featuredNews.length >= LANDING_LIMITS.featuredNews}
                          onChange={() =>
                            update((d) => ({
                              ...d,
                              featuredNews: checked
                                ? d.featuredNews.filter((k) => k !== item.key)
                                : [...d.featuredNews, item.key],
                            }))
                          }
                        />
                        <span>{item.title}</span>
                      </label>
                    </li>
                  );
                })}
              </ul>
            ) : news.isPending ? (
              <PageLoader />
            ) : (
              <p className={styles.muted}>{t('landing.noNews')}</p>
            )}
          </fieldset>

          {problem ? (
            <p className={styles.error} role="alert">
              {problem}
            </p>
          ) : null}
          {save.isError ? (
            <p className={styles.error} role="alert">
              {translateError(t, save.error)}
            </p>
          ) : null}
          {save.isSuccess ? (
            <p className={styles.ok} role="status" data-testid="landing-saved">
              {t('landing.saved')}
            </p>
          ) : null}
          <div className={styles.actions}>
            <button
              type="button"
              className="bw-btn bw-btn--primary"
              disabled={save.isPending}
              onClick={handleSave}
            >
              {save.isPending ? t('landing.saving') : t('landing.save')}
            </button>
            <a href={paths.welcome} target="_blank" rel="noopener">
              {t('landing.view')}
            </a>
            {saved.data?.updatedAt ? (
              <span className={styles.muted}>
                {t('landing.lastSaved', {
                  when: formatDateTime(saved.data.updatedAt, locale),
                  who: saved.data.updatedBy ?? '—',
                })}
              </span>
            ) : null}
          </div>
        </>
      )}
    </section>
  );
}

function Toggle(props: {
  label: string;
  checked: boolean;
  onChange: (on: boolean) => void;
  testId?: string;
}) {
  return (
    <label className={styles.toggle}>
      <input
        type="checkbox"
        checked={props.checked}
        onChange={(e) => props.onChange(e.target.checked)}
        data-testid={props.testId}
      />
      {props.label}
    </label>
  );
}

function Bilingual(props: {
  label: string;
  value: BilingualText;
  max: number;
  multiline?: boolean;
  onChange: (value: BilingualText) => void;
  testId?: string;
}) {
  const { t } = useTranslation('insight');
  const id = useId();
  const field = (language: 'en' | 'bn') => {
    const value = props.value[language];
    const testId = props.testId ? `${props.testId}-${language}` : undefined;
    const handleChange = (text: string) => props.onChange({ ...props.value, [language]: text });
    const fieldId = `${id}-${language}`;
    return (
      <label className={styles.field} htmlFor={fieldId}>
        {props.label} · {language === 'en' ? t('landing.english') : t('landing.bangla')}
        {props.multiline ? (
          <textarea
            id={fieldId}
            rows={3}
            value={value}
            maxLength={props.max}
            lang={language}
            data-testid={testId}
            onChange={(e) => handleChange(e.target.value)}
          />
        ) : (
          <input
            id={fieldId}
            value={value}
            maxLength={props.max}
            lang={language}
            data-testid={testId}
            onChange={(e) => handleChange(e.target.value)}
          />
        )}
      </label>
    );
  };
  return (
    <div className={styles.pair}>
      {field('en')}
      {field('bn')}
    </div>
  );
}
