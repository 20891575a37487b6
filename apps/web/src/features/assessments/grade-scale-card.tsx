import { DeleteOutlined, PlusOutlined, UndoOutlined } from '@ant-design/icons';
import {
  BANGLADESH_GRADE_BANDS,
  GRADE_SCALE_LIMITS,
  type GradeBand,
  type GradeScaleMode,
  gradeScaleInputSchema,
} from '@batchwise/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Flex, Input, InputNumber, Radio, Skeleton, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryError } from '../../components/antd/query-error';
import { translateError } from '../../lib/translate-error';
import { useLanguage } from '../../lib/use-language';
import { firstIssues, issueText } from '../../lib/zod-form';
import { assessmentsApi, gradeScaleQuery, refreshAssessments } from './assessments-api';

type BandRow = { min: number | null; letter: string; point: number | null };

const rowsOf = (bands: readonly GradeBand[]): BandRow[] => bands.map((band) => ({ ...band }));

/**
 * The account's grade scale: bands of percentages with a letter and grade point,
 * the Bangladesh scale by default (research/integrations.md §7.1), or percentages only for centres
 * that do not grade. Owners and admins change it; assistants see it.
 */
export function GradeScaleCard({ accountId, canEdit }: { accountId: string; canEdit: boolean }) {
  const { t } = useTranslation(['assessments', 'domain', 'errors']);
  const { locale } = useLanguage();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const scale = useQuery(gradeScaleQuery(accountId));
  const [mode, setMode] = useState<GradeScaleMode>('gpa');
  const [rows, setRows] = useState<BandRow[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const n = (value: number) => value.toLocaleString(locale);

  // The form starts from the saved scale, and again whenever it changes (another manager's save).
  useEffect(() => {
    if (!scale.data) return;
    setMode(scale.data.mode);
    setRows(rowsOf(scale.data.bands));
    setProblem(null);
  }, [scale.data]);

  const save = useMutation({
    mutationFn: (input: { mode: GradeScaleMode; bands: GradeBand[] }) =>
      assessmentsApi.saveScale(accountId, input),
    onSuccess: async () => {
      message.success(t('scale.saved'));
      await refreshAssessments(queryClient, accountId);
    },
    onError: (error) => setProblem(translateError(t, error)),
  });

  if (scale.isPending) return <Skeleton active paragraph={{ rows: 7 }} />;
  if (scale.isError) return <QueryError error={scale.error} onRetry={() => void scale.refetch()} />;

  const setRow = (index: number, change: Partial<BandRow>) =>
    setRows((current) => current.map((row, i) => (i === index ? { ...row, ...change } : row)));

  const handleSave = () => {
    const input = {
      mode,
      bands: rows.map((row) => ({
        min: row.min ?? Number.NaN,
        letter: row.letter,
        point: row.point ?? Number.NaN,
      })),
    };
    const issue = Object.values(firstIssues(gradeScaleInputSchema, input))[0];
    if (issue) {
      setProblem(issueText(t, issue));
      return;
    }
    setProblem(null);
    save.mutate(input);
  };

  // Each band reaches up to the next higher band's min, less one (80–100, 70–79 …).
  const sorted = rows
    .map((row, index) => ({ row, index }))
    .sort((a, b) => (b.row.min ?? -1) - (a.row.min ?? -1));
  const rangeOf = (index: number) => {
    const at = sorted.findIndex((entry) => entry.index === index);
    const min = sorted[at]?.row.min;
    if (min == null) return '';
    const above = sorted[at - 1]?.row.min;
    return `${n(min)}–${n(above == null ? 100 : Math.max(min, above - 1))}%`;
  };

  return (
    <Flex vertical gap={16} style={{ maxWidth: 560 }} data-testid="grade-scale">
      <Flex gap={8} align="center" wrap>
        <Typography.Text>{t('scale.intro')}</Typography.Text>
        {scale.data.isDefault ? <Tag color="green">{t('scale.default')}</Tag> : <Tag>{t('scale.own')}</Tag>}
      </Flex>
      <Radio.Group
        value={mode}
        onChange={(event) => setMode(event.target.value as GradeScaleMode)}
        disabled={!canEdit}
        optionType="button"
        options={[
          { value: 'gpa', label: t('scale.modes.gpa') },
          { value: 'percent', label: t('scale.modes.percent') },
        ]}
      />
      {mode === 'percent' ? (
        <Alert type="info" showIcon title={t('scale.percentHint')} />
      ) : (
        <Flex vertical gap={8} role="table" aria-label={t('scale.title')}>
          <Flex gap={8} role="row">
            <Typography.Text type="secondary" role="columnheader" style={{ width: 84 }}>
              {t('scale.min')}
            </Typography.Text>
            <Typography.Text type="secondary" role="columnheader" style={{ width: 72 }}>
              {t('scale.letter')}
            </Typography.Text>
            <Typography.Text type="secondary" role="columnheader" style={{ width: 84 }}>
              {t('scale.point')}
            </Typography.Text>
            <Typography.Text type="secondary" role="columnheader">
              {t('scale.range')}
            </Typography.Text>
          </Flex>
          {rows.map((row, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity of their own while edited
            <Flex key={index} gap={8} align="center" role="row" data-testid="grade-band">
              <InputNumber
                aria-label={t('scale.min')}
                value={row.min}
                min={0}
                max={100}
                precision={0}
                disabled={!canEdit}
                onChange={(value) => setRow(index, { min: value })}
                style={{ width: 84 }}
              />
              <Input
                aria-label={t('scale.letter')}
                value={row.letter}
                maxLength={GRADE_SCALE_LIMITS.letter}
                disabled={!canEdit}
                onChange={(event) => setRow(index, { letter: event.target.value })}
                style={{ width: 72 }}
              />
              <InputNumber
                aria-label={t('scale.point')}
                value={row.point}
                min={0}
                max={GRADE_SCALE_LIMITS.maxPoint}
                step={0.5}
                disabled={!canEdit}
                onChange={(value) => setRow(index, { point: value })}
                style={{ width: 84 }}
              />
              <Typography.Text type="secondary" style={{ minWidth: 0, flex: 1 }}>
                {rangeOf(index)}
              </Typography.Text>
              {canEdit && rows.length > 1 ? (
                <Button
                  type="text"
                  icon={<DeleteOutlined />}
                  aria-label={t('scale.remove')}
                  title={t('scale.remove')}
                  onClick={() => setRows((current) => current.filter((_, i) => i !== index))}
                />
              ) : null}
            </Flex>
          ))}
          {canEdit && rows.length < GRADE_SCALE_LIMITS.bands ? (
            <Button
              type="link"
              icon={<PlusOutlined />}
              style={{ alignSelf: 'flex-start', paddingInline: 0 }}
              onClick={() => setRows((current) => [...current, { min: null, letter: '', point: null }])}
            >
              {t('scale.add')}
            </Button>
          ) : null}
        </Flex>
      )}
      {problem ? <Alert type="error" showIcon role="alert" title={problem} /> : null}
      {canEdit ? (
        <Flex gap={8} wrap>
          <Button type="primary" loading={save.isPending} onClick={handleSave} data-testid="grade-scale-save">
            {t('scale.save')}
          </Button>
          <Button
            icon={<UndoOutlined />}
            onClick={() => {
              setMode('gpa');
              setRows(rowsOf(BANGLADESH_GRADE_BANDS));
              setProblem(null);
            }}
          >
            {t('scale.reset')}
          </Button>
        </Flex>
      ) : (
        <Typography.Text type="secondary">{t('scale.readOnly')}</Typography.Text>
      )}
    </Flex>
  );
}
