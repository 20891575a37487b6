import { Result, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { AntdProvider } from '../../components/antd/antd-provider';
import { billingPath, paths } from '../../lib/paths';
import { useSession } from '../../lib/session';

/**
 * `/lms-resub` (spec part 1 §2.3): the renewal link of the reminder SMS and e-mail, and where a
 * payment that did not go through returns. It opens the owner's billing page with what the
 * gateway said; someone signed out is asked to sign in first.
 */
export function ResubscribePage() {
  return (
    <AntdProvider>
      <Resubscribe />
    </AntdProvider>
  );
}

function Resubscribe() {
  const { t } = useTranslation('billing');
  const { search } = useLocation();
  const { data: session, isPending } = useSession();
  if (isPending) return <Skeleton active />;
  if (!session)
    return (
      <Result
        status="info"
        title={t('receipt.signIn')}
        extra={<a href={paths.login}>{t('receipt.login')}</a>}
      />
    );
  return <Navigate replace to={`${billingPath(session.user.profession)}${search}`} />;
}
