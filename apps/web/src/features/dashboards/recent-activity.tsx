import { activityParamsText } from '@batchwise/domain';
import { Empty, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { Label, Panel } from '../../components/antd/panel';
import { PlainList } from '../../components/antd/plain-list';
import { Text } from '../../components/antd/text';
import { formatDateTime, formatRelative } from '../../lib/format-time';
import { contentLanguage } from '../../lib/language';
import { paths } from '../../lib/paths';
import type { AccountSummary } from '../../lib/session';
import { useLanguage } from '../../lib/use-language';

/** The latest activity-log entries of the account (who did what, when). */
/** `summaryLink`: whether the reader may open the activity summary (owners and admins, not assistants). */
export function RecentActivity({
  entries,
  summaryLink,
}: {
  entries: AccountSummary['recentActivity'];
  summaryLink: boolean;
}) {
  const { t } = useTranslation(['app', 'activity']);
  const { locale, language } = useLanguage();
  // A keyed entry in the reader's language with its numbers in their digits and its codes (a
  // payment method, a gateway, a kind of fee adjustment, settings changed) named in that
  // language; plain text as written.
  const textOf = (entry: AccountSummary['recentActivity'][number]) => {
    if (!entry.message) return entry.summary;
    const params = activityParamsText(entry.message.params, contentLanguage(language));
    for (const name of ['method', 'gateway', 'kind'] as const) {
      const code = params[name];
      if (code) params[name] = t(`activity:tokens.${code}`, { defaultValue: code });
    }
    // Which online-payment settings changed: a list of codes, each named in the reader's language.
    if (params.changes) {
      params.changes = params.changes
        .split(', ')
        .map((code) => t(`activity:changes.${code}`, { defaultValue: code }))
        .join(', ');
    }
    return t(`activity:${entry.message.key}`, {
      ...params,
      defaultValue: entry.summary,
      interpolation: { escapeValue: false },
    });
  };
  const now = Date.now();
  return (
    <Panel
      title={t('dashboard.activity.title')}
      extra={summaryLink ? <a href={paths.activityLogSummary}>{t('dashboard.activity.summary')}</a> : null}
      style={{ height: '100%' }}
    >
      {entries.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('dashboard.activity.empty')} />
      ) : (
        <PlainList
          items={entries}
          rowKey={(entry) => entry.id}
          row={(entry) => (
            <>
              <Text>
                <Label>
                  {t(`activity:events.${entry.eventName}`, {
                    defaultValue: t(`dashboard.activity.events.${entry.eventName}`, {
                      defaultValue: entry.eventName,
                    }),
                  })}
                </Label>
                {textOf(entry)}
              </Text>
              <br />
              <Text type="secondary" style={{ fontSize: 13 }}>
                {entry.actorName ? `${entry.actorName} · ` : ''}
                <Tooltip title={formatDateTime(entry.createdAt, locale)}>
                  <time dateTime={new Date(entry.createdAt).toISOString()}>
                    {formatRelative(entry.createdAt, now, locale)}
                  </time>
                </Tooltip>
              </Text>
            </>
          )}
        />
      )}
    </Panel>
  );
}
