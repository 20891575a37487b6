import { LeftOutlined, PlusOutlined, RightOutlined } from '@ant-design/icons';
import { dayOf, type OccurrenceView } from '@batchwise/domain';
import { useQuery } from '@tanstack/react-query';
import { Button, Empty, Flex, Segmented, Skeleton, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '../../components/antd/page-heading';
import { QueryError } from '../../components/antd/query-error';
import { useDigits } from '../../lib/use-digits';
import { useWorkAccount } from '../../lib/use-work-account';
import { AddChange } from './add-change';
import { MonthGrid, OccurrenceLine, WeekList } from './calendar-grid';
import { ClassroomFeed } from './classroom-feed';
import { OccurrenceModal } from './occurrence-modal';
import { type CalendarView, rangeOf, stepAnchor, timetableQuery } from './timetable-api';

/**
 * The timetable (part 1 §3 "Batch" `Timings`, `Events`): the classes of every classroom the
 * caller sees, by week or month, with cancelled, moved, extra and exam classes marked and
 * clashes between classrooms flagged. Weekly timings are set on the classroom itself.
 */
export function TimetablePage() {
  const work = useWorkAccount();
  const { t } = useTranslation(['timetable', 'errors']);
  const digits = useDigits();
  const [view, setView] = useState<CalendarView>('week');
  const [anchor, setAnchor] = useState(() => dayOf(Date.now()));
  const [picked, setPicked] = useState<OccurrenceView | null>(null);
  const [chosenDay, setChosenDay] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const range = rangeOf(view, anchor);
  const query = useQuery({ ...timetableQuery(work?.account.id ?? '', range), enabled: !!work });
  if (!work) return <PageHeading title={t('title')} />;
  const accountId = work.account.id;
  const canChange = work.account.relation !== 'assistant';
  const dmy = (date: string) => digits(date.split('-').reverse().join('-'));
  const data = query.data;
  return (
    <>
      <PageHeading title={t('title')} subtitle={t('subtitle')} />
      <Flex vertical gap={16}>
        <Flex gap={8} wrap align="center" justify="space-between">
          <Segmented
            value={view}
            onChange={(v) => setView(v as CalendarView)}
            options={[
              { value: 'week', label: t('week') },
              { value: 'month', label: t('month') },
            ]}
          />
          <Flex gap={4} align="center" wrap>
            <Button
              icon={<LeftOutlined className="bw-directional" />}
              aria-label={t('previous')}
              onClick={() => setAnchor(stepAnchor(view, anchor, -1))}
            />
            <Button onClick={() => setAnchor(dayOf(Date.now()))}>{t('today')}</Button>
            <Button
              icon={<RightOutlined className="bw-directional" />}
              aria-label={t('next')}
              onClick={() => setAnchor(stepAnchor(view, anchor, 1))}
            />
            <Typography.Text data-testid="range">
              {dmy(range.from)} – {dmy(range.to)}
            </Typography.Text>
          </Flex>
          {canChange && data && data.classrooms.length > 0 ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)}>
              {t('add')}
            </Button>
          ) : null}
        </Flex>
        {query.isPending ? (
          <Skeleton active paragraph={{ rows: 6 }} />
        ) : query.isError && !data ? (
          <QueryError error={query.error} onRetry={() => void query.refetch()} />
        ) : data && data.classrooms.length === 0 ? (
          <Empty description={t('noClassrooms')} />
        ) : data && data.occurrences.length === 0 && view === 'week' ? (
          <Empty description={t('empty')} />
        ) : data && view === 'week' ? (
          <WeekList {...data} onPick={setPicked} />
        ) : data ? (
          <>
            <MonthGrid {...data} chosen={chosenDay} onChoose={setChosenDay} />
            {chosenDay ? (
              <Flex vertical gap={6}>
                <Typography.Text strong>{dmy(chosenDay)}</Typography.Text>
                {data.occurrences
                  .filter((o) => o.date === chosenDay)
                  .map((o) => (
                    <OccurrenceLine key={`${o.classroomId}${o.start}`} o={o} onPick={setPicked} />
                  ))}
              </Flex>
            ) : null}
          </>
        ) : null}
        {canChange && data ? <ClassroomFeed accountId={accountId} classrooms={data.classrooms} /> : null}
      </Flex>
      <OccurrenceModal
        accountId={accountId}
        occurrence={picked}
        canChange={canChange}
        onClose={() => setPicked(null)}
      />
      {canChange && data ? (
        <AddChange
          accountId={accountId}
          classrooms={data.classrooms}
          open={adding}
          onClose={() => setAdding(false)}
        />
      ) : null}
    </>
  );
}
