import {
  FileExcelOutlined,
  FormOutlined,
  InboxOutlined,
  QrcodeOutlined,
  SafetyCertificateOutlined,
  SearchOutlined,
  UserAddOutlined,
  UserDeleteOutlined,
} from '@ant-design/icons';
import type { ExportFormat, StudentExportColumn, StudentListItem } from '@batchwise/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Badge, Button, Card, Empty, Flex, Grid, Input, Select, Table, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { CardList } from '../../components/antd/card-list';
import { ExportMenu } from '../../components/antd/export-menu';
import { PageHeading } from '../../components/antd/page-heading';
import { QueryError } from '../../components/antd/query-error';
import { classroomsQuery } from '../../lib/classrooms-query';
import { downloadFile } from '../../lib/download';
import { canOnboard } from '../../lib/onboarding-access';
import { translateError } from '../../lib/translate-error';
import { useDebounced } from '../../lib/use-debounced';
import { useBadgeCount, usePagination } from '../../lib/use-digits';
import { useLanguage } from '../../lib/use-language';
import { useWorkAccount, type WorkAccount } from '../../lib/use-work-account';
import { type DrawerTarget, StudentDrawer } from './drawer/student-drawer';
import { SendSmsButton } from './send-sms-button';
import {
  type ListQuery,
  refreshStudents,
  studentApi,
  studentExportPath,
  studentsQuery,
  verificationQuery,
} from './student-api';
import { ColumnPicker, studentCard, studentColumns, useColumnChoice } from './student-columns';
import { StudentFieldsModal } from './student-fields-modal';
import { openVerificationPanel } from './verification-store';

/** The unique student list: paged on the server, searched, filtered by classroom, exported. */
export function StudentsPage() {
  const work = useWorkAccount();
  const { t } = useTranslation('students');
  if (!work) return <PageHeading title={t('students.titleFallback')} />;
  return <StudentsList work={work} />;
}

function StudentsList({ work }: { work: WorkAccount }) {
  const { t } = useTranslation(['students', 'domain', 'errors']);
  const { modal, message } = App.useApp();
  const { language, locale } = useLanguage();
  const badgeCount = useBadgeCount();
  const pages = usePagination([20, 50, 100]);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { words, account } = work;
  const [search, setSearch] = useState('');
  const q = useDebounced(search.trim(), 300);
  const [classroomId, setClassroomId] = useState<string | undefined>(undefined);
  const [paging, setPaging] = useState({ page: 1, pageSize: 20 });
  const [sort, setSort] = useState<{ sort: 'name' | 'customId'; order: 'asc' | 'desc' }>({
    sort: 'name',
    order: 'asc',
  });
  const [selected, setSelected] = useState<StudentListItem[]>([]);
  const [target, setTarget] = useState<DrawerTarget | null>(null);
  const [editingFields, setEditingFields] = useState(false);
  const columns = useColumnChoice(work.isAdmin);
  // Phones get a card per student instead of a table wider than the screen.
  const screens = Grid.useBreakpoint();

  const query: ListQuery = { q: q || undefined, classroomId, ...paging, ...sort };
  const list = useQuery(studentsQuery(account.id, query));
  const classrooms = useQuery(classroomsQuery(account.id));
  const verification = useQuery(verificationQuery(account.id));
  const classroom = classrooms.data?.find((c) => c.id === classroomId);

  // A new search or filter starts again at page 1 with nothing selected.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when the filter changes
  useEffect(() => {
    setPaging((current) => ({ ...current, page: 1 }));
    setSelected([]);
  }, [q, classroomId]);

  const label = (column: StudentExportColumn) =>
    column === 'teacherName'
      ? words.cap(words.teacher)
      : column === 'classrooms'
        ? words.cap(words.classrooms)
        : column === 'institution'
          ? words.cap(words.institution)
          : t(`students.columns.${column}`);

  const byAccount = (rows: StudentListItem[]) => {
    const groups = new Map<string, string[]>();
    for (const row of rows) groups.set(row.accountId, [...(groups.get(row.accountId) ?? []), row.id]);
    return [...groups];
  };

  const handleArchive = () =>
    modal.confirm({
      title: t('students.archive.title', {
        count: selected.length,
        formatted: selected.length.toLocaleString(locale),
      }),
      content: t('students.archive.body', { student: words.student, students: words.students }),
      okText: t('students.archive.ok'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: async () => {
        try {
          let last: { code: string; message: string } | null = null;
          for (const [accountId, ids] of byAccount(selected)) last = await studentApi.archive(accountId, ids);
          if (last) message.success(t(`domain:${last.code}`, { defaultValue: last.message }));
          setSelected([]);
          await refreshStudents(queryClient);
        } catch (error) {
          message.error({ content: translateError(t, error), duration: 5 });
        }
      },
    });

  const handleRemove = () => {
    if (!classroom) return;
    modal.confirm({
      title: t('students.remove.title', {
        count: selected.length,
        formatted: selected.length.toLocaleString(locale),
        classroom: classroom.name,
      }),
      content: t('students.remove.body', { student: words.student, students: words.students }),
      okText: t('students.remove.ok'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: async () => {
        try {
          const ids = selected.filter((s) => s.accountId === classroom.accountId).map((s) => s.id);
          const result = await studentApi.remove(classroom.accountId, classroom.id, ids);
          message.success(t(`domain:${result.code}`, { defaultValue: result.message }));
          setSelected([]);
          await refreshStudents(queryClient);
        } catch (error) {
          message.error({ content: translateError(t, error), duration: 5 });
        }
      },
    });
  };

  const handleExport = (format: ExportFormat) =>
    downloadFile(
      studentExportPath(account.id, {
        format,
        q: q || undefined,
        classroomId,
        ...sort,
        columns: ['name', ...columns.visible].join(','),
        lang: language,
      }),
      { fallbackName: `students.${format}` },
    );

  const sheetHref = `/all-student-access-codes?${new URLSearchParams({ account: account.id, ...(classroomId ? { classroom: classroomId } : {}) }).toString()}`;
  const pending = verification.data?.length ?? 0;
  const canAdd =
    work.managesClassrooms || account.manageStudents || (classrooms.data ?? []).some((c) => c.manageStudents);

  const openStudent = (s: StudentListItem) =>
    setTarget({ mode: 'edit', accountId: s.accountId, studentId: s.id });
  const pagination = {
    current: paging.page,
    pageSize: paging.pageSize,
    total: list.data?.total ?? 0,
    ...pages,
    showTotal: (total: number) =>
      t('students.total', { count: total, formatted: total.toLocaleString(locale) }),
  };
  const empty = (
    <Empty
      description={
        q || classroomId
          ? t('students.noMatch', { student: words.student, students: words.students })
          : t('students.empty', { student: words.student, students: words.students })
      }
    >
      {q || classroomId ? null : (
        <Flex gap={8} wrap justify="center">
          {canAdd ? (
            <Button
              type="primary"
              icon={<UserAddOutlined />}
              onClick={() => setTarget({ mode: 'create', accountId: account.id })}
            >
              {t('students.add', { student: words.cap(words.student) })}
            </Button>
          ) : null}
          {canOnboard(account) ? (
            <Button icon={<FileExcelOutlined />} onClick={() => navigate('import')}>
              {t('students.addFromExcel', { students: words.students, student: words.student })}
            </Button>
          ) : null}
        </Flex>
      )}
    </Empty>
  );

  return (
    <>
      <PageHeading
        title={words.cap(words.students)}
        subtitle={account.institution}
        extra={
          <>
            <Badge count={badgeCount(pending)} size="small">
              <Button icon={<SafetyCertificateOutlined />} onClick={openVerificationPanel}>
                {t('verification.button')}
              </Button>
            </Badge>
            <Button icon={<QrcodeOutlined />} href={sheetHref} target="_blank">
              {t('students.accessCodes')}
            </Button>
            {work.managesClassrooms ? (
              <Button icon={<FormOutlined />} onClick={() => setEditingFields(true)}>
                {t('fields.button')}
              </Button>
            ) : null}
            <ExportMenu onExport={handleExport} disabled={!list.data || list.data.total === 0} />
            {canOnboard(account) ? (
              <Button icon={<FileExcelOutlined />} onClick={() => navigate('import')}>
                {t('students.addFromExcel', { students: words.students, student: words.student })}
              </Button>
            ) : null}
            {canAdd ? (
              <Button
                type="primary"
                icon={<UserAddOutlined />}
                onClick={() => setTarget({ mode: 'create', accountId: account.id, classroomId })}
              >
                {t('students.add', { student: words.cap(words.student) })}
              </Button>
            ) : null}
          </>
        }
      />
      <Card size="small">
        <Flex gap={8} wrap align="center" style={{ marginBottom: 12 }}>
          <Input
            allowClear
            prefix={<SearchOutlined />}
            placeholder={t('students.search')}
            aria-label={t('students.search')}
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            style={{ flex: '1 1 240px', maxWidth: 360 }}
          />
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            placeholder={t('students.allClassrooms', {
              classroom: words.classroom,
              classrooms: words.classrooms,
            })}
            aria-label={t('students.filterClassroom', { classroom: words.classroom })}
            value={classroomId}
            onChange={(value?: string) => setClassroomId(value)}
            loading={classrooms.isPending}
            style={{ flex: '1 1 200px', maxWidth: 300 }}
            options={(classrooms.data ?? []).map((c) => ({
              value: c.id,
              label: work.isAdmin ? `${c.name} · ${c.teacherName}` : `${c.name} · ${c.grade}`,
            }))}
          />
          <div style={{ marginInlineStart: 'auto' }}>
            <ColumnPicker
              allowed={columns.allowed}
              visible={columns.visible}
              label={label}
              onChange={columns.update}
            />
          </div>
        </Flex>
        {selected.length > 0 ? (
          <Flex
            gap={8}
            wrap
            align="center"
            style={{ marginBottom: 12 }}
            role="toolbar"
            aria-label={t('students.bulk.toolbar')}
          >
            <Typography.Text>
              {t('students.bulk.selected', {
                count: selected.length,
                formatted: selected.length.toLocaleString(locale),
              })}
            </Typography.Text>
            <SendSmsButton selected={selected} accountId={account.id} />
            <Button icon={<InboxOutlined />} onClick={handleArchive}>
              {t('students.archive.button')}
            </Button>
            <Button danger icon={<UserDeleteOutlined />} disabled={!classroom} onClick={handleRemove}>
              {classroom
                ? t('students.remove.from', { classroom: classroom.name })
                : t('students.remove.pickClassroom', { classroom: words.classroom })}
            </Button>
            <Button type="link" onClick={() => setSelected([])}>
              {t('students.bulk.clear')}
            </Button>
          </Flex>
        ) : null}
        {list.isError && !list.data ? (
          <QueryError error={list.error} onRetry={() => void list.refetch()} />
        ) : screens.md ? (
          <Table<StudentListItem>
            rowKey="id"
            size="middle"
            loading={list.isPending || (list.isFetching && list.isPlaceholderData)}
            dataSource={list.data?.items ?? []}
            scroll={{ x: 'max-content' }}
            columns={studentColumns({
              visible: columns.visible,
              label,
              onOpen: openStudent,
            })}
            rowSelection={{
              selectedRowKeys: selected.map((s) => s.id),
              onChange: (_keys, rows) => setSelected(rows),
              preserveSelectedRowKeys: true,
            }}
            onChange={(page, _filters, sorter) => {
              const one = Array.isArray(sorter) ? sorter[0] : sorter;
              setPaging({ page: page.current ?? 1, pageSize: page.pageSize ?? 20 });
              const key = one?.columnKey === 'customId' ? 'customId' : 'name';
              setSort({ sort: one?.order ? key : 'name', order: one?.order === 'descend' ? 'desc' : 'asc' });
            }}
            pagination={pagination}
            locale={{
              emptyText: list.isPending ? ' ' : empty,
            }}
          />
        ) : (
          <CardList<StudentListItem>
            items={list.data?.items ?? []}
            rowKey={(s) => s.id}
            loading={list.isPending}
            empty={list.isPending ? null : empty}
            testIds={{ list: 'student-cards', row: 'student-row' }}
            card={studentCard({ visible: columns.visible, label, onOpen: openStudent })}
            selection={{
              keys: selected.map((s) => s.id),
              label: (s) => s.name,
              onChange: (keys) => {
                const known = [...selected, ...(list.data?.items ?? [])];
                setSelected(
                  keys.map((key) => known.find((s) => s.id === key)).filter((s) => s !== undefined),
                );
              },
            }}
            pagination={
              (list.data?.total ?? 0) > 0
                ? { ...pagination, onChange: (page, pageSize) => setPaging({ page, pageSize }) }
                : undefined
            }
          />
        )}
      </Card>
      <StudentDrawer target={target} onClose={() => setTarget(null)} />
      {work.managesClassrooms ? (
        <StudentFieldsModal open={editingFields} work={work} onClose={() => setEditingFields(false)} />
      ) : null}
    </>
  );
}
