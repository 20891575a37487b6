import { useQuery } from '@tanstack/react-query';
import { Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useWorkAccount } from '../../lib/use-work-account';
import { OnlineClassCard } from './online-class-card';
import { zoomConnectionQuery } from './zoom-api';
import { ZoomConnectionCard } from './zoom-connection-card';

/**
 * Online classes through Zoom, under the timetable: the account's Zoom connection and, once
 * connected, a class of the timetable made online with its link sent to the students. Owners and
 * admins only (assistants read the timetable). Accounts without Zoom keep pasting any meeting link
 * as a class's place on the timetable.
 */
export function ZoomPanel() {
  const work = useWorkAccount();
  const { t } = useTranslation('zoom');
  const accountId = work?.account.id ?? '';
  const manager = !!work && work.account.relation !== 'assistant';
  const status = useQuery({ ...zoomConnectionQuery(accountId), enabled: manager });
  if (!manager) return null;
  return (
    <Flex vertical gap={16} style={{ marginTop: 24 }}>
      <Typography.Title level={4} style={{ margin: 0 }}>
        {t('onlineClasses')}
      </Typography.Title>
      <ZoomConnectionCard accountId={accountId} />
      {status.data?.connected ? <OnlineClassCard accountId={accountId} /> : null}
      {status.data && !status.data.connected ? (
        <Typography.Text type="secondary">{t('pasteLinkHint')}</Typography.Text>
      ) : null}
    </Flex>
  );
}
