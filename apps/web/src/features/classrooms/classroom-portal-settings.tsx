import { type PortalSettings, portalEndpoints } from '@batchwise/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Flex, Skeleton, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { QueryError } from '../../components/antd/query-error';
import { call, endpointQuery } from '../../lib/api-client';
import { translateError } from '../../lib/translate-error';

const SWITCHES: (keyof PortalSettings)[] = [
  'showDues',
  'onlinePayment',
  'showAttendance',
  'showResults',
  'attendanceLinkInSms',
];

/**
 * What the family portal shows of this classroom (the teacher decides, the server obeys): dues and
 * online payment, attendance, results, and whether attendance SMS carry the attendance link.
 * Assistants see the choices; owners and admins change them.
 */
export function ClassroomPortalSettings({
  accountId,
  classroomId,
  canChange,
}: {
  accountId: string;
  classroomId: string;
  canChange: boolean;
}) {
  const { t } = useTranslation(['portal', 'domain', 'errors']);
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const input = { params: { accountId, classroomId } };
  const query = useQuery(endpointQuery(portalEndpoints.classroomSettings, input));
  const save = useMutation({
    mutationFn: (body: PortalSettings) => call(portalEndpoints.updateClassroomSettings, { ...input, body }),
    onSuccess: (view) => {
      queryClient.setQueryData(endpointQuery(portalEndpoints.classroomSettings, input).queryKey, view);
      message.success(t('teacher.saved'));
    },
    onError: (error) => message.error({ content: translateError(t, error), duration: 5 }),
  });
  if (query.isPending) return <Skeleton active paragraph={{ rows: 4 }} />;
  if (query.isError) return <QueryError error={query.error} onRetry={() => void query.refetch()} />;
  const view = query.data;
  const current: PortalSettings = {
    showDues: view.showDues,
    onlinePayment: view.onlinePayment,
    showAttendance: view.showAttendance,
    showResults: view.showResults,
    attendanceLinkInSms: view.attendanceLinkInSms,
  };
  return (
    <Flex vertical gap={16} data-testid="classroom-portal-settings">
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        {t('teacher.intro')}
      </Typography.Paragraph>
      {SWITCHES.map((key) => (
        <Flex key={key} gap={12} align="flex-start">
          <Switch
            checked={current[key]}
            disabled={!canChange || save.isPending || (key === 'onlinePayment' && !current.showDues)}
            onChange={(checked) => save.mutate({ ...current, [key]: checked })}
            aria-labelledby={`portal-${key}`}
            data-testid={`portal-switch-${key}`}
          />
          <div>
            <Typography.Text strong id={`portal-${key}`}>
              {t(`teacher.switches.${key}.label`)}
            </Typography.Text>
            <br />
            <Typography.Text type="secondary">{t(`teacher.switches.${key}.hint`)}</Typography.Text>
          </div>
        </Flex>
      ))}
      {!view.onlinePaymentReady ? <Alert type="info" showIcon title={t('teacher.onlinePaymentOff')} /> : null}
    </Flex>
  );
}
