import { MessageOutlined, SearchOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Empty, Flex, Input, Select, Statistic, Switch, Tabs, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { PageHeading } from '../../components/antd/page-heading';
import { QueryError } from '../../components/antd/query-error';
import { canCollectFees, canManageFees, collectableClassrooms } from '../../lib/app-pages';
import { formatMonth } from '../../lib/billing-month';
import { classroomsQuery } from '../../lib/classrooms-query';
import { useDebounced } from '../../lib/use-debounced';
import { useLanguage } from '../../lib/use-language';
import { useMoney } from '../../lib/use-money';
import { useWorkAccount, type WorkAccount } from '../../lib/use-work-account';
import { ChargesPanel } from './charges-panel';
import { DuesList } from './dues-list';
import { remindableClassrooms } from './dues-reminder-api';
import { DuesReminderDialog } from './dues-reminder-dialog';
import { DuesReminderSettingsCard } from './dues-reminder-settings';
import { duesListQuery } from './fees-api';
import { OnlinePayPanel } from './online-pay-panel';

/** Fees: who owes what, defaulters first, and the special payments. */
export function FeesPage() {
  const work = useWorkAccount();
  const { t } = useTranslation('fees');
  if (!work) return <PageHeading title={t('title')} />;
  if (!canCollectFees(work.account)) {
    return (
      <>
        <PageHeading title={t('title')} subtitle={work.account.institution} />
        <Alert type="warning" showIcon title={t('noAccess')} />
      </>
    );
  }
  return <Fees work={work} />;
}

function Fees({ work }: { work: WorkAccount }) {
  const { t } = useTranslation(['fees', 'domain', 'errors']);
  const [params, setParams] = useSearchParams();
  // Special payments are the owner's and admins' (fees.policy.ts); a collecting assistant sees dues.
  const manages = canManageFees(work.account);
  const asked = params.get('tab');
  const tab =
    manages && (asked === 'charges' || asked === 'reminders' || asked === 'online') ? asked : 'dues';
  return (
    <>
      <PageHeading title={t('title')} subtitle={work.account.institution} />
      <Card size="small">
        <Tabs
          activeKey={tab}
          onChange={(next) => setParams(next === 'dues' ? {} : { tab: next }, { replace: true })}
          items={[
            { key: 'dues', label: t('tabs.dues'), children: <Dues work={work} /> },
            ...(manages
              ? [
                  { key: 'charges', label: t('tabs.charges'), children: <ChargesPanel work={work} /> },
                  {
                    key: 'reminders',
                    label: t('tabs.reminders'),
                    children: <DuesReminderSettingsCard work={work} />,
                  },
                  { key: 'online', label: t('online.tab'), children: <OnlinePayPanel work={work} /> },
                ]
              : []),
          ]}
        />
      </Card>
    </>
  );
}

function Dues({ work }: { work: WorkAccount }) {
  const { t } = useTranslation(['fees', 'domain', 'errors']);
  const navigate = useNavigate();
  const money = useMoney();
  const { locale } = useLanguage();
  const { account, words } = work;
  const [search, setSearch] = useState('');
  const q = useDebounced(search.trim(), 300);
  // A collector limited to some classrooms lists one of them at a time (the server refuses the rest).
  const limitedTo = collectableClassrooms(account);
  const [classroomId, setClassroomId] = useState<string | undefined>(limitedTo?.[0]);
  const [onlyDue, setOnlyDue] = useState(true);
  const [paging, setPaging] = useState({ page: 1, pageSize: 20 });
  // Dues SMS: owners and admins, or an assistant who collects and sends here.
  const reminding = remindableClassrooms(account);
  const mayRemind = reminding === null || (classroomId !== undefined && reminding.includes(classroomId));
  const [picked, setPicked] = useState<string[]>([]);
  const [reminder, setReminder] = useState(false);
  const classrooms = useQuery(classroomsQuery(account.id));
  const list = useQuery({
    ...duesListQuery(account.id, {
      q: q || undefined,
      classroomId,
      onlyDue: onlyDue ? 'true' : 'false',
      ...paging,
    }),
    enabled: limitedTo === null || classroomId !== undefined,
  });
  const filtered = q !== '' || (classroomId !== undefined && limitedTo === null);

  // A new filter starts again at page 1.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when a filter changes
  useEffect(() => {
    setPaging((current) => ({ ...current, page: 1 }));
    setPicked([]);
  }, [q, classroomId, onlyDue]);

  const empty = (
    <Empty
      data-testid="dues-empty"
      description={
        filtered
          ? t('empty.noMatch')
          : onlyDue
            ? t('empty.nobodyOwes')
            : t('empty.noStudents', { students: words.students })
      }
    />
  );

  return (
    <Flex vertical gap={12}>
      <Flex gap={8} wrap align="center">
        <Input
          allowClear
          prefix={<SearchOutlined />}
          placeholder={t('search')}
          aria-label={t('search')}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          style={{ flex: '1 1 220px', maxWidth: 340 }}
        />
        <Select
          allowClear={limitedTo === null}
          placeholder={t('filterClassroom', { classrooms: words.classrooms })}
          aria-label={t('filterClassroom', { classrooms: words.classrooms })}
          value={classroomId}
          onChange={setClassroomId}
          loading={classrooms.isPending}
          style={{ flex: '1 1 200px', maxWidth: 300 }}
          options={(classrooms.data ?? [])
            .filter((c) => limitedTo === null || limitedTo.includes(c.id))
            .map((c) => ({ value: c.id, label: c.name }))}
        />
        <Flex gap={8} align="center" component="label">
          <Switch checked={onlyDue} onChange={setOnlyDue} aria-label={t('onlyDue')} />
          <Typography.Text>{t('onlyDue')}</Typography.Text>
        </Flex>
      </Flex>
      {mayRemind ? (
        <Flex gap={8} align="center" wrap>
          <Button
            icon={<MessageOutlined />}
            onClick={() => setReminder(true)}
            disabled={list.data?.sumDuePaisa === 0 && picked.length === 0}
            data-testid="dues-sms"
          >
            {picked.length > 0
              ? t('reminders.buttonPicked', {
                  count: picked.length,
                  formatted: picked.length.toLocaleString(locale),
                })
              : t('reminders.button')}
          </Button>
          {picked.length > 0 ? (
            <Button type="link" onClick={() => setPicked([])}>
              {t('reminders.clearPicked')}
            </Button>
          ) : null}
        </Flex>
      ) : null}
      {reminder ? (
        <DuesReminderDialog
          work={work}
          filter={{ classroomId, q: q || undefined }}
          studentIds={picked.length > 0 ? picked : null}
          onClose={() => setReminder(false)}
        />
      ) : null}
      {list.data ? (
        <Flex gap={24} wrap>
          <Statistic
            title={t('sumDue', { month: formatMonth(list.data.throughMonth, locale) })}
            value={money(list.data.sumDuePaisa)}
            data-testid="dues-sum"
          />
          <Statistic
            title={t('students', { students: words.students })}
            value={list.data.total.toLocaleString(locale)}
          />
        </Flex>
      ) : null}
      {list.isError && !list.data ? (
        <QueryError error={list.error} onRetry={() => void list.refetch()} />
      ) : (
        <DuesList
          items={list.data?.items ?? []}
          total={list.data?.total ?? 0}
          paging={paging}
          initial={list.isPending}
          loading={list.isFetching && list.isPlaceholderData}
          empty={empty}
          onPage={(page, pageSize) => setPaging({ page, pageSize })}
          onOpen={(row) => navigate(`students/${row.studentId}`)}
          picked={picked}
          onPick={mayRemind ? setPicked : undefined}
        />
      )}
    </Flex>
  );
}
