import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { paths } from '../../app/paths';
import { safeRedirectTarget } from '../../app/route-rules';
import { useDocumentTitle } from '../../lib/use-document-title';
import styles from './auth-page.module.css';

export type AuthPageId = 'signIn' | 'signUp' | 'phoneLogin' | 'forgotPassword' | 'forceLogout';

/** Links shown under each page, so every auth screen leads somewhere useful. */
const NEXT_STEPS: Record<AuthPageId, { key: string; to: string }[]> = {
  signIn: [
    { key: 'links.phoneLogin', to: paths.phoneLogin },
    { key: 'links.forgotPassword', to: paths.forgotPassword },
    { key: 'links.noAccount', to: paths.signUp },
  ],
  signUp: [{ key: 'links.haveAccount', to: paths.signIn }],
  phoneLogin: [{ key: 'links.emailLogin', to: paths.signIn }],
  forgotPassword: [{ key: 'links.backToSignIn', to: paths.signIn }],
  forceLogout: [{ key: 'links.signInAgain', to: paths.signIn }],
};

/**
 * The auth screens' frame. Forms arrive with the sign-in issue; the remembered destination is
 * already read (and checked) here so it is visible that the redirect survived.
 */
export function AuthPage({ id }: { id: AuthPageId }) {
  const { t } = useTranslation('auth');
  const [searchParams] = useSearchParams();
  const redirect = safeRedirectTarget(searchParams.get('redirect'));
  useDocumentTitle(t(`${id}.title`));
  return (
    <section aria-labelledby="auth-title">
      <h1 id="auth-title" className={styles.title}>
        {t(`${id}.title`)}
      </h1>
      <p className={styles.subtitle}>{t(`${id}.subtitle`)}</p>
      {redirect && id === 'signIn' ? (
        <p className={styles.notice} role="status">
          {t('redirectNotice')} <code className={styles.path}>{redirect}</code>
        </p>
      ) : null}
      <p className={styles.soon}>{t('comingSoon')}</p>
      <ul className={styles.links}>
        {NEXT_STEPS[id].map((step) => (
          <li key={step.key}>
            <Link to={step.to}>{t(step.key)}</Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
