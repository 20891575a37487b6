import { addDays, type OccurrenceView } from '@batchwise/domain';
import { Empty, Flex, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { leadBlanks, WEEK } from '../../lib/calendar-days';
import { formatStart } from '../../lib/format-time';
import { useDigits } from '../../lib/use-digits';
import { useLanguage } from '../../lib/use-language';
import { isOff, StatusTag } from './occurrence-tag';
import styles from './timetable.module.css';

interface Props {
  from: string;
  to: string;
  today: string;
  occurrences: readonly OccurrenceView[];
  onPick: (o: OccurrenceView) => void;
}

function datesOf(from: string, to: string): string[] {
  const dates: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) dates.push(d);
  return dates;
}

function weekdayName(date: string, locale: string, width: 'long' | 'short') {
  return new Intl.DateTimeFormat(locale, { weekday: width, timeZone: 'UTC' }).format(
    new Date(`${date}T00:00:00Z`),
  );
}

/** One class as a line: time, classroom, place, what became of it, and a clash warning. */
function OccurrenceLine({ o, onPick }: { o: OccurrenceView; onPick: Props['onPick'] }) {
  const { t } = useTranslation('timetable');
  const { locale } = useLanguage();
  return (
    <button
      type="button"
      className={styles.occurrence}
      style={{ borderInlineStartColor: o.color ?? undefined }}
      onClick={() => onPick(o)}
      data-testid="occurrence"
      data-date={o.date}
      data-status={o.status}
    >
      <span className={isOff(o) ? styles.off : undefined}>
        <strong>
          {formatStart(o.start, locale)} – {formatStart(o.end, locale)}
        </strong>{' '}
        {o.classroomName}
      </span>
      {o.place ? <span className={styles.place}>{o.place}</span> : null}
      <span>
        <StatusTag status={o.status} />
        {o.clashesWith.length > 0 ? (
          <Tag color="warning" data-testid="clash">
            {t('clash')}
          </Tag>
        ) : null}
      </span>
    </button>
  );
}

/** The week as a list of days, each with its classes. */
export function WeekList({ from, to, today, occurrences, onPick }: Props) {
  const { t } = useTranslation('timetable');
  const { locale } = useLanguage();
  const digits = useDigits();
  return (
    <Flex vertical gap={12}>
      {datesOf(from, to).map((date) => {
        const own = occurrences.filter((o) => o.date === date);
        return (
          <section key={date} className={styles.day} data-today={date === today || undefined}>
            <Typography.Text strong>
              {weekdayName(date, locale, 'long')} {digits(`${date.slice(8)}-${date.slice(5, 7)}`)}
            </Typography.Text>
            {own.length === 0 ? (
              <Typography.Text type="secondary"> · {t('noClasses')}</Typography.Text>
            ) : (
              own.map((o) => (
                <OccurrenceLine key={`${o.classroomId}${o.date}${o.start}`} o={o} onPick={onPick} />
              ))
            )}
          </section>
        );
      })}
    </Flex>
  );
}

/** The month as a Saturday-first grid; a day's classes as coloured dots, picked to list them. */
export function MonthGrid({
  from,
  to,
  today,
  occurrences,
  chosen,
  onChoose,
}: Omit<Props, 'onPick'> & { chosen: string | null; onChoose: (date: string) => void }) {
  const { locale } = useLanguage();
  const digits = useDigits();
  const heads = WEEK.map((_, i) => weekdayName(addDays('2026-01-03', i), locale, 'short'));
  if (occurrences.length === 0) return <Empty description={null} />;
  return (
    <div className={styles.month}>
      {heads.map((h) => (
        <div key={h} className={styles.head}>
          {h}
        </div>
      ))}
      {Array.from({ length: leadBlanks(from) }, (_, i) => addDays(from, i - leadBlanks(from))).map(
        (blank) => (
          <div key={blank} />
        ),
      )}
      {datesOf(from, to).map((date) => {
        const own = occurrences.filter((o) => o.date === date);
        return (
          <button
            type="button"
            key={date}
            className={styles.cell}
            data-today={date === today || undefined}
            data-chosen={date === chosen || undefined}
            onClick={() => onChoose(date)}
            data-testid="month-day"
          >
            <span>{digits(Number(date.slice(8)))}</span>
            <span className={styles.dots}>
              {own.map((o) => (
                <span
                  key={`${o.classroomId}${o.start}`}
                  className={isOff(o) ? styles.dotOff : styles.dot}
                  style={{ background: isOff(o) ? undefined : (o.color ?? undefined) }}
                />
              ))}
            </span>
          </button>
        );
      })}
    </div>
  );
}

export { OccurrenceLine };
