import type { SubmissionStatus } from '@batchwise/domain';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const COLORS: Record<SubmissionStatus, string> = {
  pending: 'default',
  missing: 'red',
  submitted: 'blue',
  late: 'orange',
  marked: 'green',
};

export function StatusTag({ status }: { status: SubmissionStatus }) {
  const { t } = useTranslation('assignments');
  return (
    <Tag color={COLORS[status]} data-testid={`status-${status}`}>
      {t(`status.${status}`)}
    </Tag>
  );
}
