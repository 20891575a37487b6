import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './portal.module.css';
import { portalQueries } from './portal-api';
import { usePortalFormat } from './portal-format';
import { PortalPager } from './portal-pager';
import { EmptyState, QueryStates } from './portal-states';

/** The SMS the child's teachers sent to this phone (a student: to their own), newest first. */
export function MessagesPage({ studentId, name }: { studentId: string; name: string }) {
  const { t } = useTranslation(['portal', 'domain', 'errors']);
  const f = usePortalFormat();
  const [page, setPage] = useState(1);
  const query = useQuery({
    ...portalQueries.messages(studentId, page),
    placeholderData: (previous) => previous,
  });
  return (
    <>
      <h1 className={styles.title}>{t('messages.title', { name })}</h1>
      <QueryStates query={query}>
        {(messages) =>
          messages.items.length === 0 ? (
            <EmptyState text={t('messages.empty')} testId="messages-empty" />
          ) : (
            <>
              <ul className={`${styles.list} ${styles.panel}`}>
                {messages.items.map((message) => (
                  <li key={message.id} data-testid="messages-item">
                    <p style={{ margin: 0, whiteSpace: 'pre-wrap' }}>{message.text}</p>
                    <span className={styles.muted}>
                      {message.institution} · {f.dateTime(message.at)}
                      {message.status === 'failed' || message.status === 'undelivered'
                        ? ` · ${t('messages.notDelivered')}`
                        : ''}
                    </span>
                  </li>
                ))}
              </ul>
              <PortalPager page={page} total={messages.total} pageSize={messages.pageSize} onPage={setPage} />
            </>
          )
        }
      </QueryStates>
    </>
  );
}
