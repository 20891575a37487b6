import {
  aiEndpoints,
  REPORT_CARD_LIMITS,
  REPORT_COMMENT_TONES,
  type ReportCommentTone,
  type ReportTable,
  reportCardEndpoints,
} from '@batchwise/domain';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Flex, Input, Modal, Progress, Radio, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call, refresh } from '../../lib/api-client';
import { translateError } from '../../lib/translate-error';
import { useReportFormat } from './report-format';
import type { ReportPlace } from './report-paths';

type Row = ReportTable['rows'][number];
type Draft = { studentId: string; name: string; text: string; saved: boolean };

/**
 * Remarks for a whole class from the AI tool (spec part 1 §1 "AI add-ons"): a draft for each
 * student without a remark yet, one after another with the progress shown (each is one request
 * and one credit, so stopping keeps what was drafted and charges nothing more). The drafts are
 * listed for the teacher to edit; only what the teacher saves reaches the cards.
 */
export function AiRemarksDialog({
  place,
  rows,
  onClose,
}: {
  place: ReportPlace;
  /** The students picked, or the whole class. */
  rows: readonly Row[];
  onClose: () => void;
}) {
  const { t } = useTranslation(['report-cards', 'domain', 'errors']);
  const f = useReportFormat();
  const queryClient = useQueryClient();
  const todo = rows.filter((row) => !row.status?.remark);
  const [language, setLanguage] = useState<'en' | 'bn'>(f.language === 'bn' ? 'bn' : 'en');
  const [tone, setTone] = useState<ReportCommentTone>('warm');
  const [drafts, setDrafts] = useState<Draft[]>([]);
  const [running, setRunning] = useState(false);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);
  const n = (value: number) => f.number(value);

  const run = async () => {
    abort.current = new AbortController();
    const { signal } = abort.current;
    setRunning(true);
    setError(null);
    setDrafts([]);
    try {
      for (const row of todo) {
        if (signal.aborted) break;
        const { comment } = await call(aiEndpoints.reportComment, {
          params: { accountId: place.accountId },
          body: {
            classroomId: place.classroomId,
            studentId: row.studentId,
            term: place.term,
            language,
            tone,
          },
          signal,
        });
        setDrafts((list) => [
          ...list,
          { studentId: row.studentId, name: row.name, text: comment, saved: false },
        ]);
      }
    } catch (err) {
      if (!signal.aborted) setError(err);
    } finally {
      setRunning(false);
    }
  };

  const saveAll = async () => {
    setSaving(true);
    setError(null);
    try {
      for (const draft of drafts.filter((d) => !d.saved && d.text.trim() !== '')) {
        await call(reportCardEndpoints.saveReportRemark, {
          params: { accountId: place.accountId, classroomId: place.classroomId, studentId: draft.studentId },
          body: { term: place.term, remark: draft.text },
        });
        setDrafts((list) => list.map((d) => (d.studentId === draft.studentId ? { ...d, saved: true } : d)));
      }
      await refresh(queryClient, 'report-cards', { accountId: place.accountId });
    } catch (err) {
      setError(err);
    } finally {
      setSaving(false);
    }
  };

  const unsaved = drafts.filter((d) => !d.saved).length;
  return (
    <Modal
      open
      title={t('aiRemark.batchTitle')}
      onCancel={() => {
        abort.current?.abort();
        onClose();
      }}
      footer={null}
      width={720}
    >
      <Flex vertical gap={12} data-testid="ai-remarks">
        <Typography.Text type="secondary">
          {t('aiRemark.batchIntro', { count: todo.length, formatted: n(todo.length) })}
        </Typography.Text>
        <Flex gap={16} wrap>
          <Radio.Group
            aria-label={t('aiRemark.language')}
            value={language}
            onChange={(event) => setLanguage(event.target.value)}
            options={[
              { value: 'bn', label: t('aiRemark.bangla') },
              { value: 'en', label: t('aiRemark.english') },
            ]}
            optionType="button"
            disabled={running}
          />
          <Radio.Group
            aria-label={t('aiRemark.tone')}
            value={tone}
            onChange={(event) => setTone(event.target.value)}
            options={REPORT_COMMENT_TONES.map((value) => ({ value, label: t(`aiRemark.tones.${value}`) }))}
            optionType="button"
            disabled={running}
          />
        </Flex>
        <Typography.Text type="secondary" style={{ fontSize: 13 }}>
          {t('aiRemark.privacy')}
        </Typography.Text>
        <Flex gap={8} wrap>
          <Button
            type="primary"
            loading={running}
            disabled={todo.length === 0}
            onClick={() => void run()}
            data-testid="ai-remarks-run"
          >
            {t('aiRemark.batchRun', { count: todo.length, formatted: n(todo.length) })}
          </Button>
          {running ? <Button onClick={() => abort.current?.abort()}>{t('aiRemark.stop')}</Button> : null}
        </Flex>
        {running || drafts.length > 0 ? (
          <div>
            <Progress percent={todo.length ? Math.round((drafts.length / todo.length) * 100) : 100} />
            <Typography.Text data-testid="ai-remarks-progress">
              {t('aiRemark.progress', { done: n(drafts.length), total: n(todo.length) })}
            </Typography.Text>
          </div>
        ) : null}
        {error ? <Alert type="error" showIcon role="alert" title={translateError(t, error)} /> : null}
        {drafts.map((draft) => (
          <Flex vertical gap={4} key={draft.studentId} data-testid="ai-remarks-draft">
            <label htmlFor={`ai-remark-${draft.studentId}`}>
              <Typography.Text strong>{draft.name}</Typography.Text>
              {draft.saved ? (
                <Typography.Text type="success"> · {t('aiRemark.saved')}</Typography.Text>
              ) : null}
            </label>
            <Input.TextArea
              id={`ai-remark-${draft.studentId}`}
              value={draft.text}
              maxLength={REPORT_CARD_LIMITS.remark}
              autoSize={{ minRows: 2, maxRows: 6 }}
              onChange={(event) =>
                setDrafts((list) =>
                  list.map((d) =>
                    d.studentId === draft.studentId ? { ...d, text: event.target.value, saved: false } : d,
                  ),
                )
              }
            />
          </Flex>
        ))}
        {drafts.length > 0 ? (
          <Flex gap={8} wrap>
            <Button
              type="primary"
              loading={saving}
              disabled={running || unsaved === 0}
              onClick={() => void saveAll()}
              data-testid="ai-remarks-save"
            >
              {t('aiRemark.saveAll', { count: unsaved, formatted: n(unsaved) })}
            </Button>
          </Flex>
        ) : null}
      </Flex>
    </Modal>
  );
}
