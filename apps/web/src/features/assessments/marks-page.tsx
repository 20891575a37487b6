import { ArrowLeftOutlined, UploadOutlined } from '@ant-design/icons';
import type { ExportFormat } from '@batchwise/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Empty, Flex, Skeleton, Tag, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ExportMenu } from '../../components/antd/export-menu';
import { PageHeading } from '../../components/antd/page-heading';
import { QueryError } from '../../components/antd/query-error';
import { KeyboardHint } from '../../components/keyboard-hint';
import { classroomsQuery } from '../../lib/classrooms-query';
import { exportTable } from '../../lib/download';
import { translateError } from '../../lib/translate-error';
import { useLanguage } from '../../lib/use-language';
import { useWorkAccount, type WorkAccount } from '../../lib/use-work-account';
import { formatHeldOn } from './assessment-dates';
import {
  assessmentsApi,
  cellKey,
  columnsOf,
  type MarksGrid as Grid,
  marksGridQuery,
  refreshAssessments,
} from './assessments-api';
import { MarksGrid } from './marks-grid';
import { MarksImport } from './marks-import';
import { serverText } from './marks-row';
import { SaveStatus } from './save-status';
import { useMarksAutosave } from './use-marks-autosave';

/** The marks of one assessment: the grid, its autosave, import, export, publish. */
export function MarksPage() {
  const work = useWorkAccount();
  const { accountId = '', assessmentId = '' } = useParams();
  if (!work) return null;
  return <Marks work={work} accountId={accountId} assessmentId={assessmentId} />;
}

function Marks({
  work,
  accountId,
  assessmentId,
}: {
  work: WorkAccount;
  accountId: string;
  assessmentId: string;
}) {
  const { t } = useTranslation(['assessments', 'domain', 'errors']);
  const { locale } = useLanguage();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const grid = useQuery(marksGridQuery(accountId, assessmentId));
  const marks = useMarksAutosave(accountId, assessmentId, grid.data);
  const classrooms = useQuery(classroomsQuery(work.account.id));
  const [importing, setImporting] = useState(false);
  const classroomId = grid.data?.assessment.classroomId;
  const back = (
    <Link to={{ pathname: '../..', search: classroomId ? `?classroom=${classroomId}` : '' }} relative="path">
      <ArrowLeftOutlined className="bw-directional" /> {t('marks.back')}
    </Link>
  );

  const publish = useMutation({
    mutationFn: async (published: boolean) => {
      await marks.flush();
      return assessmentsApi.setPublished(accountId, assessmentId, published);
    },
    onSuccess: async (assessment) => {
      message.success(t(assessment.publishedAt ? 'list.publishedDone' : 'list.unpublishedDone'));
      await refreshAssessments(queryClient, accountId);
    },
    onError: (error) => message.error({ content: translateError(t, error), duration: 6 }),
  });

  if (grid.isPending)
    return (
      <>
        {back}
        <Card style={{ marginTop: 12 }}>
          <Skeleton active paragraph={{ rows: 8 }} />
        </Card>
      </>
    );
  if (grid.isError)
    return (
      <>
        {back}
        <Card style={{ marginTop: 12 }}>
          <QueryError error={grid.error} onRetry={() => void grid.refetch()} />
        </Card>
      </>
    );

  const { assessment } = grid.data;
  const classroom = classrooms.data?.find((c) => c.id === assessment.classroomId);
  const published = assessment.publishedAt !== null;
  const unsaved = marks.state.pending + marks.state.invalid + marks.state.conflicts > 0;

  return (
    <>
      <div style={{ marginBottom: 8 }}>{back}</div>
      <PageHeading
        title={assessment.name}
        subtitle={
          <>
            {[classroom?.name, assessment.term, formatHeldOn(assessment.heldOn, locale)]
              .filter(Boolean)
              .join(' · ')}{' '}
            {published ? (
              <Tag color="green" data-testid="published-tag">
                {t('list.published')}
              </Tag>
            ) : (
              <Tag>{t('list.draft')}</Tag>
            )}
          </>
        }
        extra={
          <>
            <Button icon={<UploadOutlined />} onClick={() => setImporting(true)}>
              {t('import.open')}
            </Button>
            <ExportMenu onExport={(format) => exportGrid(format, grid.data, t('grid.absentMark'), t)} />
            <Button
              type={published ? 'default' : 'primary'}
              loading={publish.isPending}
              onClick={() => publish.mutate(!published)}
              data-testid="marks-publish"
            >
              {published ? t('list.unpublish') : t('list.publish')}
            </Button>
          </>
        }
      />
      <Card size="small">
        {grid.data.students.length === 0 || columnsOf(assessment.subjects).length === 0 ? (
          <Empty
            data-testid="marks-empty"
            description={t('marks.noStudents', {
              students: work.words.students,
              classroom: work.words.classroom,
            })}
          />
        ) : (
          <Flex vertical gap={12}>
            <Flex justify="space-between" gap={12} wrap align="flex-start">
              <SaveStatus state={marks.state} onRetry={marks.retry} onResolveAll={marks.resolveAll} />
              <Typography.Text type="secondary" style={{ fontSize: 13, maxWidth: 560 }}>
                {/* Keys and what is typed are written as on the keyboard, in every language. */}
                <KeyboardHint text={t('marks.hint')} />
              </Typography.Text>
            </Flex>
            <MarksGrid grid={grid.data} marks={marks} />
          </Flex>
        )}
      </Card>
      <MarksImport
        open={importing}
        accountId={accountId}
        assessmentId={assessmentId}
        unsaved={unsaved}
        onClose={() => setImporting(false)}
      />
    </>
  );
}

/** The grid as saved, with the server's results, as PDF or XLSX ("Export As"). */
function exportGrid(format: ExportFormat, grid: Grid, absentMark: string, t: TFunction) {
  const columns = columnsOf(grid.assessment.subjects);
  const gpaMode = grid.scale.mode === 'gpa';
  const cells = new Map(grid.cells.map((c) => [cellKey(c.studentId, c.subjectId, c.partKey), c]));
  const results = new Map(grid.results.map((r) => [r.studentId, r]));
  const headers = [
    t('grid.student'),
    t('grid.customId'),
    ...columns.map((c) => `${c.subject.name}${c.part.name ? ` ${c.part.name}` : ''} (${c.part.fullMarks})`),
    t('grid.total'),
    t('grid.percent'),
    ...(gpaMode ? [t('grid.grade'), t('grid.gpa')] : []),
    t('grid.position'),
  ];
  const rows = grid.students.map((student) => {
    const result = results.get(student.id);
    return [
      student.name,
      student.customId ?? '',
      ...columns.map((c) => serverText(cells.get(cellKey(student.id, c.subject.id, c.part.key)), absentMark)),
      result?.obtained ?? null,
      result?.percent ?? null,
      ...(gpaMode ? [result?.letter ?? null, result?.gpa ?? null] : []),
      result?.position ?? null,
    ];
  });
  return exportTable({ format, title: `${grid.assessment.name} · ${grid.assessment.term}`, headers, rows });
}
