import { RobotOutlined } from '@ant-design/icons';
import {
  aiEndpoints,
  QUESTION_DIFFICULTIES,
  QUESTION_KINDS,
  QUESTION_SECTION_MAX,
  QUESTION_TOPICS_MAX,
  type QuestionKind,
  type QuestionPaperRequest,
} from '@batchwise/domain';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Card, Checkbox, Flex, Input, InputNumber, Radio, Select, Typography } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../lib/api-client';
import { translateError } from '../../lib/translate-error';
import { useLanguage } from '../../lib/use-language';
import { Field } from './field';
import { editFromDraft, type PaperEdit } from './papers-api';

type Section = { on: boolean; count: number; marksEach: number };
const START: Record<QuestionKind, Section> = {
  mcq: { on: true, count: 10, marksEach: 1 },
  short: { on: false, count: 5, marksEach: 2 },
  creative: { on: true, count: 2, marksEach: 10 },
};

/**
 * What the paper should be: class, subject, chapters, the sections with their number of questions
 * and marks, difficulty and language. The AI model drafts it with an answer key (one request,
 * costing AI credits); only this description is sent, never a student.
 */
export function PaperRequestForm({
  accountId,
  classLevel: startClass,
  subject: startSubject,
  onDrafted,
  onCancel,
}: {
  accountId: string;
  /** The classroom's grade and subject start the form. */
  classLevel: string;
  subject: string;
  onDrafted: (edit: PaperEdit) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation(['question-papers', 'domain', 'errors']);
  const { language } = useLanguage();
  const [classLevel, setClassLevel] = useState(startClass);
  const [subject, setSubject] = useState(startSubject);
  const [topics, setTopics] = useState<string[]>([]);
  const [paperLanguage, setPaperLanguage] = useState<'en' | 'bn'>(language === 'bn' ? 'bn' : 'en');
  const [difficulty, setDifficulty] = useState<(typeof QUESTION_DIFFICULTIES)[number]>('mixed');
  const [sections, setSections] = useState(START);
  const abort = useRef<AbortController | null>(null);
  const request = (): QuestionPaperRequest => ({
    classLevel,
    subject,
    topics,
    language: paperLanguage,
    difficulty,
    sections: QUESTION_KINDS.filter((kind) => sections[kind].on).map((kind) => ({
      kind,
      count: sections[kind].count,
      marksEach: sections[kind].marksEach,
    })),
  });
  const draft = useMutation({
    mutationFn: async () => {
      abort.current = new AbortController();
      const asked = request();
      const answer = await call(aiEndpoints.questionPaper, {
        params: { accountId },
        body: asked,
        signal: abort.current.signal,
      });
      return editFromDraft(asked, answer);
    },
    onSuccess: onDrafted,
  });
  const set = (kind: QuestionKind, change: Partial<Section>) =>
    setSections((all) => ({ ...all, [kind]: { ...all[kind], ...change } }));
  const ready =
    classLevel.trim() !== '' &&
    subject.trim() !== '' &&
    topics.length > 0 &&
    QUESTION_KINDS.some((kind) => sections[kind].on);

  return (
    <Card title={t('request.title')}>
      <Flex vertical gap={12}>
        <Typography.Text type="secondary">{t('request.intro')}</Typography.Text>
        <Flex gap={12} wrap>
          <Field label={t('fields.classLevel')} style={{ flex: '1 1 200px' }}>
            {(id) => (
              <Input
                id={id}
                value={classLevel}
                onChange={(e) => setClassLevel(e.target.value)}
                maxLength={60}
                placeholder={t('fields.classLevelPlaceholder')}
              />
            )}
          </Field>
          <Field label={t('fields.subject')} style={{ flex: '1 1 200px' }}>
            {(id) => (
              <Input
                id={id}
                value={subject}
                onChange={(e) => setSubject(e.target.value)}
                maxLength={100}
                placeholder={t('fields.subjectPlaceholder')}
              />
            )}
          </Field>
        </Flex>
        <Field label={t('request.topics')}>
          {(id) => (
            <Select
              id={id}
              mode="tags"
              value={topics}
              onChange={(list: string[]) => setTopics(list.slice(0, QUESTION_TOPICS_MAX))}
              open={false}
              tokenSeparators={[',', '،']}
              placeholder={t('request.topicsPlaceholder')}
              style={{ width: '100%' }}
              aria-label={t('request.topics')}
            />
          )}
        </Field>
        <Typography.Text strong>{t('request.sections')}</Typography.Text>
        {QUESTION_KINDS.map((kind) => (
          <Flex key={kind} gap={12} wrap align="center">
            <Checkbox
              checked={sections[kind].on}
              onChange={(e) => set(kind, { on: e.target.checked })}
              style={{ flex: '1 1 100%' }}
            >
              {t(`kinds.${kind}`)}
            </Checkbox>
            {sections[kind].on ? (
              <>
                <InputNumber
                  aria-label={t('request.count', { kind: t(`kinds.${kind}`) })}
                  prefix={t('request.countPrefix')}
                  min={1}
                  max={QUESTION_SECTION_MAX}
                  precision={0}
                  value={sections[kind].count}
                  onChange={(value) => set(kind, { count: value ?? 1 })}
                  style={{ width: 150 }}
                />
                {kind === 'creative' ? (
                  <Typography.Text type="secondary">{t('request.creativeMarks')}</Typography.Text>
                ) : (
                  <InputNumber
                    aria-label={t('request.marksEach', { kind: t(`kinds.${kind}`) })}
                    prefix={t('request.marksPrefix')}
                    min={1}
                    max={20}
                    precision={0}
                    value={sections[kind].marksEach}
                    onChange={(value) => set(kind, { marksEach: value ?? 1 })}
                    style={{ width: 150 }}
                  />
                )}
              </>
            ) : null}
          </Flex>
        ))}
        <Flex gap={16} wrap>
          <Radio.Group
            aria-label={t('request.difficulty')}
            value={difficulty}
            onChange={(e) => setDifficulty(e.target.value)}
            options={QUESTION_DIFFICULTIES.map((value) => ({ value, label: t(`difficulty.${value}`) }))}
            optionType="button"
          />
          <Radio.Group
            aria-label={t('fields.language')}
            value={paperLanguage}
            onChange={(e) => setPaperLanguage(e.target.value)}
            options={[
              { value: 'bn', label: t('fields.bangla') },
              { value: 'en', label: t('fields.english') },
            ]}
            optionType="button"
          />
        </Flex>
        <Typography.Text type="secondary" style={{ fontSize: 13 }}>
          {t('request.privacy')}
        </Typography.Text>
        {draft.isError && !abort.current?.signal.aborted ? (
          <Alert type="error" showIcon title={translateError(t, draft.error)} />
        ) : null}
        <Flex gap={8} wrap>
          <Button
            type="primary"
            icon={<RobotOutlined />}
            loading={draft.isPending}
            disabled={!ready}
            onClick={() => draft.mutate()}
          >
            {t('request.draft')}
          </Button>
          {draft.isPending ? (
            <Button onClick={() => abort.current?.abort()}>{t('request.stop')}</Button>
          ) : (
            <Button onClick={onCancel}>{t('actions.back')}</Button>
          )}
        </Flex>
      </Flex>
    </Card>
  );
}
