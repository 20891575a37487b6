import { CheckCircleTwoTone } from '@ant-design/icons';
import { reportCardEndpoints } from '@batchwise/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Badge, Button, Card, Empty, Flex, List, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { QueryError } from '../../components/antd/query-error';
import { call, endpointQuery, refresh } from '../../lib/api-client';
import { formatDateTime } from '../../lib/format-time';
import { useBadgeCount } from '../../lib/use-digits';
import { useLanguage } from '../../lib/use-language';
import { type ReportPlace, reportPaths } from './report-paths';

/**
 * What the families said and did with a term's cards: their feedback, newest
 * first with the unread ones marked, and who acknowledged receiving the card and when. Live
 * events refresh it when a family writes (resource `report-cards`).
 */
export function ReportFeedbackPanel({ place }: { place: ReportPlace }) {
  const { t } = useTranslation(['report-cards', 'domain', 'errors']);
  const badgeCount = useBadgeCount();
  const { locale } = useLanguage();
  const queryClient = useQueryClient();
  const params = { accountId: place.accountId, classroomId: place.classroomId };
  const list = useQuery(
    endpointQuery(reportCardEndpoints.reportFeedback, { params, query: { term: place.term } }),
  );
  const read = useMutation({
    mutationFn: () => call(reportCardEndpoints.readReportFeedback, { params, body: { term: place.term } }),
    onSuccess: () => refresh(queryClient, 'report-cards', { accountId: place.accountId }),
  });
  if (list.isError) return <QueryError error={list.error} onRetry={() => list.refetch()} />;
  const data = list.data;
  return (
    <Flex vertical gap={16}>
      <Card
        size="small"
        loading={!data}
        title={
          <Flex gap={8} align="center">
            {t('family.feedbackTitle')}
            <Badge count={badgeCount(data?.unread ?? 0)} data-testid="feedback-unread" />
          </Flex>
        }
        extra={
          data && data.unread > 0 ? (
            <Button
              size="small"
              onClick={() => read.mutate()}
              loading={read.isPending}
              data-testid="feedback-read-all"
            >
              {t('family.markRead')}
            </Button>
          ) : null
        }
      >
        {data && data.feedback.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('family.noFeedbackYet')} />
        ) : (
          <List
            size="small"
            dataSource={data?.feedback ?? []}
            renderItem={(item) => (
              <List.Item key={item.id} data-testid="feedback-item" data-unread={item.readAt === null}>
                <Flex vertical gap={2} style={{ minWidth: 0, width: '100%' }}>
                  <Flex gap={8} align="center" wrap>
                    {item.readAt === null ? <Badge status="processing" text={t('family.unread')} /> : null}
                    <Link to={reportPaths.adminCard({ ...place, studentId: item.studentId })}>
                      <Typography.Text strong>{item.studentName}</Typography.Text>
                    </Link>
                    <Typography.Text type="secondary" style={{ fontSize: 13 }}>
                      {formatDateTime(item.createdAt, locale)}
                    </Typography.Text>
                  </Flex>
                  <Typography.Paragraph
                    style={{ margin: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
                  >
                    {item.text}
                  </Typography.Paragraph>
                </Flex>
              </List.Item>
            )}
          />
        )}
      </Card>
      <Card
        size="small"
        loading={!data}
        title={t('family.acknowledgedTitle', { count: data?.acknowledgements.length ?? 0 })}
      >
        {data && data.acknowledgements.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('family.noAcknowledgements')} />
        ) : (
          <List
            size="small"
            dataSource={data?.acknowledgements ?? []}
            renderItem={(item) => (
              <List.Item key={item.studentId} data-testid="acknowledgement-item">
                <Flex gap={8} align="center" wrap>
                  <CheckCircleTwoTone twoToneColor="#16a34a" />
                  <Typography.Text strong>{item.studentName}</Typography.Text>
                  <Typography.Text type="secondary" style={{ fontSize: 13 }}>
                    {formatDateTime(item.acknowledgedAt, locale)}
                  </Typography.Text>
                </Flex>
              </List.Item>
            )}
          />
        )}
      </Card>
    </Flex>
  );
}
