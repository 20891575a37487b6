import { Alert, Flex, Switch, Table, Tag, Typography } from 'antd';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePageDigits } from '../../lib/use-digits';
import { useLanguage } from '../../lib/use-language';
import type { WorkAccount } from '../../lib/use-work-account';
import styles from './onboarding.module.css';
import type { OnboardingCheck, OnboardingProblem, OnboardingStudent } from './onboarding-api';

const PAGE_SIZE = 10;
/** Row numbers listed under a problem before "and N more": a 5,000-row file must stay readable. */
const LISTED_ROWS = 30;

/** Spreadsheet row → the codes of the problems found on it. */
export function problemsByRow(errors: readonly OnboardingProblem[]): Map<number, string[]> {
  const byRow = new Map<number, string[]>();
  for (const error of errors)
    for (const row of error.rows) byRow.set(row, [...(byRow.get(row) ?? []), error.code]);
  return byRow;
}

/**
 * Every problem the server found, each with its translated message and the spreadsheet rows it
 * concerns (row 1 holds the headers, as in Excel), so a teacher can go straight to them.
 */
export function ProblemList({ errors }: { errors: readonly OnboardingProblem[] }) {
  const { t } = useTranslation(['onboarding', 'domain']);
  const { locale } = useLanguage();
  const n = (value: number) => value.toLocaleString(locale);
  return (
    <Alert
      type="error"
      showIcon
      data-testid="onboarding-errors"
      title={t('preview.errorsTitle', { count: errors.length, formatted: n(errors.length) })}
      description={
        <ul className={styles.problems}>
          {errors.map((error) => {
            const listed = error.rows.slice(0, LISTED_ROWS).map(n).join(', ');
            const more = error.rows.length - LISTED_ROWS;
            return (
              <li key={error.code} data-code={error.code}>
                {error.rows.length > 0 ? (
                  <Typography.Text strong>
                    {t('preview.rows', { count: error.rows.length, rows: listed })}
                    {more > 0 ? ` ${t('preview.moreRows', { count: more, formatted: n(more) })}` : ''}
                    {': '}
                  </Typography.Text>
                ) : null}
                {t(`domain:${error.code}`, { defaultValue: error.message })}
              </li>
            );
          })}
        </ul>
      }
    />
  );
}

/**
 * The rows the file holds, as they will be created: paged, rows with a problem marked and
 * filterable. Narrow screens scroll the table sideways; the row number and name stay in view.
 */
export function OnboardingRows({ check, words }: { check: OnboardingCheck; words: WorkAccount['words'] }) {
  const { t } = useTranslation('onboarding');
  const pageDigits = usePageDigits();
  const { locale } = useLanguage();
  const n = (value: number) => value.toLocaleString(locale);
  const problems = useMemo(() => problemsByRow(check.errors), [check.errors]);
  const [onlyProblems, setOnlyProblems] = useState(false);
  const switchId = useId();
  const classroomName = useMemo(
    () => new Map(check.classrooms.map((c) => [c.id, c.name])),
    [check.classrooms],
  );
  const withProblems = check.students.filter((s) => problems.has(s.row));
  const rows = onlyProblems ? withProblems : check.students;
  const phoneCell = (phone: string) => <span style={{ whiteSpace: 'nowrap' }}>{phone}</span>;

  return (
    <section aria-label={t('preview.rowsTitle')} data-testid="onboarding-rows">
      <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 8 }}>
        <Typography.Title level={5} style={{ margin: 0 }}>
          {t('preview.rowsTitle')}
        </Typography.Title>
        {withProblems.length > 0 ? (
          <Flex gap={8} align="center">
            <Switch id={switchId} size="small" checked={onlyProblems} onChange={setOnlyProblems} />
            <label htmlFor={switchId}>{t('preview.onlyProblems')}</label>
          </Flex>
        ) : null}
      </Flex>
      <Table<OnboardingStudent>
        size="small"
        rowKey="row"
        bordered
        dataSource={rows}
        scroll={{ x: 'max-content' }}
        rowClassName={(s) => (problems.has(s.row) ? styles.problemRow : '')}
        pagination={
          rows.length > PAGE_SIZE
            ? {
                pageSize: PAGE_SIZE,
                showSizeChanger: false,
                size: 'small',
                showLessItems: true,
                ...pageDigits,
              }
            : false
        }
        columns={[
          {
            key: 'row',
            title: t('preview.columns.row'),
            dataIndex: 'row',
            width: 64,
            fixed: 'start',
            render: (row: number) =>
              problems.has(row) ? (
                <Tag color="error" style={{ marginInlineEnd: 0 }}>
                  {n(row)}
                </Tag>
              ) : (
                n(row)
              ),
          },
          { key: 'name', title: t('preview.columns.name'), dataIndex: 'name' },
          // Only a file with problems needs the column; a clean one gets its width back.
          ...(problems.size === 0
            ? []
            : [
                {
                  key: 'problems',
                  title: t('preview.columns.problems'),
                  render: (_: unknown, s: OnboardingStudent) => (
                    <Flex gap={4} wrap style={{ minWidth: 140 }}>
                      {(problems.get(s.row) ?? []).map((code) => (
                        <Tag key={code} color="error" style={{ marginInlineEnd: 0 }}>
                          {t(`problems.${code}`, { defaultValue: code, student: words.student })}
                        </Tag>
                      ))}
                    </Flex>
                  ),
                },
              ]),
          { key: 'customId', title: t('preview.columns.id'), dataIndex: 'customId' },
          { key: 'phone', title: t('preview.columns.phone'), dataIndex: 'phone', render: phoneCell },
          {
            key: 'classrooms',
            title: words.cap(words.classrooms),
            dataIndex: 'classroomIds',
            render: (ids: string[]) => (
              <Flex gap={4} wrap style={{ minWidth: 120 }}>
                {ids.map((id) => (
                  <Tag key={id} style={{ marginInlineEnd: 0 }}>
                    {classroomName.get(id) ?? id}
                  </Tag>
                ))}
              </Flex>
            ),
          },
          { key: 'email', title: t('preview.columns.email'), dataIndex: 'email' },
          { key: 'rfid', title: t('preview.columns.rfid'), dataIndex: 'rfid' },
          {
            key: 'parent1Phone',
            title: t('preview.columns.parent1'),
            dataIndex: 'parent1Phone',
            render: phoneCell,
          },
          {
            key: 'parent2Phone',
            title: t('preview.columns.parent2'),
            dataIndex: 'parent2Phone',
            render: phoneCell,
          },
        ]}
      />
    </section>
  );
}
