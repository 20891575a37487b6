import { CheckOutlined, CloseOutlined } from '@ant-design/icons';
import { applicationLabel } from '@batchwise/domain';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Drawer, Flex, Skeleton, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDrawerPlacement, useDrawerSize } from '../../components/antd/use-drawer-size';
import { classroomsQuery } from '../../lib/classrooms-query';
import { formatDateTime } from '../../lib/format-time';
import { useLanguage } from '../../lib/use-language';
import type { WorkAccount } from '../../lib/use-work-account';
import { AcceptModal } from './accept-modal';
import { type AdmissionApplicationView, applicationQuery } from './admission-api';
import { ApplicantAvatar, DuplicateTag, plainPhone, StatusTag } from './applicant-bits';
import { RejectModal } from './reject-modal';

/**
 * One application with everything the applicant gave. Every value is the applicant's own text,
 * so it is only ever rendered as React text (escaped), never as markup.
 */
export function ApplicationDrawer({
  work,
  application,
  onClose,
}: {
  work: WorkAccount;
  application: AdmissionApplicationView | null;
  onClose: () => void;
}) {
  const { t } = useTranslation(['applications', 'domain', 'errors']);
  const { locale } = useLanguage();
  const size = useDrawerSize(560);
  const placement = useDrawerPlacement();
  const accountId = work.account.id;
  const [deciding, setDeciding] = useState<'accept' | 'reject' | null>(null);
  const detail = useQuery({
    ...applicationQuery(accountId, application?.id ?? ''),
    enabled: application !== null,
    placeholderData: application ?? undefined,
  });
  const classrooms = useQuery(classroomsQuery(accountId));
  const a = detail.data ?? application;
  const course = a?.courseClassroomId
    ? classrooms.data?.find((c) => c.id === a.courseClassroomId)
    : undefined;
  const words = work.words;

  const footer =
    a?.status === 'Pending' ? (
      <Flex gap={8} justify="flex-end" wrap>
        <Button danger icon={<CloseOutlined />} onClick={() => setDeciding('reject')}>
          {t('detail.reject')}
        </Button>
        <Button type="primary" icon={<CheckOutlined />} onClick={() => setDeciding('accept')}>
          {t('detail.accept')}
        </Button>
      </Flex>
    ) : null;

  const customFields = Object.entries(a?.customFields ?? {});

  return (
    <Drawer
      placement={placement}
      open={application !== null}
      onClose={onClose}
      size={size}
      title={t('detail.title')}
      footer={footer}
      destroyOnHidden
      data-testid="application-drawer"
    >
      {!a ? (
        <Skeleton active avatar />
      ) : (
        <Flex vertical gap={16}>
          <Flex gap={16} align="center">
            <ApplicantAvatar application={a} size={96} />
            <Flex vertical gap={4} style={{ minWidth: 0 }}>
              <Typography.Title
                level={4}
                style={{ margin: 0, overflowWrap: 'anywhere' }}
                data-testid="applicant-name"
              >
                {a.name}
              </Typography.Title>
              <Typography.Text type="secondary" data-testid="application-number">
                {applicationLabel(a.number)}
              </Typography.Text>
              <Flex gap={4} wrap>
                <StatusTag status={a.status} />
                {a.duplicate ? <DuplicateTag /> : null}
              </Flex>
            </Flex>
          </Flex>
          {a.status === 'Rejected' && a.rejectReason ? (
            <Alert
              type="error"
              showIcon
              title={t('detail.rejectReason')}
              description={<span style={{ whiteSpace: 'pre-wrap' }}>{a.rejectReason}</span>}
            />
          ) : null}
          <Descriptions
            column={1}
            size="small"
            bordered
            styles={{ label: { width: 150 }, content: { overflowWrap: 'anywhere' } }}
            items={[
              { key: 'phone', label: t('detail.phone'), children: plainPhone(a.phone) },
              ...(a.parent1Phone
                ? [{ key: 'p1', label: t('detail.parent1'), children: a.parent1Phone }]
                : []),
              ...(a.parent2Phone
                ? [{ key: 'p2', label: t('detail.parent2'), children: a.parent2Phone }]
                : []),
              ...(course
                ? [
                    {
                      key: 'course',
                      label: words.cap(words.classroom),
                      children: `${course.name} · ${course.grade} · ${course.subject}`,
                    },
                  ]
                : []),
              {
                key: 'details',
                label: t('detail.details'),
                children: <span style={{ whiteSpace: 'pre-wrap' }}>{a.details}</span>,
              },
              ...customFields.map(([name, value]) => ({
                key: `custom-${name}`,
                label: name,
                children: <span style={{ whiteSpace: 'pre-wrap' }}>{value}</span>,
              })),
              {
                key: 'submitted',
                label: t('detail.submitted'),
                children: formatDateTime(a.createdAt, locale),
              },
              ...(a.decidedAt
                ? [
                    {
                      key: 'decided',
                      label: t('detail.decided'),
                      children: formatDateTime(a.decidedAt, locale),
                    },
                  ]
                : []),
              {
                key: 'id',
                label: t('detail.id'),
                children: <Typography.Text copyable>{a.id}</Typography.Text>,
              },
            ]}
          />
        </Flex>
      )}
      {a && deciding === 'accept' ? (
        <AcceptModal work={work} application={a} onClose={() => setDeciding(null)} />
      ) : null}
      {a && deciding === 'reject' ? (
        <RejectModal work={work} application={a} onClose={() => setDeciding(null)} />
      ) : null}
    </Drawer>
  );
}
