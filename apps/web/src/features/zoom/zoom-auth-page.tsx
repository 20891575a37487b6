import { useMutation } from '@tanstack/react-query';
import { Button, Result, Skeleton } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { AntdProvider } from '../../components/antd/antd-provider';
import { paths, timetablePath } from '../../lib/paths';
import { useSession } from '../../lib/session';
import { translateError } from '../../lib/translate-error';
import { zoomApi } from './zoom-api';

/**
 * `/zoom-auth`: where Zoom sends the browser back after the teacher allows (or denies) access.
 * The page hands the code and state to the server, which checks the state against this session
 * and keeps the tokens; nothing of them comes back here.
 */
export function ZoomAuthPage() {
  return (
    <AntdProvider>
      <div style={{ maxWidth: 560, margin: '32px auto', padding: '0 12px' }}>
        <ZoomAuth />
      </div>
    </AntdProvider>
  );
}

function ZoomAuth() {
  const { t } = useTranslation(['zoom', 'errors']);
  const { search } = useLocation();
  const params = new URLSearchParams(search);
  const code = params.get('code');
  const state = params.get('state');
  const { data: session, isPending } = useSession();
  const finish = useMutation({ mutationFn: () => zoomApi.finish(code!, state!) });
  const sent = useRef(false);
  useEffect(() => {
    if (!session || !code || !state || sent.current) return;
    sent.current = true;
    finish.mutate();
  }, [session, code, state, finish]);
  const back = session ? timetablePath(session.user.profession) : paths.login;
  const docs = <a href={paths.zoomDocumentation}>{t('howItWorks')}</a>;
  if (isPending) return <Skeleton active />;
  if (!session)
    return (
      <Result status="info" title={t('auth.signIn')} extra={<a href={paths.login}>{t('auth.login')}</a>} />
    );
  if (!code || !state)
    return (
      <Result
        status="warning"
        title={t('auth.denied')}
        subTitle={t('auth.deniedHint')}
        extra={[
          <Button key="back" href={back}>
            {t('auth.back')}
          </Button>,
          docs,
        ]}
      />
    );
  if (finish.isError)
    return (
      <Result
        status="error"
        title={t('auth.failed')}
        subTitle={translateError(t, finish.error)}
        extra={[
          <Button key="back" href={back}>
            {t('auth.back')}
          </Button>,
          docs,
        ]}
      />
    );
  if (!finish.isSuccess) return <Result icon={<Skeleton.Avatar active />} title={t('auth.connecting')} />;
  return (
    <Result
      status="success"
      title={t('auth.connected')}
      subTitle={t('auth.connectedHint')}
      extra={
        <Button type="primary" href={back} data-testid="zoom-auth-back">
          {t('auth.back')}
        </Button>
      }
    />
  );
}
