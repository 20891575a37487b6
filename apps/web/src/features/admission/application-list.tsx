import { applicationLabel } from '@batchwise/domain';
import { Button, Flex, Skeleton, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedList } from '../../components/antd/paged-list';
import { formatDateTime, formatRelative } from '../../lib/format-time';
import { useLanguage } from '../../lib/use-language';
import type { AdmissionApplicationView, ApplicationStatus } from './admission-api';
import { ApplicantAvatar, DuplicateTag, plainPhone } from './applicant-bits';

type Paging = { page: number; pageSize: number };

interface ListProps {
  status: ApplicationStatus;
  items: AdmissionApplicationView[];
  total: number;
  paging: Paging;
  loading: boolean;
  /** Nothing fetched yet: skeleton rows instead of an empty table. */
  initial: boolean;
  empty: ReactNode;
  onPage: (page: number, pageSize: number) => void;
  onOpen: (application: AdmissionApplicationView) => void;
}

/** Applications as a table on wide screens and as cards on phones (no sideways page scroll). */
export function ApplicationList({
  status,
  items,
  total,
  paging,
  loading,
  initial,
  empty,
  onPage,
  onOpen,
}: ListProps) {
  const { t } = useTranslation('applications');
  const { locale } = useLanguage();
  const now = Date.now();
  const when = (time: number) => (
    <Typography.Text title={formatDateTime(time, locale)}>
      {formatRelative(time, now, locale)}
    </Typography.Text>
  );
  if (initial) return <Skeleton active avatar paragraph={{ rows: 3 }} data-testid="applications-loading" />;

  const nameCell = (a: AdmissionApplicationView) => (
    <Flex align="center" gap={10} style={{ minWidth: 0 }}>
      <ApplicantAvatar application={a} size={36} />
      <Flex vertical style={{ minWidth: 0 }}>
        <Typography.Text strong ellipsis style={{ maxWidth: 240 }}>
          {a.name}
        </Typography.Text>
        <Typography.Text type="secondary" style={{ fontSize: 13 }}>
          <span data-testid="application-number">{applicationLabel(a.number)}</span> · {plainPhone(a.phone)}
        </Typography.Text>
      </Flex>
      {a.duplicate ? <DuplicateTag /> : null}
    </Flex>
  );

  return (
    <PagedList<AdmissionApplicationView>
      items={items}
      total={total}
      paging={paging}
      loading={loading}
      empty={empty}
      rowKey={(a) => a.id}
      testIds={{ list: 'applications-list', row: 'application-row' }}
      totalText={(count) => t('total', { count, formatted: count.toLocaleString(locale) })}
      onPage={onPage}
      onOpen={onOpen}
      card={(a) => (
        <Flex vertical gap={6}>
          {nameCell(a)}
          <Typography.Paragraph ellipsis={{ rows: 2 }} style={{ margin: 0 }}>
            {a.details}
          </Typography.Paragraph>
          <Flex justify="space-between" align="center" gap={8} wrap>
            <Typography.Text type="secondary" style={{ fontSize: 13 }}>
              {when(status === 'Pending' ? a.createdAt : (a.decidedAt ?? a.createdAt))}
            </Typography.Text>
            <Button size="small" onClick={() => onOpen(a)}>
              {t('open')}
            </Button>
          </Flex>
        </Flex>
      )}
      columns={[
        { key: 'name', title: t('columns.name'), render: (_, a) => nameCell(a) },
        {
          key: 'details',
          title: t('columns.details'),
          render: (_, a) => (
            <Typography.Text ellipsis={{ tooltip: a.details }} style={{ maxWidth: 280 }}>
              {a.details}
            </Typography.Text>
          ),
        },
        { key: 'submitted', title: t('columns.submitted'), render: (_, a) => when(a.createdAt) },
        ...(status === 'Rejected'
          ? [
              {
                key: 'reason',
                title: t('columns.reason'),
                render: (_: unknown, a: AdmissionApplicationView) => (
                  <Typography.Text ellipsis={{ tooltip: a.rejectReason }} style={{ maxWidth: 220 }}>
                    {a.rejectReason}
                  </Typography.Text>
                ),
              },
            ]
          : []),
        ...(status !== 'Pending'
          ? [
              {
                key: 'decided',
                title: t('columns.decided'),
                render: (_: unknown, a: AdmissionApplicationView) => (a.decidedAt ? when(a.decidedAt) : null),
              },
            ]
          : []),
        {
          key: 'actions',
          title: t('columns.actions'),
          render: (_, a) => (
            <Button
              size="small"
              onClick={(event) => {
                event.stopPropagation();
                onOpen(a);
              }}
            >
              {t('open')}
            </Button>
          ),
        },
      ]}
    />
  );
}
