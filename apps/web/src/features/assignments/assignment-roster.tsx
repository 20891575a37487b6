import { BANGLADESH_TIME_ZONE } from '@batchwise/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Drawer, Empty, Flex, Input, InputNumber, Skeleton, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryError } from '../../components/antd/query-error';
import { useDrawerPlacement } from '../../components/antd/use-drawer-size';
import { formatDateTime } from '../../lib/format-time';
import { translateError } from '../../lib/translate-error';
import { useDigits } from '../../lib/use-digits';
import { type AssignmentRoster, assignmentsApi, refreshAssignments, rosterQuery } from './assignments-api';
import { StatusTag } from './status-tag';
import { ToAssessment } from './to-assessment';

type Row = AssignmentRoster['students'][number];

/** Who submitted, who is late and who is missing, with marks and a comment for each submission. */
export function AssignmentRosterDrawer({
  accountId,
  assignmentId,
  onClose,
}: {
  accountId: string;
  assignmentId: string;
  onClose: () => void;
}) {
  const { t } = useTranslation(['assignments', 'domain', 'errors']);
  const roster = useQuery(rosterQuery(accountId, assignmentId));
  const digits = useDigits();
  const a = roster.data?.assignment;
  const placement = useDrawerPlacement();
  return (
    <Drawer
      placement={placement}
      open
      onClose={onClose}
      width="min(640px, 100vw)"
      title={a?.title ?? t('roster.title')}
      destroyOnHidden
    >
      {roster.isPending ? (
        <Skeleton active />
      ) : roster.isError ? (
        <QueryError error={roster.error} onRetry={() => void roster.refetch()} />
      ) : (
        <Flex vertical gap={12} data-testid="assignment-roster">
          <Typography.Text type="secondary">
            {t('roster.summary', {
              submitted: digits(roster.data.assignment.counts.submitted ?? 0),
              late: digits(roster.data.assignment.counts.late ?? 0),
              missing: digits(roster.data.assignment.counts.missing ?? 0),
              marked: digits(roster.data.assignment.counts.marked ?? 0),
            })}
          </Typography.Text>
          {(roster.data.assignment.counts.marked ?? 0) > 0 ? (
            <ToAssessment accountId={accountId} assignmentId={assignmentId} />
          ) : null}
          {roster.data.students.length === 0 ? (
            <Empty description={t('roster.empty')} />
          ) : (
            roster.data.students.map((row) => (
              <StudentRow
                key={row.studentId}
                row={row}
                accountId={accountId}
                assignmentId={assignmentId}
                fullMarks={roster.data.assignment.fullMarks}
              />
            ))
          )}
        </Flex>
      )}
    </Drawer>
  );
}

function StudentRow({
  row,
  accountId,
  assignmentId,
  fullMarks,
}: {
  row: Row;
  accountId: string;
  assignmentId: string;
  fullMarks: number;
}) {
  const { t, i18n } = useTranslation(['assignments', 'domain', 'errors']);
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const digits = useDigits();
  const s = row.submission;
  const [marks, setMarks] = useState<number | null>(s?.marks ?? null);
  const [comment, setComment] = useState(s?.comment ?? '');
  const save = useMutation({
    mutationFn: () =>
      assignmentsApi.mark(accountId, assignmentId, row.studentId, { marks: marks ?? 0, comment }),
    onSuccess: async () => {
      message.success(t('roster.marked', { name: row.name }));
      await refreshAssignments(queryClient, accountId);
    },
    onError: (error) => message.error({ content: translateError(t, error), duration: 6 }),
  });
  return (
    <Card size="small" data-testid={`roster-${row.studentId}`}>
      <Flex justify="space-between" align="center" gap={8} wrap>
        <Typography.Text strong>{row.name}</Typography.Text>
        <StatusTag status={row.status} />
      </Flex>
      {s ? (
        <Flex vertical gap={8} style={{ marginTop: 8 }}>
          <Typography.Text type="secondary">
            {t('roster.submittedAt', {
              when: formatDateTime(s.submittedAt, i18n.language, BANGLADESH_TIME_ZONE),
            })}
          </Typography.Text>
          {s.text ? (
            <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}>
              {s.text}
            </Typography.Paragraph>
          ) : null}
          {s.file ? (
            <a href={s.file.url} target="_blank" rel="noreferrer">
              {s.file.name}
            </a>
          ) : null}
          <Flex gap={8} wrap align="center">
            <InputNumber
              min={0}
              max={fullMarks}
              precision={0}
              value={marks}
              onChange={(value) => setMarks(value)}
              addonAfter={`/ ${digits(fullMarks)}`}
              aria-label={t('roster.marks')}
              style={{ width: 150 }}
              data-testid="roster-marks"
            />
            <Input
              value={comment}
              onChange={(event) => setComment(event.target.value)}
              placeholder={t('roster.comment')}
              aria-label={t('roster.comment')}
              style={{ flex: '1 1 180px' }}
              data-testid="roster-comment"
            />
            <Button
              type="primary"
              onClick={() => save.mutate()}
              loading={save.isPending}
              disabled={marks === null}
              data-testid="roster-save"
            >
              {t('roster.save')}
            </Button>
          </Flex>
        </Flex>
      ) : null}
    </Card>
  );
}
