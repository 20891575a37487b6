import { SearchOutlined, SettingOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Empty, Flex, Input, Select, Tabs, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { DatePicker } from '../../components/antd/date-picker';
import { PageHeading } from '../../components/antd/page-heading';
import { QueryError } from '../../components/antd/query-error';
import { canManageAdmissionSettings, canWorkAdmissions } from '../../lib/app-pages';
import { classroomsQuery } from '../../lib/classrooms-query';
import { useDebounced } from '../../lib/use-debounced';
import { useWorkAccount, type WorkAccount } from '../../lib/use-work-account';
import { type AdmissionApplicationView, type ApplicationStatus, applicationsQuery } from './admission-api';
import { ApplicationDrawer } from './application-drawer';
import { ApplicationList } from './application-list';

const STATUSES: ApplicationStatus[] = ['Pending', 'Accepted', 'Rejected'];

/** The online-admission inbox: applications by status, watched live. */
export function AdmissionsPage() {
  const work = useWorkAccount();
  const { t } = useTranslation('applications');
  if (!work) return <PageHeading title={t('title')} />;
  if (!canWorkAdmissions(work.account)) {
    return (
      <>
        <PageHeading title={t('title')} subtitle={work.account.institution} />
        <Alert
          type="warning"
          showIcon
          title={t('noAccess', { students: work.words.students, classrooms: work.words.classrooms })}
        />
      </>
    );
  }
  return <Inbox work={work} />;
}

function Inbox({ work }: { work: WorkAccount }) {
  const { t } = useTranslation(['applications', 'domain', 'errors']);
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const { account, words } = work;
  const asked = params.get('status');
  const status: ApplicationStatus = STATUSES.find((s) => s === asked) ?? 'Pending';
  const [search, setSearch] = useState('');
  const q = useDebounced(search.trim(), 300);
  const [range, setRange] = useState<[Dayjs | null, Dayjs | null] | null>(null);
  const [classroomId, setClassroomId] = useState<string | undefined>(undefined);
  const classrooms = useQuery(classroomsQuery(account.id));
  const own = (classrooms.data ?? []).filter((c) => c.accountId === account.id);
  const [paging, setPaging] = useState({ page: 1, pageSize: 20 });
  const [open, setOpen] = useState<AdmissionApplicationView | null>(null);
  const filters = {
    status,
    q: q || undefined,
    classroomId,
    // Whole days in the reader's time zone: from the first day's midnight to the last day's end.
    from: range?.[0]?.startOf('day').valueOf(),
    to: range?.[1]?.endOf('day').valueOf(),
  };
  const list = useQuery(applicationsQuery(account.id, { ...filters, ...paging }));
  const manages = canManageAdmissionSettings(account);
  const filtered = filters.q !== undefined || range !== null || classroomId !== undefined;

  // A new status or filter starts again at page 1.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when the filter changes
  useEffect(() => setPaging((current) => ({ ...current, page: 1 })), [status, q, range, classroomId]);

  const handleTab = (next: string) =>
    setParams(next === 'Pending' ? {} : { status: next }, { replace: true });
  const vars = { students: words.students, student: words.student };

  const empty = filtered ? (
    <Empty description={t('empty.noMatch')} />
  ) : status !== 'Pending' ? (
    <Empty description={t(`empty.${status}`)} />
  ) : (
    <Empty
      data-testid="applications-empty"
      description={
        <Flex vertical gap={4} align="center">
          <Typography.Text strong>{t('empty.pendingTitle')}</Typography.Text>
          <Typography.Text type="secondary" style={{ maxWidth: 480 }}>
            {manages ? t('empty.pending', vars) : t('empty.pendingAssistant', vars)}
          </Typography.Text>
        </Flex>
      }
    >
      {manages ? (
        <Link to="settings">
          <Button type="primary">{t('empty.openSettings')}</Button>
        </Link>
      ) : null}
    </Empty>
  );

  return (
    <>
      <PageHeading
        title={t('title')}
        subtitle={account.institution}
        extra={
          manages ? (
            <Button icon={<SettingOutlined />} onClick={() => navigate('settings')}>
              {t('settingsButton')}
            </Button>
          ) : null
        }
      />
      <Card size="small">
        <Tabs
          activeKey={status}
          onChange={handleTab}
          items={STATUSES.map((s) => ({ key: s, label: t(`tabs.${s}`) }))}
        />
        <Flex gap={8} wrap align="center" style={{ marginBottom: 12 }}>
          <Input
            allowClear
            prefix={<SearchOutlined />}
            placeholder={t('search')}
            aria-label={t('search')}
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            style={{ flex: '1 1 240px', maxWidth: 360 }}
          />
          <DatePicker.RangePicker
            allowEmpty={[true, true]}
            aria-label={t('filterDates')}
            placeholder={[t('from'), t('to')]}
            format="DD-MM-YYYY"
            value={range}
            onChange={(value) => setRange(value && (value[0] || value[1]) ? value : null)}
            style={{ flex: '1 1 240px', maxWidth: 320 }}
          />
          {own.length > 0 ? (
            <Select
              allowClear
              aria-label={t('filterCourse')}
              placeholder={t('filterCourse')}
              value={classroomId}
              onChange={(value: string | undefined) => setClassroomId(value)}
              options={own.map((c) => ({ value: c.id, label: `${c.name} · ${c.grade} · ${c.subject}` }))}
              style={{ flex: '1 1 220px', maxWidth: 320 }}
            />
          ) : null}
        </Flex>
        {list.isError && !list.data ? (
          <QueryError error={list.error} onRetry={() => void list.refetch()} />
        ) : (
          <ApplicationList
            status={status}
            items={list.data?.items ?? []}
            total={list.data?.total ?? 0}
            paging={paging}
            initial={list.isPending}
            loading={list.isFetching && list.isPlaceholderData}
            empty={empty}
            onPage={(page, pageSize) => setPaging({ page, pageSize })}
            onOpen={setOpen}
          />
        )}
      </Card>
      <ApplicationDrawer work={work} application={open} onClose={() => setOpen(null)} />
    </>
  );
}
