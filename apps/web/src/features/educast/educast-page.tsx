import type { Profession } from '@batchwise/domain';
import { Alert, Button, Skeleton, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { AntdProvider } from '../../components/antd/antd-provider';
import { signInRedirectPath } from '../../lib/route-rules';
import { activeAccount, useSession } from '../../lib/session';
import { useDocumentTitle } from '../../lib/use-document-title';
import styles from './educast.module.css';

/** Who each EduCast page is for: the teacher's side, and the family's. */
export const TEACHERS: readonly Profession[] = ['Teacher', 'Admin'];
export const FAMILIES: readonly Profession[] = ['Student', 'Parent'];

/**
 * The frame of every EduCast page: its title, the note that EduCast is lessons recorded to publish
 * afterwards (no live class), and the body for a signed-in user of the page's professions; a
 * visitor is sent to sign in and back, anyone else is told the page is not theirs. The server
 * decides again on every call (educast.policy.ts).
 */
export function EducastPage({
  title,
  professions,
  children,
}: {
  title: string;
  professions: readonly Profession[];
  children: (accountId: string) => ReactNode;
}) {
  const { t } = useTranslation(['educast', 'domain', 'errors']);
  useDocumentTitle(title);
  const location = useLocation();
  const { data: session, isPending } = useSession();
  const account = activeAccount(session);
  let body: ReactNode;
  if (isPending) body = <Skeleton active />;
  else if (!session)
    body = (
      <Alert
        type="info"
        showIcon
        message={t('signIn')}
        action={<Button href={signInRedirectPath(location)}>{t('signInAction')}</Button>}
      />
    );
  else if (professions.includes(session.user.profession as Profession)) body = children(account?.id ?? '');
  else body = <Alert type="warning" showIcon message={t('domain:FORBIDDEN')} />;
  return (
    <AntdProvider>
      <main className={styles.page}>
        <Typography.Title level={2} style={{ margin: 0 }}>
          {title}
        </Typography.Title>
        <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
          {t(professions === FAMILIES ? 'recordedLessons' : 'recordedOnly')}
        </Typography.Paragraph>
        {body}
      </main>
    </AntdProvider>
  );
}
