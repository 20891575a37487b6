import { Alert, Button, Skeleton, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AntdProvider } from '../../components/antd/antd-provider';
import { signInRedirectPath } from '../../lib/route-rules';
import { activeAccount, useSession } from '../../lib/session';
import { useDocumentTitle } from '../../lib/use-document-title';
import { FamilyVideos } from './family-videos';
import { TeacherVideos } from './teacher-videos';
import styles from './video.module.css';

const PAGE_PATH = '/private-video-course';

/**
 * `/private-video-course`: the teacher's (or admin's) video library and courses, or a student's
 * and parent's courses with the player; the server decides what each may see (video.policy.ts).
 */
export function PrivateVideoCoursePage() {
  const { t } = useTranslation(['video', 'domain', 'errors']);
  useDocumentTitle(t('title'));
  const { data: session, isPending } = useSession();
  let body: ReactNode;
  const profession = session?.user.profession;
  const account = activeAccount(session);
  if (isPending) body = <Skeleton active />;
  else if (!session)
    body = (
      <Alert
        type="info"
        showIcon
        message={t('signIn')}
        action={<Button href={signInRedirectPath({ pathname: PAGE_PATH })}>{t('signInAction')}</Button>}
      />
    );
  else if (profession === 'Student' || profession === 'Parent') body = <FamilyVideos />;
  else if ((profession === 'Teacher' || profession === 'Admin') && account)
    body = <TeacherVideos accountId={account.id} userId={session.user.id} />;
  else body = <Alert type="warning" showIcon message={t('domain:FORBIDDEN')} />;
  return (
    <AntdProvider>
      <main className={styles.page}>
        <Typography.Title level={2} style={{ margin: 0 }}>
          {t('title')}
        </Typography.Title>
        {body}
      </main>
    </AntdProvider>
  );
}
