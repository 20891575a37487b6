import { type SenderNameStatus, senderNameProblem, smsSenderEndpoints } from '@batchwise/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Form, Input, Skeleton, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { QueryError } from '../../components/antd/query-error';
import { call, endpointQuery, refresh } from '../../lib/api-client';
import { translateError } from '../../lib/translate-error';

const STATUS_COLOURS: Record<SenderNameStatus, string> = {
  pending: 'gold',
  approved: 'green',
  rejected: 'red',
};

/**
 * The institution's own SMS sender name (research/integrations.md §3.6): ask for a masking name,
 * see whether staff approved it (or why not), and whether the gateway sends under it.
 */
export function SenderNameCard({ accountId }: { accountId: string }) {
  const { t } = useTranslation(['referrals', 'domain', 'errors']);
  const queryClient = useQueryClient();
  const [form] = Form.useForm<{ name: string }>();
  const sender = useQuery(endpointQuery(smsSenderEndpoints.get, { params: { accountId } }));
  const ask = useMutation({
    mutationFn: (name: string) => call(smsSenderEndpoints.request, { params: { accountId }, body: { name } }),
    onSuccess: () => {
      form.resetFields();
      return refresh(queryClient, 'sms-sender', { accountId });
    },
  });
  const request = sender.data?.request;
  return (
    <Card title={t('sender.title')} data-testid="sender-name-card">
      {sender.isPending ? (
        <Skeleton active />
      ) : sender.isError ? (
        <QueryError error={sender.error} onRetry={() => void sender.refetch()} />
      ) : (
        <>
          <Typography.Paragraph type="secondary">{t('sender.hint')}</Typography.Paragraph>
          {request ? (
            <Typography.Paragraph data-testid="sender-status">
              <Typography.Text strong>{request.name}</Typography.Text>{' '}
              <Tag color={STATUS_COLOURS[request.status]}>{t(`sender.status.${request.status}`)}</Tag>
              <br />
              <Typography.Text type="secondary">{t(`sender.explain.${request.status}`)}</Typography.Text>
              {request.reason ? (
                <>
                  <br />
                  <Typography.Text type="danger">
                    {t('sender.reason', { reason: request.reason })}
                  </Typography.Text>
                </>
              ) : null}
            </Typography.Paragraph>
          ) : (
            <Typography.Paragraph type="secondary">{t('sender.none')}</Typography.Paragraph>
          )}
          {sender.data.gatewaySupportsMasking ? null : (
            <Alert type="info" showIcon title={t('sender.notSupported')} style={{ marginBottom: 16 }} />
          )}
          {ask.isError ? (
            <Alert type="error" showIcon title={translateError(t, ask.error)} style={{ marginBottom: 16 }} />
          ) : null}
          <Form
            name="sender-name"
            form={form}
            layout="vertical"
            initialValues={{ name: '' }}
            onFinish={(values) => ask.mutate(values.name)}
          >
            <Form.Item
              name="name"
              label={request ? t('sender.askAgain') : t('sender.ask')}
              extra={t('sender.rules')}
              rules={[
                { required: true, message: t('sender.required') },
                {
                  // The same rule the server applies, so most mistakes are caught before sending.
                  validator: async (_rule, value: string | undefined) => {
                    const problem = value ? senderNameProblem(value) : null;
                    if (problem) throw new Error(t(`domain:${problem}`));
                  },
                },
              ]}
            >
              <Input maxLength={11} autoComplete="off" spellCheck={false} />
            </Form.Item>
            <Button type="primary" htmlType="submit" loading={ask.isPending}>
              {t('sender.submit')}
            </Button>
          </Form>
        </>
      )}
    </Card>
  );
}
