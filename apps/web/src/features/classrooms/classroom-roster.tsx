import { DeleteOutlined, UserOutlined } from '@ant-design/icons';
import { archiveEndpoints, type ClassroomDetail, type ExportFormat } from '@batchwise/domain';
import { useQueryClient } from '@tanstack/react-query';
import { App, Avatar, Button, Empty, Flex, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ExportMenu } from '../../components/antd/export-menu';
import { call, refresh } from '../../lib/api-client';
import { exportTable } from '../../lib/download';
import { formatDate } from '../../lib/format-time';
import { translateError } from '../../lib/translate-error';
import { usePageDigits } from '../../lib/use-digits';
import { useLanguage } from '../../lib/use-language';
import type { WorkAccount } from '../../lib/use-work-account';
import { refreshClassrooms } from './classroom-api';

type RosterEntry = ClassroomDetail['students'][number];

/** The classroom's students with what each pays; bulk removal (an archive of type Delete). */
export function ClassroomRoster({
  detail,
  work,
  money,
  onOpenStudent,
}: {
  detail: ClassroomDetail;
  work: WorkAccount;
  money: (paisa: number) => string;
  onOpenStudent: (accountId: string, studentId: string) => void;
}) {
  const { t } = useTranslation(['students', 'domain', 'errors']);
  const pageDigits = usePageDigits();
  const { modal, message } = App.useApp();
  const { locale } = useLanguage();
  const queryClient = useQueryClient();
  const [selected, setSelected] = useState<string[]>([]);
  const { classroom } = detail;
  const { words } = work;

  const handleRemove = () => {
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
          const result = await call(archiveEndpoints.remove, {
            params: { accountId: classroom.accountId },
            body: { classroomId: classroom.id, studentIds: selected },
          });
          message.success(t(`domain:${result.code}`, { defaultValue: result.message }));
          setSelected([]);
          await Promise.all([refreshClassrooms(queryClient), refresh(queryClient, 'archive')]);
        } catch (error) {
          message.error({ content: translateError(t, error), duration: 5 });
        }
      },
    });
  };

  const headers = [
    t('students.columns.name'),
    t('students.columns.customId'),
    t('students.columns.phone'),
    t('students.columns.fee'),
    t('students.columns.acceptedAt'),
  ];
  const handleExport = (format: ExportFormat) =>
    exportTable({
      format,
      title: classroom.name,
      headers,
      rows: detail.students.map((s) => [
        s.name,
        s.customId,
        s.phone,
        money(s.tuitionFeePaisa),
        s.acceptedAt ? formatDate(s.acceptedAt, locale) : null,
      ]),
    });

  return (
    <Flex vertical gap={12}>
      <Flex justify="space-between" gap={8} wrap align="center">
        {selected.length > 0 && classroom.manageStudents ? (
          <Flex gap={8} align="center" wrap>
            <Typography.Text>
              {t('students.bulk.selected', {
                count: selected.length,
                formatted: selected.length.toLocaleString(locale),
              })}
            </Typography.Text>
            <Button danger icon={<DeleteOutlined />} onClick={handleRemove}>
              {t('students.remove.button', { classroom: words.classroom })}
            </Button>
          </Flex>
        ) : (
          <Typography.Text type="secondary">
            {t('classrooms.detail.rosterHint', { student: words.student, students: words.students })}
          </Typography.Text>
        )}
        <ExportMenu onExport={handleExport} disabled={detail.students.length === 0} />
      </Flex>
      <Table<RosterEntry>
        rowKey="studentId"
        size="middle"
        dataSource={detail.students}
        scroll={{ x: 'max-content' }}
        pagination={{ pageSize: 20, hideOnSinglePage: true, showSizeChanger: false, ...pageDigits }}
        rowSelection={
          classroom.manageStudents && classroom.closedAt === null
            ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(String)) }
            : undefined
        }
        locale={{
          emptyText: (
            <Empty
              description={t('classrooms.detail.noStudents', {
                student: words.student,
                students: words.students,
              })}
            />
          ),
        }}
        columns={[
          {
            key: 'name',
            title: headers[0],
            render: (_, s) => (
              <Button
                type="link"
                style={{ padding: 0, height: 'auto' }}
                onClick={() => onOpenStudent(classroom.accountId, s.studentId)}
              >
                <Flex gap={8} align="center">
                  <Avatar size="small" src={s.avatarUrl ?? undefined} icon={<UserOutlined />} alt="" />
                  {s.name}
                </Flex>
              </Button>
            ),
          },
          { key: 'customId', title: headers[1], render: (_, s) => s.customId ?? '—' },
          { key: 'phone', title: headers[2], render: (_, s) => (s.phone === 'Unset' ? '—' : s.phone) },
          {
            key: 'fee',
            title: headers[3],
            render: (_, s) => (
              <Flex gap={6} align="center">
                {money(s.tuitionFeePaisa)}
                {s.feeOverridden ? <Tag color="blue">{t('classrooms.detail.modified')}</Tag> : null}
              </Flex>
            ),
          },
          {
            key: 'acceptedAt',
            title: headers[4],
            render: (_, s) => (s.acceptedAt ? formatDate(s.acceptedAt, locale) : '—'),
          },
        ]}
      />
    </Flex>
  );
}
