import { RollbackOutlined, SearchOutlined, UserOutlined } from '@ant-design/icons';
import type { ArchivedStudent, ExportFormat } from '@batchwise/domain';
import { useQuery } from '@tanstack/react-query';
import { Avatar, Button, Card, Empty, Flex, Grid, Input, Segmented, Table, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ExportMenu } from '../../components/antd/export-menu';
import { PageHeading } from '../../components/antd/page-heading';
import { QueryError } from '../../components/antd/query-error';
import { exportTable } from '../../lib/download';
import { formatDate } from '../../lib/format-time';
import { usePageDigits } from '../../lib/use-digits';
import { useLanguage } from '../../lib/use-language';
import { useWorkAccount, type WorkAccount } from '../../lib/use-work-account';
import { archiveQuery } from './archive-api';
import { DeleteStudentButton } from './delete-student-button';
import { UnarchiveModal } from './unarchive-modal';

type TypeFilter = 'all' | 'Archive' | 'Delete';

/**
 * Archived and removed students: browse, search, filter by type, unarchive into classrooms, and
 * delete for good a student who is in the archive only.
 */
export function ArchivePage() {
  const work = useWorkAccount();
  const { t } = useTranslation('students');
  if (!work) return <PageHeading title={t('archive.title')} />;
  return <ArchiveList work={work} />;
}

function ArchiveList({ work }: { work: WorkAccount }) {
  const { t } = useTranslation(['students', 'domain', 'errors']);
  const pageDigits = usePageDigits();
  const { locale } = useLanguage();
  const { words } = work;
  const screens = Grid.useBreakpoint();
  const [search, setSearch] = useState('');
  const [q, setQ] = useState('');
  const [type, setType] = useState<TypeFilter>('all');
  const [paging, setPaging] = useState({ page: 1, pageSize: 20 });
  const [restoring, setRestoring] = useState<ArchivedStudent | null>(null);
  useEffect(() => {
    const timer = setTimeout(() => {
      setQ(search.trim());
      setPaging((current) => ({ ...current, page: 1 }));
    }, 300);
    return () => clearTimeout(timer);
  }, [search]);
  const list = useQuery(
    archiveQuery(work.account.id, { q: q || undefined, type: type === 'all' ? undefined : type, ...paging }),
  );

  const headers = [
    t('students.columns.name'),
    t('students.columns.customId'),
    t('students.columns.phone'),
    ...(work.isAdmin ? [words.cap(words.teacher)] : []),
    t('archive.columns.classes', { classroom: words.classroom, classrooms: words.cap(words.classrooms) }),
    t('archive.columns.archivedAt'),
    t('archive.columns.state'),
  ];
  const stateOf = (s: ArchivedStudent) =>
    s.enrolled ? t('archive.state.enrolled') : t('archive.state.archived');
  const classesOf = (s: ArchivedStudent) =>
    s.classes.map((c) => `${c.classroomName} (${t(`archive.types.${c.type}`)})`).join(', ');

  const handleExport = (format: ExportFormat) =>
    exportTable({
      format,
      title: t('archive.title'),
      headers,
      rows: (list.data?.items ?? []).map((s) => [
        s.name,
        s.customId,
        s.phone,
        ...(work.isAdmin ? [s.teacherName] : []),
        classesOf(s),
        formatDate(s.lastArchivedAt, locale),
        stateOf(s),
      ]),
    });

  return (
    <>
      <PageHeading
        title={t('archive.title')}
        subtitle={t('archive.subtitle', { student: words.student, students: words.students })}
        extra={<ExportMenu onExport={handleExport} disabled={(list.data?.items.length ?? 0) === 0} />}
      />
      <Card size="small">
        <Flex gap={8} wrap align="center" style={{ marginBottom: 12 }}>
          <Input
            allowClear
            prefix={<SearchOutlined />}
            placeholder={t('archive.search')}
            aria-label={t('archive.search')}
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            style={{ flex: '1 1 240px', maxWidth: 360 }}
          />
          <Segmented<TypeFilter>
            value={type}
            onChange={(value) => {
              setType(value);
              setPaging((current) => ({ ...current, page: 1 }));
            }}
            options={[
              { value: 'all', label: t('archive.types.all') },
              { value: 'Archive', label: t('archive.types.Archive') },
              { value: 'Delete', label: t('archive.types.Delete') },
            ]}
          />
        </Flex>
        {list.isError && !list.data ? (
          <QueryError error={list.error} onRetry={() => void list.refetch()} />
        ) : (
          <Table<ArchivedStudent>
            rowKey={(s) => `${s.accountId}:${s.studentId}`}
            size="middle"
            loading={list.isPending || (list.isFetching && list.isPlaceholderData)}
            dataSource={list.data?.items ?? []}
            scroll={{ x: 'max-content' }}
            onChange={(pagination) =>
              setPaging({ page: pagination.current ?? 1, pageSize: pagination.pageSize ?? 20 })
            }
            pagination={{
              current: paging.page,
              pageSize: paging.pageSize,
              total: list.data?.total ?? 0,
              showSizeChanger: true,
              pageSizeOptions: [20, 50, 100],
              ...pageDigits,
            }}
            locale={{
              emptyText: list.isPending ? (
                ' '
              ) : (
                <Empty
                  description={
                    q || type !== 'all'
                      ? t('archive.noMatch')
                      : t('archive.empty', { student: words.student, students: words.students })
                  }
                />
              ),
            }}
            columns={[
              {
                key: 'name',
                title: headers[0],
                // On phones only the action stays put: two fixed columns would leave no room.
                fixed: screens.md ? 'left' : undefined,
                render: (_, s) => (
                  <Flex gap={8} align="center">
                    <Avatar size="small" src={s.avatarUrl ?? undefined} icon={<UserOutlined />} alt="" />
                    <span>{s.name}</span>
                  </Flex>
                ),
              },
              { key: 'customId', title: headers[1], render: (_, s) => s.customId ?? '—' },
              { key: 'phone', title: headers[2], render: (_, s) => (s.phone === 'Unset' ? '—' : s.phone) },
              ...(work.isAdmin
                ? [
                    {
                      key: 'teacher',
                      title: words.cap(words.teacher),
                      render: (_: unknown, s: ArchivedStudent) => s.teacherName,
                    },
                  ]
                : []),
              {
                key: 'classes',
                title: t('archive.columns.classes', {
                  classroom: words.classroom,
                  classrooms: words.cap(words.classrooms),
                }),
                render: (_, s) => (
                  <Flex gap={4} wrap>
                    {s.classes.map((c) => (
                      <Tag
                        key={c.archiveId}
                        color={c.type === 'Delete' ? 'volcano' : 'blue'}
                        style={{ marginInlineEnd: 0 }}
                      >
                        {c.classroomName} · {t(`archive.types.${c.type}`)}
                      </Tag>
                    ))}
                  </Flex>
                ),
              },
              {
                key: 'archivedAt',
                title: t('archive.columns.archivedAt'),
                render: (_, s) => formatDate(s.lastArchivedAt, locale),
              },
              {
                key: 'state',
                title: t('archive.columns.state'),
                render: (_, s) => (
                  <Typography.Text type={s.enrolled ? 'success' : 'secondary'}>{stateOf(s)}</Typography.Text>
                ),
              },
              {
                key: 'actions',
                title: t('archive.columns.actions'),
                fixed: 'right',
                render: (_, s) => (
                  // Stacked on phones, where the fixed column must leave the name room.
                  <Flex gap={8} vertical={!screens.md} align={screens.md ? 'center' : 'stretch'}>
                    <Button icon={<RollbackOutlined />} size="small" onClick={() => setRestoring(s)}>
                      {t('archive.unarchive')}
                    </Button>
                    {/* Only a student in the archive alone, and only for the account's owners. */}
                    {!s.enrolled && work.managesClassrooms ? <DeleteStudentButton student={s} /> : null}
                  </Flex>
                ),
              },
            ]}
          />
        )}
      </Card>
      <UnarchiveModal student={restoring} words={words} onClose={() => setRestoring(null)} />
    </>
  );
}
