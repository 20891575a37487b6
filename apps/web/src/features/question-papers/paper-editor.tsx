import { FilePdfOutlined, PlusOutlined, SaveOutlined } from '@ant-design/icons';
import {
  type PaperContent,
  paperTotalMarks,
  QUESTION_KINDS,
  QUESTION_SECTION_MAX,
  type QuestionKind,
  questionPaperEndpoints,
  type SavedPaper,
} from '@batchwise/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Checkbox, Flex, Input, InputNumber, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call, refresh, urlOf } from '../../lib/api-client';
import { downloadFile } from '../../lib/download';
import { translateError } from '../../lib/translate-error';
import { useDigits } from '../../lib/use-digits';
import { Field } from './field';
import { PaperAssessmentButton } from './paper-assessment';
import type { PaperEdit } from './papers-api';
import { CreativeEditor, McqEditor, type QuestionControls, ShortEditor } from './question-editors';

const BLANK = {
  mcq: () => ({ text: '', options: ['', '', '', ''], answer: 0, marks: 1 }),
  short: () => ({ text: '', answer: '', marks: 2 }),
  creative: () => ({
    stem: '',
    parts: [1, 2, 3, 4].map((marks) => ({ text: '', answer: '', marks })),
  }),
};

/**
 * The paper in the browser: its print details, each section's questions (edit, reorder, remove,
 * add) with the answer key, the total marks as they change; save to the classroom, then print as
 * a PDF (with or without the answer key), make an assessment of it, or delete it.
 */
export function PaperEditor({
  accountId,
  classroomId,
  start,
  saved: startSaved,
  onClose,
}: {
  accountId: string;
  classroomId: string;
  start: PaperEdit;
  /** The paper as saved; absent for a fresh draft until it is saved. */
  saved?: SavedPaper;
  onClose: () => void;
}) {
  const { t } = useTranslation(['question-papers', 'domain', 'errors']);
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const digits = useDigits();
  const n = (value: number) => digits(String(value));
  const [edit, setEdit] = useState(start);
  const [saved, setSaved] = useState(startSaved);
  const [dirty, setDirty] = useState(!startSaved);
  const [withAnswers, setWithAnswers] = useState(false);
  const change = (next: Partial<PaperEdit>) => {
    setEdit((current) => ({ ...current, ...next }));
    setDirty(true);
  };
  const setPaper = (paper: PaperContent) => change({ paper });
  const total = paperTotalMarks(edit.paper);
  const done = () => refresh(queryClient, 'question-papers', { accountId });

  const save = useMutation({
    mutationFn: () =>
      saved
        ? call(questionPaperEndpoints.updatePaper, { params: { accountId, paperId: saved.id }, body: edit })
        : call(questionPaperEndpoints.savePaper, { params: { accountId, classroomId }, body: edit }),
    onSuccess: async (paper) => {
      setSaved(paper);
      setDirty(false);
      void message.success(t('editor.saved'));
      await done();
    },
  });
  const pdf = useMutation({
    mutationFn: (paper: SavedPaper) =>
      downloadFile(
        urlOf(questionPaperEndpoints.paperPdf, {
          params: { accountId, paperId: paper.id },
          query: { answers: withAnswers ? '1' : '0' },
        }),
        { fallbackName: `${paper.title}.pdf` },
      ),
  });
  const remove = useMutation({
    mutationFn: (paper: SavedPaper) =>
      call(questionPaperEndpoints.deletePaper, { params: { accountId, paperId: paper.id } }),
    onSuccess: async () => {
      void message.success(t('editor.deleted'));
      await done();
      onClose();
    },
    onError: (error) => void message.error(translateError(t, error)),
  });
  const confirmRemove = (paper: SavedPaper) =>
    modal.confirm({
      title: t('editor.deleteTitle', { title: paper.title }),
      content: t('editor.deleteBody'),
      okText: t('editor.delete'),
      okButtonProps: { danger: true },
      cancelText: t('actions.cancel'),
      onOk: () => remove.mutateAsync(paper),
    });

  const list = <K extends QuestionKind>(kind: K) => edit.paper[kind] as PaperContent[K];
  const setList = <K extends QuestionKind>(kind: K, next: PaperContent[K]) =>
    setPaper({ ...edit.paper, [kind]: next });
  const controls = (kind: QuestionKind, index: number): QuestionControls => {
    const items = [...list(kind)];
    return {
      index,
      count: items.length,
      onMove: (by) => {
        const [item] = items.splice(index, 1);
        items.splice(index + by, 0, item!);
        setList(kind, items as never);
      },
      onRemove: () => setList(kind, items.filter((_, i) => i !== index) as never),
    };
  };
  const replace = <K extends QuestionKind>(kind: K, index: number, q: PaperContent[K][number]) =>
    setList(kind, list(kind).map((item, i) => (i === index ? q : item)) as never);
  const lang = edit.language;
  const failure = save.error ?? pdf.error;

  return (
    <Flex vertical gap={16}>
      <Card>
        <Flex vertical gap={12}>
          <Field label={t('fields.title')}>
            {(id) => (
              <Input
                id={id}
                value={edit.paper.title}
                maxLength={200}
                onChange={(e) => setPaper({ ...edit.paper, title: e.target.value })}
              />
            )}
          </Field>
          <Flex gap={12} wrap>
            <Field label={t('fields.classLevel')} style={{ flex: '1 1 160px' }}>
              {(id) => (
                <Input
                  id={id}
                  value={edit.classLevel}
                  maxLength={60}
                  onChange={(e) => change({ classLevel: e.target.value })}
                />
              )}
            </Field>
            <Field label={t('fields.subject')} style={{ flex: '1 1 160px' }}>
              {(id) => (
                <Input
                  id={id}
                  value={edit.subject}
                  maxLength={100}
                  onChange={(e) => change({ subject: e.target.value })}
                />
              )}
            </Field>
            <Field label={t('fields.duration')} style={{ flex: '1 1 120px' }}>
              {(id) => (
                <InputNumber
                  id={id}
                  min={5}
                  max={600}
                  precision={0}
                  value={edit.durationMinutes}
                  onChange={(value) => change({ durationMinutes: value ?? 60 })}
                  style={{ width: '100%' }}
                />
              )}
            </Field>
          </Flex>
          <Typography.Text strong data-testid="paper-total">
            {t('editor.total', { marks: n(total) })}
          </Typography.Text>
        </Flex>
      </Card>

      {QUESTION_KINDS.map((kind) => (
        <Flex key={kind} vertical gap={8}>
          <Typography.Title level={5} style={{ margin: 0 }}>
            {t(`kinds.${kind}`)}
          </Typography.Title>
          {kind === 'mcq'
            ? edit.paper.mcq.map((q, i) => (
                <McqEditor
                  // biome-ignore lint/suspicious/noArrayIndexKey: questions carry no id; every field is controlled, so the position is the identity
                  key={i}
                  q={q}
                  n={n}
                  lang={lang}
                  controls={controls('mcq', i)}
                  onChange={(next) => replace('mcq', i, next)}
                />
              ))
            : kind === 'short'
              ? edit.paper.short.map((q, i) => (
                  <ShortEditor
                    // biome-ignore lint/suspicious/noArrayIndexKey: questions carry no id; every field is controlled, so the position is the identity
                    key={i}
                    q={q}
                    n={n}
                    controls={controls('short', i)}
                    onChange={(next) => replace('short', i, next)}
                  />
                ))
              : edit.paper.creative.map((q, i) => (
                  <CreativeEditor
                    // biome-ignore lint/suspicious/noArrayIndexKey: questions carry no id; every field is controlled, so the position is the identity
                    key={i}
                    q={q}
                    n={n}
                    lang={lang}
                    controls={controls('creative', i)}
                    onChange={(next) => replace('creative', i, next)}
                  />
                ))}
          <Button
            icon={<PlusOutlined />}
            disabled={list(kind).length >= QUESTION_SECTION_MAX}
            onClick={() => setList(kind, [...list(kind), BLANK[kind]()] as never)}
            style={{ alignSelf: 'flex-start' }}
          >
            {t('editor.add', { kind: t(`kinds.${kind}`) })}
          </Button>
        </Flex>
      ))}

      {failure ? <Alert type="error" showIcon title={translateError(t, failure)} /> : null}
      <Card size="small">
        <Flex gap={8} wrap align="center">
          <Button
            type="primary"
            icon={<SaveOutlined />}
            loading={save.isPending}
            disabled={!dirty}
            onClick={() => save.mutate()}
          >
            {t('editor.save')}
          </Button>
          <Button
            icon={<FilePdfOutlined />}
            loading={pdf.isPending}
            disabled={!saved || dirty}
            onClick={() => saved && pdf.mutate(saved)}
          >
            {t('editor.pdf')}
          </Button>
          <Checkbox checked={withAnswers} onChange={(e) => setWithAnswers(e.target.checked)}>
            {t('editor.withAnswers')}
          </Checkbox>
          {saved && !dirty ? <PaperAssessmentButton accountId={accountId} paper={saved} /> : null}
          {saved ? (
            <Button danger loading={remove.isPending} onClick={() => confirmRemove(saved)}>
              {t('editor.delete')}
            </Button>
          ) : null}
          <Button onClick={onClose}>{t('actions.back')}</Button>
        </Flex>
        {dirty && saved ? (
          <Typography.Paragraph type="secondary" style={{ margin: '8px 0 0' }}>
            {t('editor.saveFirst')}
          </Typography.Paragraph>
        ) : null}
      </Card>
    </Flex>
  );
}
