import { FileExcelOutlined, SafetyCertificateOutlined, UserOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { App, Avatar, Button, Drawer, Empty, Flex, List, Skeleton, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryError } from '../../components/antd/query-error';
import { useDrawerPlacement, useDrawerSize } from '../../components/antd/use-drawer-size';
import { exportTable } from '../../lib/download';
import { isLocalOrPreviewHost } from '../../lib/preview-host';
import { translateError } from '../../lib/translate-error';
import type { WorkAccount } from '../../lib/use-work-account';
import { type DrawerTarget, StudentDrawer } from './drawer/student-drawer';
import { verificationQuery } from './verification-query';
import { closeVerificationPanel, useVerificationPanelOpen } from './verification-store';

/**
 * The Student Data Verification panel (part 1 §2.4): students with conflicting or incomplete
 * data, each with avatar, name, ID and Verify, which opens the drawer titled "Verify Student
 * Info". The Excel download of the list is a developer aid, offered on local and preview hosts.
 */
export function VerificationPanel({ work }: { work: WorkAccount }) {
  const { t } = useTranslation(['students', 'domain', 'errors']);
  const { message } = App.useApp();
  const open = useVerificationPanelOpen();
  const size = useDrawerSize(440);
  const placement = useDrawerPlacement();
  const [target, setTarget] = useState<DrawerTarget | null>(null);
  const [downloading, setDownloading] = useState(false);
  const list = useQuery({ ...verificationQuery(work.account.id), enabled: open });
  const { words } = work;

  const handleDownload = async () => {
    setDownloading(true);
    try {
      await exportTable({
        format: 'xlsx',
        title: t('verification.title'),
        headers: [
          t('students.columns.name'),
          t('students.columns.customId'),
          t('students.columns.phone'),
          words.cap(words.teacher),
          t('verification.reasonsColumn'),
        ],
        rows: (list.data ?? []).map((entry) => [
          entry.name,
          entry.customId,
          entry.phone,
          entry.teacherName,
          entry.reasons.map((reason) => t(`verification.reasons.${reason}`)).join(', '),
        ]),
      });
    } catch (error) {
      message.error({ content: translateError(t, error), duration: 5 });
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Drawer
      placement={placement}
      open={open}
      onClose={closeVerificationPanel}
      size={size}
      title={
        <Flex gap={8} align="center">
          <SafetyCertificateOutlined /> {t('verification.title')}
        </Flex>
      }
      extra={
        isLocalOrPreviewHost(window.location.hostname) && (list.data?.length ?? 0) > 0 ? (
          <Button icon={<FileExcelOutlined />} loading={downloading} onClick={() => void handleDownload()}>
            {t('verification.download')}
          </Button>
        ) : null
      }
      data-testid="verification-panel"
    >
      <Typography.Paragraph type="secondary">
        {t('verification.intro', { student: words.student, students: words.students })}
      </Typography.Paragraph>
      {list.isPending ? (
        <Skeleton active avatar />
      ) : list.isError ? (
        <QueryError error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data.length === 0 ? (
        <Empty description={t('verification.none', { student: words.student, students: words.students })} />
      ) : (
        <List
          dataSource={list.data}
          rowKey="studentId"
          renderItem={(entry) => (
            <List.Item
              actions={[
                <Button
                  key="verify"
                  type="primary"
                  size="small"
                  onClick={() =>
                    setTarget({
                      mode: 'verify',
                      accountId: entry.accountId,
                      studentId: entry.studentId,
                      reasons: entry.reasons,
                    })
                  }
                >
                  {t('verification.verify')}
                </Button>,
              ]}
            >
              <List.Item.Meta
                avatar={<Avatar src={entry.avatarUrl ?? undefined} icon={<UserOutlined />} alt="" />}
                title={entry.name || t('verification.noName')}
                description={
                  <>
                    <Typography.Text type="secondary" style={{ fontSize: 13 }}>
                      {entry.customId ?? '—'}
                      {work.isAdmin ? ` · ${entry.teacherName}` : ''}
                    </Typography.Text>
                    <Flex gap={4} wrap style={{ marginTop: 4 }}>
                      {entry.reasons.map((reason) => (
                        <Tag key={reason} color="orange" style={{ marginInlineEnd: 0 }}>
                          {t(`verification.reasons.${reason}`)}
                        </Tag>
                      ))}
                    </Flex>
                  </>
                }
              />
            </List.Item>
          )}
        />
      )}
      <StudentDrawer target={target} onClose={() => setTarget(null)} />
    </Drawer>
  );
}
