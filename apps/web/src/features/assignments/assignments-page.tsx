import { DeleteOutlined, EditOutlined, PaperClipOutlined, PlusOutlined } from '@ant-design/icons';
import { BANGLADESH_TIME_ZONE } from '@batchwise/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Empty, Flex, List, Select, Skeleton, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '../../components/antd/page-heading';
import { QueryError } from '../../components/antd/query-error';
import { classroomsQuery } from '../../lib/classrooms-query';
import { formatDateTime } from '../../lib/format-time';
import { translateError } from '../../lib/translate-error';
import { useDigits } from '../../lib/use-digits';
import { useWorkAccount, type WorkAccount } from '../../lib/use-work-account';
import { AssignmentForm } from './assignment-form';
import { AssignmentRosterDrawer } from './assignment-roster';
import { type Assignment, assignmentsApi, assignmentsQuery, refreshAssignments } from './assignments-api';

/**
 * Online assignments: what the teacher posted to their classrooms, due when, and how many students
 * submitted, are late or missing; one opens to mark and comment.
 */
export function AssignmentsPage() {
  const work = useWorkAccount();
  const { t } = useTranslation('assignments');
  if (!work) return <PageHeading title={t('title')} />;
  return <Assignments work={work} />;
}

function Assignments({ work }: { work: WorkAccount }) {
  const { t, i18n } = useTranslation(['assignments', 'domain', 'errors']);
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const digits = useDigits();
  const accountId = work.account.id;
  const [classroomId, setClassroomId] = useState<string | undefined>();
  const [editing, setEditing] = useState<Assignment | 'new' | null>(null);
  const [open, setOpen] = useState<string | null>(null);
  const classrooms = useQuery(classroomsQuery(accountId));
  const list = useQuery(assignmentsQuery(accountId, classroomId));
  const options = (classrooms.data ?? [])
    .filter((c) => c.accountId === accountId)
    .map((c) => ({ value: c.id, label: c.name }));

  const remove = useMutation({
    mutationFn: (assignment: Assignment) => assignmentsApi.remove(accountId, assignment.id),
    onSuccess: async (_ok, assignment) => {
      message.success(t('list.deleted', { title: assignment.title }));
      await refreshAssignments(queryClient, accountId);
    },
    onError: (error) => message.error({ content: translateError(t, error), duration: 6 }),
  });
  const confirmRemove = (assignment: Assignment) =>
    modal.confirm({
      title: t('list.deleteTitle', { title: assignment.title }),
      content: t('list.deleteBody'),
      okText: t('list.delete'),
      okButtonProps: { danger: true },
      cancelText: t('form.cancel'),
      onOk: () => remove.mutateAsync(assignment),
    });

  return (
    <>
      <PageHeading title={t('title')} subtitle={work.account.institution} />
      <Card size="small">
        <Flex vertical gap={12}>
          <Flex gap={8} wrap align="center" justify="space-between">
            <Select
              allowClear
              value={classroomId}
              onChange={setClassroomId}
              placeholder={t('list.allClassrooms', { classrooms: work.words.classrooms })}
              options={options}
              optionFilterProp="label"
              style={{ flex: '1 1 200px', maxWidth: 360 }}
              aria-label={work.words.cap(work.words.classroom)}
            />
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => setEditing('new')}
              disabled={options.length === 0}
              data-testid="assignment-new"
            >
              {t('list.new')}
            </Button>
          </Flex>
          {list.isPending ? (
            <Skeleton active paragraph={{ rows: 4 }} />
          ) : list.isError ? (
            <QueryError error={list.error} onRetry={() => void list.refetch()} />
          ) : list.data.assignments.length === 0 ? (
            <Empty data-testid="assignments-empty" description={t('list.empty')} />
          ) : (
            <List
              dataSource={list.data.assignments}
              rowKey="id"
              renderItem={(a) => (
                <List.Item
                  data-testid={`assignment-${a.id}`}
                  actions={[
                    <Button
                      key="edit"
                      type="text"
                      icon={<EditOutlined />}
                      aria-label={t('list.edit')}
                      onClick={() => setEditing(a)}
                    />,
                    <Button
                      key="delete"
                      type="text"
                      danger
                      icon={<DeleteOutlined />}
                      aria-label={t('list.delete')}
                      onClick={() => confirmRemove(a)}
                    />,
                  ]}
                >
                  <List.Item.Meta
                    title={
                      <Typography.Link onClick={() => setOpen(a.id)} data-testid="assignment-open">
                        {a.title}
                      </Typography.Link>
                    }
                    description={
                      <Flex vertical gap={4}>
                        <span>
                          {t('list.due', {
                            when: formatDateTime(a.dueAt, i18n.language, BANGLADESH_TIME_ZONE),
                          })}{' '}
                          · {t('list.fullMarks', { marks: digits(a.fullMarks) })}
                          {a.attachment ? <PaperClipOutlined style={{ marginInlineStart: 6 }} /> : null}
                        </span>
                        <Space size={4} wrap>
                          {a.classrooms.map((c) => (
                            <Tag key={c.id}>{c.name}</Tag>
                          ))}
                        </Space>
                        <span>
                          {t('list.counts', {
                            submitted: digits((a.counts.submitted ?? 0) + (a.counts.marked ?? 0)),
                            late: digits(a.counts.late ?? 0),
                            missing: digits(a.counts.missing ?? 0),
                          })}
                        </span>
                      </Flex>
                    }
                  />
                </List.Item>
              )}
            />
          )}
        </Flex>
      </Card>
      {editing ? (
        <AssignmentForm
          accountId={accountId}
          classrooms={options}
          classroomId={classroomId}
          assignment={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      ) : null}
      {open ? (
        <AssignmentRosterDrawer accountId={accountId} assignmentId={open} onClose={() => setOpen(null)} />
      ) : null}
    </>
  );
}
