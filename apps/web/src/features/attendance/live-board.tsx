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
import { useTranslation } from 'react-i18next';
import { ExportMenu } from '../../components/antd/export-menu';
import { QueryError } from '../../components/antd/query-error';
import { exportTable } from '../../lib/download';
import { useLanguage } from '../../lib/use-language';
import { dmy, formatClock, formatNumber, formatSessionDate, liveBoardQuery } from './attendance-api';
import type { CalendarTarget } from './student-calendar';

type BoardStudent = LiveBoardData['students'][number];

/**
 * Today's board (issue 16 item 6): who is in the centre (their last punch an entry) and who has
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

  const list = (items: BoardStudent[], testId: string, empty: string) => (
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
              s.state === 'in'
                ? t('live.inSince', { time: time(s.firstEntryAt ?? s.lastAt) })
                : t('live.leftAt', { time: time(s.lastExitAt) })
            }
          />
        </List.Item>
      )}
    />
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
        <Col xs={12} md={8}>
          <Card size="small">
            <Statistic
              title={t('live.inNow')}
              value={formatNumber(inside.length, locale)}
              data-testid="live-in-count"
            />
          </Card>
        </Col>
        <Col xs={12} md={8}>
          <Card size="small">
            <Statistic
              title={t('live.leftToday')}
              value={formatNumber(left.length, locale)}
              data-testid="live-left-count"
            />
          </Card>
        </Col>
        <Col xs={24} md={8}>
          <Card size="small">
            <Statistic
              title={t('live.punchesToday')}
              value={formatNumber(
                students.reduce((n, s) => n + s.punches, 0),
                locale,
              )}
            />
          </Card>
        </Col>
      </Row>
      <Row gutter={[16, 16]}>
        <Col xs={24} md={12}>
          <Card
            size="small"
            title={
              <>
                <LoginOutlined /> {t('live.inList')}
              </>
            }
          >
            {list(inside, 'live-in', t('live.nobodyIn'))}
          </Card>
        </Col>
        <Col xs={24} md={12}>
          <Card
            size="small"
            title={
              <>
                <LogoutOutlined /> {t('live.leftList')}
              </>
            }
          >
            {list(left, 'live-left', t('live.nobodyLeft'))}
          </Card>
        </Col>
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
