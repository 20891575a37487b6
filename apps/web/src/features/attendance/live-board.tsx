import { LoginOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons';
import type { LiveBoard as LiveBoardData } from '@batchwise/domain';
import { useQuery } from '@tanstack/react-query';
import {
  Avatar,
  Badge,
  Button,
  Card,
  Col,
  Empty,
  Flex,
  List,
  Row,
  Skeleton,
  Statistic,
  Typography,
} from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ExportMenu } from '../../components/antd/export-menu';
import { QueryError } from '../../components/antd/query-error';
import { exportTable } from '../../lib/download';
import { useLanguage } from '../../lib/use-language';
import { dmy, formatClock, formatNumber, formatSessionDate, liveBoardQuery } from './attendance-api';
import type { CalendarTarget } from './student-calendar';

type BoardStudent = LiveBoardData['students'][number];

/**
 * Today's board: who is in the centre (their last punch an entry) and who has
 * left, with times. It reads the `attendance` resource, which every punch's live event
 * (`attendance.punch`) marks stale, so the board refreshes by itself as students come and go.
 */
export function LiveBoard({
  accountId,
  onOpenStudent,
}: {
  accountId: string;
  onOpenStudent: (target: CalendarTarget) => void;
}) {
  const { t } = useTranslation(['attendance', 'domain', 'errors']);
  const { locale } = useLanguage();
  const board = useQuery(liveBoardQuery(accountId));
  if (board.isPending) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (board.isError) return <QueryError error={board.error} onRetry={() => void board.refetch()} />;
  const { students, recent, date } = board.data;
  const inside = students.filter((s) => s.state === 'in');
  const left = students.filter((s) => s.state === 'left');
  const time = (at: number | null) => (at === null ? '–' : formatClock(at, locale));

  const handleExport = (format: 'pdf' | 'xlsx' | 'csv') =>
    exportTable({
      format,
      title: `${t('live.title')} ${dmy(date)}`,
      headers: [
        t('export.student'),
        t('export.customId'),
        t('export.state'),
        t('export.in'),
        t('export.out'),
        t('export.punches'),
      ],
      rows: students.map((s) => [
        s.name,
        s.customId ?? '–',
        t(`live.state.${s.state}`),
        time(s.firstEntryAt),
        time(s.lastExitAt),
        s.punches,
      ]),
    });

  const stats = [
    { title: t('live.inNow'), value: inside.length, testId: 'live-in-count' },
    { title: t('live.leftToday'), value: left.length, testId: 'live-left-count' },
    {
      title: t('live.punchesToday'),
      value: students.reduce((n, s) => n + s.punches, 0),
      testId: 'live-punch-count',
      wide: true,
    },
  ];

  // One half of the board: who is in, or who has left.
  const column = (icon: ReactNode, title: string, items: BoardStudent[], testId: string, empty: string) => (
    <Col xs={24} md={12}>
      <Card
        size="small"
        title={
          <>
            {icon} {title}
          </>
        }
      >
        <List
          data-testid={testId}
          dataSource={items}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty} /> }}
          renderItem={(s) => (
            <List.Item data-testid="live-student" data-student={s.name}>
              <List.Item.Meta
                avatar={<Avatar src={s.avatarUrl ?? undefined} icon={<UserOutlined />} alt="" />}
                title={
                  <Button
                    type="link"
                    style={{ padding: 0, height: 'auto' }}
                    onClick={() => onOpenStudent({ accountId: s.accountId, studentId: s.id, name: s.name })}
                  >
                    {s.name}
                  </Button>
                }
                description={
                  // A student in again after leaving has been in since that entry, not the day's first.
                  s.state === 'in'
                    ? t('live.inSince', { time: time(s.lastAt) })
                    : t('live.leftAt', { time: time(s.lastExitAt) })
                }
              />
            </List.Item>
          )}
        />
      </Card>
    </Col>
  );

  return (
    <Flex vertical gap={16} data-testid="live-board">
      <Flex wrap gap={8} align="center" justify="space-between">
        <Typography.Text type="secondary">
          <Badge status="processing" /> {t('live.caption', { date: formatSessionDate(date, locale, true) })}
        </Typography.Text>
        <ExportMenu
          formats={['pdf', 'xlsx', 'csv']}
          onExport={handleExport}
          disabled={students.length === 0}
        />
      </Flex>
      <Row gutter={[12, 12]}>
        {stats.map((stat) => (
          <Col key={stat.title} xs={stat.wide ? 24 : 12} md={8}>
            <Card size="small">
              <Statistic
                title={stat.title}
                value={formatNumber(stat.value, locale)}
                data-testid={stat.testId}
              />
            </Card>
          </Col>
        ))}
      </Row>
      <Row gutter={[16, 16]}>
        {column(<LoginOutlined />, t('live.inList'), inside, 'live-in', t('live.nobodyIn'))}
        {column(<LogoutOutlined />, t('live.leftList'), left, 'live-left', t('live.nobodyLeft'))}
      </Row>
      <Card size="small" title={t('live.recent')}>
        {recent.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('live.noPunches')} />
        ) : (
          <List
            size="small"
            data-testid="live-recent"
            dataSource={recent}
            renderItem={(p) => (
              <List.Item>
                <Typography.Text>
                  {p.direction === 'entry' ? <LoginOutlined /> : <LogoutOutlined />} {p.name}
                </Typography.Text>
                <Typography.Text type="secondary">
                  {t(`live.direction.${p.direction}`)} · {time(p.at)}
                </Typography.Text>
              </List.Item>
            )}
          />
        )}
      </Card>
    </Flex>
  );
}
