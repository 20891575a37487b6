import type { OccurrenceView } from '@batchwise/domain';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const COLORS: Record<OccurrenceView['status'], string> = {
  scheduled: 'default',
  extra: 'blue',
  exam: 'purple',
  cancelled: 'red',
  moved: 'orange',
  holiday: 'default',
};

/** What became of a class, as a small tag (nothing for a plain weekly class). */
export function StatusTag({ status }: { status: OccurrenceView['status'] }) {
  const { t } = useTranslation('timetable');
  if (status === 'scheduled') return null;
  return (
    <Tag color={COLORS[status]} data-testid="occurrence-status">
      {t(`status.${status}`)}
    </Tag>
  );
}

/** A class that does not meet (cancelled, moved away, holiday) is struck through. */
export const isOff = (o: Pick<OccurrenceView, 'status'>) =>
  o.status === 'cancelled' || o.status === 'moved' || o.status === 'holiday';
