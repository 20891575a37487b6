import type { TemplatePlan } from '@batchwise/domain';
import { Empty, Flex, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePageDigits } from '../../lib/use-digits';
import { useLanguage } from '../../lib/use-language';

const PAGE_SIZE = 10;

/**
 * Step 3: every row's message as the server will build it (the same domain rules, run in the
 * browser as the template is typed), with the totals and the rows left out and why.
 */
export function TemplatePreview({ plan, hasText }: { plan: TemplatePlan | null; hasText: boolean }) {
  const { t } = useTranslation('sms');
  const pageDigits = usePageDigits();
  const { locale } = useLanguage();
  const n = (value: number) => value.toLocaleString(locale);

  if (!plan)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('templates.preview.noSheet')} />;
  if (!hasText)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('templates.preview.noText')} />;
  const sms = plan.messages.reduce((sum, m) => sum + m.totalSMSNeeded, 0);
  const count = (key: string, value: number) => t(key, { count: value, formatted: n(value) });
  return (
    <Flex vertical gap={16} data-testid="template-preview">
      <Flex gap={8} wrap aria-live="polite" data-testid="template-totals">
        <Tag color="blue">{count('templates.preview.messages', plan.messages.length)}</Tag>
        <Tag color="geekblue">{count('templates.preview.sms', sms)}</Tag>
        {plan.dropped.length > 0 ? (
          <Tag color="orange">{count('templates.preview.dropped', plan.dropped.length)}</Tag>
        ) : null}
      </Flex>
      <section aria-label={t('templates.preview.messagesTitle')}>
        <Table
          size="small"
          rowKey="row"
          dataSource={plan.messages as TemplatePlan['messages'][number][]}
          locale={{ emptyText: t('templates.preview.noMessages') }}
          pagination={
            plan.messages.length > PAGE_SIZE
              ? { pageSize: PAGE_SIZE, showSizeChanger: false, size: 'small', ...pageDigits }
              : false
          }
          // Messages wrap on a wide screen and scroll sideways on a phone.
          scroll={{ x: 520 }}
          columns={[
            { key: 'row', title: t('templates.preview.row'), dataIndex: 'row', width: 64, render: n },
            {
              key: 'phone',
              title: t('templates.preview.phone'),
              dataIndex: 'phone',
              width: 150,
              render: (phone: string) => <span style={{ whiteSpace: 'nowrap' }}>{phone}</span>,
            },
            {
              key: 'text',
              title: t('templates.preview.text'),
              dataIndex: 'text',
              render: (text: string) => <div style={{ whiteSpace: 'pre-wrap', minWidth: 200 }}>{text}</div>,
            },
            {
              key: 'sms',
              title: t('templates.preview.sms'),
              dataIndex: 'totalSMSNeeded',
              width: 64,
              render: n,
            },
          ]}
        />
      </section>
      {plan.dropped.length > 0 ? (
        <section aria-label={t('templates.preview.leftOut')} data-testid="template-dropped">
          <Typography.Title level={5} style={{ marginTop: 0 }}>
            {t('templates.preview.leftOut')}
          </Typography.Title>
          <Table
            size="small"
            rowKey="row"
            dataSource={plan.dropped as TemplatePlan['dropped'][number][]}
            pagination={
              plan.dropped.length > PAGE_SIZE
                ? { pageSize: PAGE_SIZE, showSizeChanger: false, size: 'small', ...pageDigits }
                : false
            }
            scroll={{ x: 'max-content' }}
            columns={[
              { key: 'row', title: t('templates.preview.row'), dataIndex: 'row', width: 64, render: n },
              {
                key: 'phone',
                title: t('templates.preview.phone'),
                dataIndex: 'phone',
                render: (phone: string) => phone || '—',
              },
              {
                key: 'reason',
                title: t('templates.preview.reason'),
                dataIndex: 'reason',
                render: (reason: string) => (
                  <Tag color={reason === 'CONDITION' ? 'default' : 'orange'}>
                    {t(`templates.preview.reasons.${reason}`)}
                  </Tag>
                ),
              },
            ]}
          />
        </section>
      ) : null}
    </Flex>
  );
}
