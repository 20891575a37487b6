import { PlusOutlined, SearchOutlined } from '@ant-design/icons';
import type { Classroom, ExportFormat } from '@batchwise/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Col, Empty, Flex, Input, Row, Skeleton, Switch, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ExportMenu } from '../../components/antd/export-menu';
import { PageHeading } from '../../components/antd/page-heading';
import { QueryError } from '../../components/antd/query-error';
import { classroomsQuery } from '../../lib/classrooms-query';
import { exportTable } from '../../lib/download';
import { translateError } from '../../lib/translate-error';
import { useMoney } from '../../lib/use-money';
import { useWorkAccount, type WorkAccount } from '../../lib/use-work-account';
import { classroomApi, refreshClassrooms } from './classroom-api';
import { ClassroomCard } from './classroom-card';
import { ClassroomFormDrawer } from './classroom-form-drawer';

/** The classrooms the caller may see, as cards; owners and admins create, edit and close them. */
export function ClassroomsPage() {
  const work = useWorkAccount();
  const { t } = useTranslation('students');
  if (!work) return <PageHeading title={t('classrooms.titleFallback')} />;
  return <ClassroomsList work={work} />;
}

function ClassroomsList({ work }: { work: WorkAccount }) {
  const { t } = useTranslation(['students', 'domain', 'errors']);
  const { modal, message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const money = useMoney(work.account.currency);
  const [includeClosed, setIncludeClosed] = useState(false);
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<Classroom | null | undefined>(undefined);
  const list = useQuery(classroomsQuery(work.account.id, includeClosed));
  const { words } = work;
  const title = words.cap(words.classrooms);

  const needle = search.trim().toLowerCase();
  const shown = (list.data ?? []).filter((c) =>
    needle === ''
      ? true
      : `${c.name} ${c.grade} ${c.subject} ${c.teacherName}`.toLowerCase().includes(needle),
  );

  const handleToggleClosed = (classroom: Classroom) => {
    const closing = classroom.closedAt === null;
    modal.confirm({
      title: closing
        ? t('classrooms.close.title', { name: classroom.name })
        : t('classrooms.reopen.title', { name: classroom.name }),
      content: closing ? t('classrooms.close.body') : t('classrooms.reopen.body'),
      okText: closing ? t('classrooms.card.close') : t('classrooms.card.reopen'),
      okButtonProps: { danger: closing },
      cancelText: t('common.cancel'),
      onOk: async () => {
        try {
          await classroomApi.setClosed(classroom.accountId, classroom.id, closing);
          await refreshClassrooms(queryClient);
          message.success(closing ? t('classrooms.close.done') : t('classrooms.reopen.done'));
        } catch (error) {
          message.error({ content: translateError(t, error), duration: 5 });
        }
      },
    });
  };

  const handleExport = (format: ExportFormat) =>
    exportTable({
      format,
      title,
      headers: [
        t('classrooms.fields.name', { classroom: words.cap(words.classroom) }),
        t('classrooms.fields.grade'),
        t('classrooms.fields.subject'),
        ...(work.isAdmin ? [words.cap(words.teacher)] : []),
        words.cap(words.students),
        t('classrooms.fields.fee'),
        t('classrooms.fields.status'),
        t('classrooms.fields.type'),
        t('classrooms.fields.startDate'),
      ],
      rows: shown.map((c) => [
        c.name,
        c.grade,
        c.subject,
        ...(work.isAdmin ? [c.teacherName] : []),
        c.studentCount,
        money(c.tuitionFeePaisa),
        c.closedAt ? t('classrooms.card.closed') : t(`classrooms.status.${c.status}`),
        t(`classrooms.types.${c.type}`),
        c.startDate,
      ]),
    });

  const extra = (
    <>
      <ExportMenu onExport={handleExport} disabled={shown.length === 0} />
      {work.managesClassrooms ? (
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(null)}>
          {t('classrooms.new', { classroom: words.cap(words.classroom) })}
        </Button>
      ) : null}
    </>
  );

  return (
    <>
      <PageHeading
        title={title}
        subtitle={
          work.account.relation === 'assistant' ? t('classrooms.assistantNote') : work.account.institution
        }
        extra={extra}
      />
      <Flex gap={12} wrap align="center" style={{ marginBottom: 16 }}>
        <Input
          allowClear
          prefix={<SearchOutlined />}
          placeholder={t('classrooms.search', { classroom: words.classroom, classrooms: words.classrooms })}
          aria-label={t('classrooms.search', { classroom: words.classroom, classrooms: words.classrooms })}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          style={{ maxWidth: 320, flex: '1 1 220px' }}
        />
        <Flex gap={8} align="center">
          <Switch checked={includeClosed} onChange={setIncludeClosed} id="show-closed" />
          <Typography.Text>
            <label htmlFor="show-closed">{t('classrooms.showClosed')}</label>
          </Typography.Text>
        </Flex>
      </Flex>
      {list.isPending ? (
        <Row gutter={[16, 16]}>
          {[0, 1, 2].map((key) => (
            <Col key={key} xs={24} sm={12} xl={8}>
              <Card>
                <Skeleton active avatar />
              </Card>
            </Col>
          ))}
        </Row>
      ) : list.isError ? (
        <Card>
          <QueryError error={list.error} onRetry={() => void list.refetch()} />
        </Card>
      ) : shown.length === 0 ? (
        <Card>
          <Empty
            description={
              needle
                ? t('classrooms.noMatch')
                : t('classrooms.empty', { classrooms: words.classrooms, classroom: words.classroom })
            }
          >
            {work.managesClassrooms && !needle ? (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(null)}>
                {t('classrooms.new', { classroom: words.cap(words.classroom) })}
              </Button>
            ) : null}
          </Empty>
        </Card>
      ) : (
        <Row gutter={[16, 16]}>
          {shown.map((classroom) => (
            <Col key={classroom.id} xs={24} sm={12} xl={8} xxl={6}>
              <ClassroomCard
                classroom={classroom}
                showTeacher={work.isAdmin}
                canManage={work.managesClassrooms}
                money={money}
                onOpen={() =>
                  navigate(`${encodeURIComponent(classroom.accountId)}/${encodeURIComponent(classroom.id)}`)
                }
                onEdit={() => setEditing(classroom)}
                onToggleClosed={() => handleToggleClosed(classroom)}
              />
            </Col>
          ))}
        </Row>
      )}
      {work.managesClassrooms ? (
        <ClassroomFormDrawer
          open={editing !== undefined}
          classroom={editing ?? null}
          work={work}
          onClose={() => setEditing(undefined)}
        />
      ) : null}
    </>
  );
}
