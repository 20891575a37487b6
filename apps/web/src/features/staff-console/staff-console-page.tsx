import { staffConsoleEndpoints } from '@batchwise/domain';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PageLoader } from '../../components/page-loader';
import { endpointQuery } from '../../lib/api-client';
import { formatDate } from '../../lib/format-time';
import { paths } from '../../lib/paths';
import { translateError } from '../../lib/translate-error';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useLanguage } from '../../lib/use-language';
import { AccountPanel } from './account-panel';
import { MaintenanceCard } from './maintenance-card';
import styles from './staff-console.module.css';
import { isStaffRefusal, StaffRefusal } from './staff-refusal';

/**
 * `/Batchwise-Staff-Admin`: platform staff find an account by what a caller can tell them (phone
 * in any form, e-mail, institution, id, referral code) or by label, and open its page. The query
 * lives in the address, so a result can be shared with a colleague and Back returns to the list.
 * Plain layout like the other staff tool pages; the server refuses anyone but staff.
 */
export function StaffConsolePage() {
  const { t } = useTranslation(['staff-console', 'domain', 'errors']);
  const { locale } = useLanguage();
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const labelId = params.get('label') ?? '';
  const accountId = params.get('account');
  const [draft, setDraft] = useState(q);
  useDocumentTitle(t('title'));
  const labels = useQuery({ ...endpointQuery(staffConsoleEndpoints.labels), retry: false });
  const searching = q.trim().length >= 2 || labelId !== '';
  const results = useQuery({
    ...endpointQuery(staffConsoleEndpoints.search, { query: { q, ...(labelId ? { labelId } : {}) } }),
    enabled: searching && !accountId,
    retry: false,
  });

  const handleSearch = (event: FormEvent) => {
    event.preventDefault();
    const next = new URLSearchParams();
    if (draft.trim()) next.set('q', draft.trim());
    if (labelId) next.set('label', labelId);
    setParams(next);
  };

  return (
    <section className={styles.page} aria-labelledby="console-title">
      <h1 id="console-title" className={styles.title}>
        {t('title')}
      </h1>
      <p className={styles.muted}>{t('intro')}</p>
      <nav className={styles.nav} aria-label={t('title')}>
        <Link to={paths.accountLabeler}>{t('nav.labels')}</Link>
        <Link to={paths.firebaseImport}>{t('nav.firebaseImport')}</Link>
        <Link to={paths.onlinePayBalances}>{t('nav.balances')}</Link>
        <Link to={paths.businessInsight}>{t('nav.insight')}</Link>
        <Link to={paths.activityLogSummary}>{t('nav.activity')}</Link>
        <Link to={paths.configLandingPage}>{t('nav.landing')}</Link>
        <Link to="/staff/dashboard">{t('nav.dashboard')}</Link>
        <Link to={paths.underMaintenance}>{t('nav.maintenancePage')}</Link>
      </nav>
      {isStaffRefusal(labels.error) ? (
        <StaffRefusal error={labels.error} />
      ) : accountId ? (
        <>
          <p>
            <Link
              to={{ search: new URLSearchParams({ q, ...(labelId ? { label: labelId } : {}) }).toString() }}
            >
              <span className="bw-directional">←</span> {t('backToResults')}
            </Link>
          </p>
          <AccountPanel accountId={accountId} labels={labels.data?.labels ?? []} />
        </>
      ) : (
        <>
          <MaintenanceCard />
          <form className={`${styles.card} ${styles.form}`} onSubmit={handleSearch}>
            <label className={styles.wide}>
              {t('search.label')}
              <input
                type="search"
                name="q"
                value={draft}
                onChange={(e) => setDraft(e.target.value)}
                placeholder={t('search.placeholder')}
                autoComplete="off"
                spellCheck={false}
              />
            </label>
            <label>
              {t('search.byLabel')}
              <select
                name="label"
                value={labelId}
                onChange={(e) => {
                  const next = new URLSearchParams(params);
                  if (e.target.value) next.set('label', e.target.value);
                  else next.delete('label');
                  setParams(next);
                }}
              >
                <option value="">{t('search.anyLabel')}</option>
                {(labels.data?.labels ?? []).map((label) => (
                  <option key={label.id} value={label.id}>
                    {label.name}
                  </option>
                ))}
              </select>
            </label>
            <button type="submit" className="bw-btn bw-btn--primary">
              {t('search.submit')}
            </button>
          </form>
          {!searching ? (
            <p className={styles.muted}>{t('search.hint')}</p>
          ) : results.isError ? (
            <p className={styles.error} role="alert">
              {translateError(t, results.error)}
            </p>
          ) : results.isPending ? (
            <PageLoader />
          ) : results.data.accounts.length === 0 ? (
            <p className={styles.muted} data-testid="console-empty">
              {t('search.empty')}
            </p>
          ) : (
            <ul className={styles.list} data-testid="console-results">
              {results.data.accounts.map((account) => (
                <li key={account.id}>
                  <Link
                    className={styles.result}
                    to={{
                      search: new URLSearchParams({
                        q,
                        ...(labelId ? { label: labelId } : {}),
                        account: account.id,
                      }).toString(),
                    }}
                  >
                    <strong>{account.institution}</strong>
                    <span>
                      {account.ownerName} ·{' '}
                      {[account.ownerPhone, account.ownerEmail].filter(Boolean).join(' · ')}
                    </span>
                    <span className={styles.chips}>
                      <span className={styles.chip}>{t(`plans.${account.planId}`)}</span>
                      {account.planEndsAt ? (
                        <span className={styles.chip}>
                          {t('plan.until', { date: formatDate(account.planEndsAt, locale) })}
                        </span>
                      ) : null}
                      {account.suspended ? (
                        <span className={`${styles.chip} ${styles.danger}`}>{t('suspended')}</span>
                      ) : null}
                      {account.labels.map((label) => (
                        <span key={label.id} className={styles.chip}>
                          {label.name}
                        </span>
                      ))}
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}
