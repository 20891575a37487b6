import {
  type AccountLabel,
  activityParamsText,
  type StaffAccountDetail,
  staffConsoleEndpoints,
} from '@batchwise/domain';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../../components/page-loader';
import { endpointQuery } from '../../lib/api-client';
import { formatDate, formatDateTime } from '../../lib/format-time';
import { contentLanguage } from '../../lib/language';
import { translateError } from '../../lib/translate-error';
import { useLanguage } from '../../lib/use-language';
import { useMoney } from '../../lib/use-money';
import { AccountActions } from './account-actions';
import { AccountLabels } from './account-labels';
import styles from './staff-console.module.css';

/**
 * One account on a page: owner, plan and expiry, usage, labels, the staff's actions (each with a
 * reason, each in the activity log), team, signed-in devices and recent activity.
 */
export function AccountPanel({ accountId, labels }: { accountId: string; labels: readonly AccountLabel[] }) {
  const { t } = useTranslation(['staff-console', 'activity', 'domain', 'errors']);
  const { locale, language } = useLanguage();
  const money = useMoney();
  const detail = useQuery({
    ...endpointQuery(staffConsoleEndpoints.account, { params: { accountId } }),
    retry: false,
  });
  if (detail.isPending) return <PageLoader />;
  if (detail.isError) {
    return (
      <p className={styles.error} role="alert">
        {translateError(t, detail.error)}
      </p>
    );
  }
  const account = detail.data;
  const number = (n: number) => n.toLocaleString(locale);
  const activityText = (entry: StaffAccountDetail['activity'][number]) =>
    entry.message
      ? t(`activity:${entry.message.key}`, {
          ...activityParamsText(entry.message.params, contentLanguage(language)),
          defaultValue: entry.summary,
          interpolation: { escapeValue: false },
        })
      : entry.summary;

  return (
    <div data-testid="console-account">
      <h2 className={styles.title}>{account.institution}</h2>
      {account.suspension ? (
        <p className={styles.error} role="status" data-testid="console-suspended">
          {t('suspension.banner', {
            reason: account.suspension.reason,
            by: account.suspension.suspendedBy,
            date: formatDateTime(account.suspension.suspendedAt, locale),
          })}
        </p>
      ) : null}
      <div className={styles.grid}>
        <section className={styles.card} aria-labelledby="owner-title">
          <h2 id="owner-title">{t('owner.title')}</h2>
          <dl className={styles.facts}>
            <dt>{t('owner.name')}</dt>
            <dd>{account.ownerName}</dd>
            <dt>{t('owner.phone')}</dt>
            <dd>{account.ownerPhone ?? '—'}</dd>
            <dt>{t('owner.email')}</dt>
            <dd>{account.ownerEmail ?? '—'}</dd>
            <dt>{t('owner.kind')}</dt>
            <dd>{t(`kinds.${account.kind}`)}</dd>
            <dt>{t('owner.referral')}</dt>
            <dd>{account.referralCode}</dd>
            <dt>{t('owner.id')}</dt>
            <dd>{account.id}</dd>
            <dt>{t('owner.since')}</dt>
            <dd>{formatDate(account.createdAt, locale)}</dd>
          </dl>
        </section>
        <section className={styles.card} aria-labelledby="plan-title">
          <h2 id="plan-title">{t('plan.title')}</h2>
          <dl className={styles.facts}>
            <dt>{t('plan.plan')}</dt>
            <dd data-testid="console-plan">{t(`plans.${account.planId}`)}</dd>
            <dt>{t('plan.ends')}</dt>
            <dd>{account.planEndsAt ? formatDate(account.planEndsAt, locale) : t('plan.noEnd')}</dd>
            <dt>{t('plan.discount')}</dt>
            <dd>{number(account.planDiscountPercent)}%</dd>
          </dl>
        </section>
        <section className={styles.card} aria-labelledby="usage-title">
          <h2 id="usage-title">{t('usage.title')}</h2>
          <dl className={styles.facts}>
            <dt>{t('usage.students')}</dt>
            <dd>{number(account.usage.students)}</dd>
            <dt>{t('usage.classrooms')}</dt>
            <dd>{number(account.usage.classrooms)}</dd>
            <dt>{t('usage.smsSent')}</dt>
            <dd>{number(account.usage.smsSent)}</dd>
            <dt>{t('usage.smsBalance')}</dt>
            <dd>{number(account.usage.smsBalance)}</dd>
            <dt>{t('usage.onlinePayments')}</dt>
            <dd>
              {number(account.usage.onlinePayments)} · {money(account.usage.onlinePaidPaisa)}
            </dd>
          </dl>
        </section>
      </div>
      <AccountLabels account={account} labels={labels} />
      <AccountActions account={account} />
      <div className={styles.grid}>
        <section className={styles.card} aria-labelledby="team-title">
          <h2 id="team-title">{t('team.title')}</h2>
          <ul className={styles.list}>
            {account.team.map((member) => (
              <li key={`${member.role}:${member.userId}`} className={styles.entry}>
                {member.name}{' '}
                <small>
                  {t(`team.roles.${member.role}`)} ·{' '}
                  {[member.phone, member.email].filter(Boolean).join(' · ')}
                </small>
              </li>
            ))}
          </ul>
        </section>
        <section className={styles.card} aria-labelledby="devices-title">
          <h2 id="devices-title">{t('devices.title')}</h2>
          {account.devices.length === 0 ? (
            <p className={styles.muted}>{t('devices.empty')}</p>
          ) : (
            <ul className={styles.list}>
              {account.devices.map((device, i) => (
                // Sessions carry no public id: the order (most recent first) is stable per load.
                // biome-ignore lint/suspicious/noArrayIndexKey: see above
                <li key={i} className={styles.entry}>
                  {device.userName}
                  <small>
                    {device.userAgent ?? t('devices.unknown')} · {formatDateTime(device.lastSeenAt, locale)}
                  </small>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
      <section className={styles.card} aria-labelledby="activity-title">
        <h2 id="activity-title">{t('activity.title')}</h2>
        {account.activity.length === 0 ? (
          <p className={styles.muted}>{t('activity.empty')}</p>
        ) : (
          <ul className={styles.list} data-testid="console-activity">
            {account.activity.map((entry) => (
              <li key={entry.id} className={styles.entry}>
                {activityText(entry)}
                <small>
                  {entry.actorName ?? '—'} · {formatDateTime(entry.createdAt, locale)}
                </small>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className={styles.card} aria-labelledby="errors-title">
        <h2 id="errors-title">{t('errors.title')}</h2>
        {account.errors.length === 0 ? (
          <p className={styles.muted}>{t('errors.empty')}</p>
        ) : (
          <ul className={styles.list} data-testid="console-errors">
            {account.errors.map((e) => (
              <li
                key={`${e.method} ${e.route} ${e.errorName} ${e.code} ${e.firstAt}`}
                className={styles.entry}
              >
                <span translate="no">
                  {e.status} {e.method} {e.route}
                </span>
                <small>
                  {t('errors.line', {
                    error: e.code ?? e.errorName,
                    count: e.count,
                    times: number(e.count),
                    last: formatDateTime(e.lastAt, locale),
                  })}
                </small>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
