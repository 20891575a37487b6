import {
  DownOutlined,
  FilePdfOutlined,
  LinkOutlined,
  MessageOutlined,
  RobotOutlined,
  TableOutlined,
} from '@ant-design/icons';
import {
  INTERFACE_LANGUAGE_NAMES,
  planEndpoints,
  REPORT_LANGUAGES,
  type ReportLanguage,
  type ReportLinksIssued,
  type ReportTable,
  reportCardEndpoints,
} from '@batchwise/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Badge,
  Button,
  Dropdown,
  Flex,
  Grid,
  Popconfirm,
  Space,
  Table,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CardList } from '../../components/antd/card-list';
import { LetterGrade } from '../../components/letter-grade';
import { call, endpointQuery, refresh, urlOf } from '../../lib/api-client';
import { downloadFile } from '../../lib/download';
import { translateError } from '../../lib/translate-error';
import { AiRemarksDialog } from './ai-remarks-dialog';
import { useReportFormat } from './report-format';
import { ReportLinksDialog } from './report-links-dialog';
import { type ReportPlace, reportPaths } from './report-paths';
import { ResultSmsDialog } from './result-sms-dialog';

type Row = ReportTable['rows'][number];

/**
 * The students of a term with their results and how each card stands with the family, and what
 * staff do with the cards: links (made in bulk or for one; revoked for one or all), result SMS
 * (to all or the rows picked), the class PDF, the table views and the class table's own link.
 */
export function ReportStudents({
  place,
  table,
  classroomName,
  manager,
}: {
  place: ReportPlace;
  table: ReportTable;
  classroomName: string;
  manager: boolean;
}) {
  const { t } = useTranslation(['report-cards', 'domain', 'errors']);
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const f = useReportFormat();
  const screens = Grid.useBreakpoint();
  const [picked, setPicked] = useState<string[]>([]);
  const [issued, setIssued] = useState<ReportLinksIssued | null>(null);
  const [sms, setSms] = useState(false);
  const [aiRemarks, setAiRemarks] = useState(false);
  const tools = useQuery(endpointQuery(planEndpoints.tools, { params: { accountId: place.accountId } }));
  const aiUsable = tools.data?.tools.some((tool) => tool.key === 'ai' && tool.usable) ?? false;
  const [tableLink, setTableLink] = useState<string | null>(null);
  const params = { accountId: place.accountId, classroomId: place.classroomId };
  const changed = () => refresh(queryClient, 'report-cards', { accountId: place.accountId });
  const studentIds = picked.length > 0 ? picked : undefined;

  const issue = useMutation({
    mutationFn: (ids: string[] | undefined) =>
      call(reportCardEndpoints.issueReportLinks, { params, body: { term: place.term, studentIds: ids } }),
    onSuccess: async (answer) => {
      setIssued(answer);
      await changed();
    },
  });
  const revoke = useMutation({
    mutationFn: (ids: string[] | undefined) =>
      call(reportCardEndpoints.revokeReportLinks, { params, body: { term: place.term, studentIds: ids } }),
    onSuccess: async ({ revoked }) => {
      message.success(t('links.revoked', { count: revoked, formatted: f.number(revoked) }));
      await changed();
    },
  });
  const share = useMutation({
    mutationFn: () => call(reportCardEndpoints.issueReportTableLink, { params, body: { term: place.term } }),
    onSuccess: (answer) => setTableLink(answer.shortUrl),
  });
  const unshare = useMutation({
    mutationFn: () => call(reportCardEndpoints.revokeReportTableLink, { params, body: { term: place.term } }),
    onSuccess: () => {
      setTableLink(null);
      message.success(t('share.revoked'));
    },
  });
  const pdf = useMutation({
    mutationFn: (lang: ReportLanguage) =>
      downloadFile(urlOf(reportCardEndpoints.reportPdf, { params, query: { term: place.term, lang } }), {
        fallbackName: `${classroomName} – ${place.term}.pdf`,
      }),
  });
  const failure = issue.error ?? revoke.error ?? share.error ?? unshare.error ?? pdf.error;

  const columns = [
    {
      key: 'name',
      title: t('table.student'),
      render: (_: unknown, row: Row) => (
        <Flex vertical>
          <Link to={reportPaths.adminCard({ ...place, studentId: row.studentId })}>{row.name}</Link>
          {row.customId ? (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {row.customId}
            </Typography.Text>
          ) : null}
        </Flex>
      ),
    },
    {
      key: 'result',
      title: t('table.result'),
      render: (_: unknown, row: Row) => (
        <Flex vertical gap={2}>
          <span>
            {f.percent(row.percent)}
            {table.mode === 'gpa' && row.gpa !== null ? (
              <>
                {` · ${f.gpa(row.gpa)} `}
                <LetterGrade letter={row.letter} />
              </>
            ) : null}
          </span>
          <span>
            {!row.complete ? (
              <Tag>{t('result.pending')}</Tag>
            ) : row.passed ? (
              <Tag color="green">{t('result.passed')}</Tag>
            ) : (
              <Tag color="red">{t('result.failed')}</Tag>
            )}
            {row.position !== null ? t('card.positionShort', { position: f.number(row.position) }) : null}
          </span>
        </Flex>
      ),
    },
    {
      key: 'family',
      title: t('table.family'),
      render: (_: unknown, row: Row) => {
        const s = row.status;
        if (!s) return null;
        return (
          <Flex vertical gap={2} data-testid="family-status">
            {s.acknowledgedAt !== null ? (
              <Tag color="green">✓ {t('table.acknowledged')}</Tag>
            ) : (
              <Typography.Text type="secondary">
                {s.liveLinks > 0 ? t('table.linkSent') : t('table.noLink')}
              </Typography.Text>
            )}
            {s.unreadFeedback > 0 ? (
              <Badge
                count={t('table.unread', { count: s.unreadFeedback, formatted: f.number(s.unreadFeedback) })}
                style={{ backgroundColor: '#c2410c' }}
              />
            ) : null}
          </Flex>
        );
      },
    },
    {
      key: 'actions',
      title: '',
      render: (_: unknown, row: Row) => (
        <Space wrap>
          <Button size="small" icon={<LinkOutlined />} onClick={() => issue.mutate([row.studentId])}>
            {t('links.makeOne')}
          </Button>
          {row.status && row.status.liveLinks > 0 ? (
            <Popconfirm
              title={t('links.revokeOne', { name: row.name })}
              okText={t('links.revoke')}
              cancelText={t('actions.cancel')}
              okButtonProps={{ danger: true }}
              onConfirm={() => revoke.mutateAsync([row.studentId]).catch(() => undefined)}
            >
              <Button size="small" danger>
                {t('links.revoke')}
              </Button>
            </Popconfirm>
          ) : null}
        </Space>
      ),
    },
  ];

  return (
    <Flex vertical gap={12}>
      <Flex gap={8} wrap>
        <Button
          type="primary"
          icon={<MessageOutlined />}
          onClick={() => setSms(true)}
          data-testid="result-sms-open"
        >
          {picked.length > 0 ? t('sms.openPicked', { count: picked.length }) : t('sms.open')}
        </Button>
        <Button
          icon={<LinkOutlined />}
          onClick={() => issue.mutate(studentIds)}
          loading={issue.isPending}
          data-testid="links-make"
        >
          {picked.length > 0 ? t('links.makePicked', { count: picked.length }) : t('links.makeAll')}
        </Button>
        {aiUsable ? (
          <Button icon={<RobotOutlined />} onClick={() => setAiRemarks(true)} data-testid="ai-remarks-open">
            {picked.length > 0
              ? t('aiRemark.batchOpenPicked', { count: picked.length, formatted: f.number(picked.length) })
              : t('aiRemark.batchOpen')}
          </Button>
        ) : null}
        <Dropdown
          menu={{
            items: REPORT_LANGUAGES.map((l) => ({ key: l, label: INTERFACE_LANGUAGE_NAMES[l] })),
            onClick: ({ key }) => pdf.mutate(key as ReportLanguage),
          }}
        >
          <Button icon={<FilePdfOutlined />} loading={pdf.isPending} data-testid="class-pdf">
            {t('manage.classPdf')} <DownOutlined />
          </Button>
        </Dropdown>
        <Link to={reportPaths.adminTable(place)}>
          <Button icon={<TableOutlined />}>{t('manage.tableView')}</Button>
        </Link>
        {manager ? (
          <Button onClick={() => share.mutate()} loading={share.isPending} data-testid="table-share">
            {t('share.make')}
          </Button>
        ) : null}
        <Popconfirm
          title={t('links.revokeAllConfirm', { term: place.term })}
          okText={t('links.revokeAll')}
          cancelText={t('actions.cancel')}
          okButtonProps={{ danger: true }}
          onConfirm={() => revoke.mutateAsync(undefined).catch(() => undefined)}
        >
          <Button danger data-testid="links-revoke-all">
            {t('links.revokeAll')}
          </Button>
        </Popconfirm>
      </Flex>
      {tableLink ? (
        <Alert
          type="success"
          showIcon
          title={t('share.made')}
          description={
            <Flex gap={8} wrap align="center">
              <Typography.Text copyable style={{ overflowWrap: 'anywhere' }}>
                {tableLink}
              </Typography.Text>
              <Popconfirm
                title={t('share.revokeConfirm')}
                okText={t('share.revoke')}
                cancelText={t('actions.cancel')}
                okButtonProps={{ danger: true }}
                onConfirm={() => unshare.mutateAsync().catch(() => undefined)}
              >
                <Button size="small" danger>
                  {t('share.revoke')}
                </Button>
              </Popconfirm>
            </Flex>
          }
        />
      ) : null}
      {failure ? <Alert type="error" showIcon title={translateError(t, failure)} /> : null}
      {screens.md ? (
        <Table<Row>
          rowKey="studentId"
          size="small"
          dataSource={table.rows}
          columns={columns}
          pagination={false}
          scroll={{ x: 640 }}
          rowSelection={{ selectedRowKeys: picked, onChange: (keys) => setPicked(keys as string[]) }}
          locale={{ emptyText: t('manage.noStudents') }}
        />
      ) : (
        // A phone gets a card per student, the columns one under another, instead of a wide table.
        <CardList<Row>
          items={table.rows}
          rowKey={(row) => row.studentId}
          testIds={{ list: 'report-student-cards', row: 'report-student-card' }}
          empty={<Typography.Text type="secondary">{t('manage.noStudents')}</Typography.Text>}
          selection={{ keys: picked, onChange: setPicked, label: (row) => row.name }}
          card={(row) => (
            <Flex vertical gap={6}>
              {columns.map((column) => (
                <div key={column.key}>{column.render(undefined, row)}</div>
              ))}
            </Flex>
          )}
        />
      )}
      {issued ? <ReportLinksDialog issued={issued} onClose={() => setIssued(null)} /> : null}
      {aiRemarks ? (
        <AiRemarksDialog
          place={place}
          rows={picked.length > 0 ? table.rows.filter((row) => picked.includes(row.studentId)) : table.rows}
          onClose={() => setAiRemarks(false)}
        />
      ) : null}
      {sms ? (
        <ResultSmsDialog
          accountId={place.accountId}
          classroomId={place.classroomId}
          term={place.term}
          mode={table.mode}
          studentIds={studentIds ?? null}
          onClose={() => setSms(false)}
        />
      ) : null}
    </Flex>
  );
}
