import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined } from '@ant-design/icons';
import { QUESTION_OPTION_LABELS as OPTION_LABELS, type PaperContent } from '@batchwise/domain';
import { Button, Card, Flex, Input, InputNumber, Radio, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

// One question of each kind, edited in place: its text, options or parts, answer key and marks,
// with moving it up or down and removing it. Labels follow the paper's language (ক খ গ ঘ).

type Mcq = PaperContent['mcq'][number];
type Short = PaperContent['short'][number];
type Creative = PaperContent['creative'][number];

export interface QuestionControls {
  index: number;
  count: number;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
}

/** A question's card: "Question n" with moving up, down and removing it. */
function QuestionCard({
  n,
  controls,
  children,
}: {
  n: (value: number) => string;
  controls: QuestionControls;
  children: ReactNode;
}) {
  const { t } = useTranslation('question-papers');
  return (
    <Card
      size="small"
      title={t('editor.question', { n: n(controls.index + 1) })}
      data-testid="paper-question"
      extra={
        <Flex gap={4}>
          <Button
            size="small"
            icon={<ArrowUpOutlined />}
            aria-label={t('editor.moveUp')}
            disabled={controls.index === 0}
            onClick={() => controls.onMove(-1)}
          />
          <Button
            size="small"
            icon={<ArrowDownOutlined />}
            aria-label={t('editor.moveDown')}
            disabled={controls.index === controls.count - 1}
            onClick={() => controls.onMove(1)}
          />
          <Button
            size="small"
            danger
            icon={<DeleteOutlined />}
            aria-label={t('editor.removeQuestion')}
            onClick={controls.onRemove}
          />
        </Flex>
      }
    >
      <Flex vertical gap={8}>
        {children}
      </Flex>
    </Card>
  );
}

function Marks({
  value,
  onChange,
  label,
}: {
  value: number;
  onChange: (marks: number) => void;
  label: string;
}) {
  return (
    <InputNumber
      aria-label={label}
      prefix={label}
      min={1}
      max={100}
      precision={0}
      value={value}
      onChange={(v) => onChange(v ?? 1)}
      style={{ width: 140 }}
    />
  );
}

function QuestionText({ value, onChange }: { value: string; onChange: (text: string) => void }) {
  const { t } = useTranslation('question-papers');
  return (
    <Input.TextArea
      aria-label={t('editor.questionText')}
      value={value}
      autoSize={{ minRows: 1, maxRows: 6 }}
      maxLength={1000}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}

export function McqEditor({
  q,
  n,
  lang,
  controls,
  onChange,
}: {
  q: Mcq;
  n: (value: number) => string;
  lang: 'en' | 'bn';
  controls: QuestionControls;
  onChange: (q: Mcq) => void;
}) {
  const { t } = useTranslation('question-papers');
  return (
    <QuestionCard n={n} controls={controls}>
      <QuestionText value={q.text} onChange={(text) => onChange({ ...q, text })} />
      <Radio.Group
        value={q.answer}
        onChange={(e) => onChange({ ...q, answer: e.target.value })}
        aria-label={t('editor.rightOption')}
        style={{ width: '100%' }}
      >
        <Flex vertical gap={6}>
          {q.options.map((option, i) => (
            <Flex key={OPTION_LABELS[lang][i]} gap={8} align="center">
              <Radio value={i} aria-label={t('editor.markRight', { option: OPTION_LABELS[lang][i] })}>
                {OPTION_LABELS[lang][i]}
              </Radio>
              <Input
                aria-label={t('editor.option', { option: OPTION_LABELS[lang][i] })}
                value={option}
                maxLength={300}
                onChange={(e) =>
                  onChange({ ...q, options: q.options.map((o, j) => (j === i ? e.target.value : o)) })
                }
              />
            </Flex>
          ))}
        </Flex>
      </Radio.Group>
      <Marks label={t('editor.marks')} value={q.marks} onChange={(marks) => onChange({ ...q, marks })} />
    </QuestionCard>
  );
}

export function ShortEditor({
  q,
  n,
  controls,
  onChange,
}: {
  q: Short;
  n: (value: number) => string;
  controls: QuestionControls;
  onChange: (q: Short) => void;
}) {
  const { t } = useTranslation('question-papers');
  return (
    <QuestionCard n={n} controls={controls}>
      <QuestionText value={q.text} onChange={(text) => onChange({ ...q, text })} />
      <Input.TextArea
        aria-label={t('editor.answer')}
        placeholder={t('editor.answer')}
        value={q.answer}
        autoSize={{ minRows: 1, maxRows: 6 }}
        maxLength={2000}
        onChange={(e) => onChange({ ...q, answer: e.target.value })}
      />
      <Marks label={t('editor.marks')} value={q.marks} onChange={(marks) => onChange({ ...q, marks })} />
    </QuestionCard>
  );
}

export function CreativeEditor({
  q,
  n,
  lang,
  controls,
  onChange,
}: {
  q: Creative;
  n: (value: number) => string;
  lang: 'en' | 'bn';
  controls: QuestionControls;
  onChange: (q: Creative) => void;
}) {
  const { t } = useTranslation('question-papers');
  const setPart = (i: number, change: Partial<Creative['parts'][number]>) =>
    onChange({ ...q, parts: q.parts.map((p, j) => (j === i ? { ...p, ...change } : p)) });
  return (
    <QuestionCard n={n} controls={controls}>
      <Typography.Text type="secondary">{t('editor.stem')}</Typography.Text>
      <Input.TextArea
        aria-label={t('editor.stem')}
        value={q.stem}
        autoSize={{ minRows: 2, maxRows: 8 }}
        maxLength={3000}
        onChange={(e) => onChange({ ...q, stem: e.target.value })}
      />
      {q.parts.map((part, i) => (
        <Flex key={OPTION_LABELS[lang][i]} vertical gap={4} style={{ paddingInlineStart: 8 }}>
          <Typography.Text strong>
            {t('editor.part', { part: OPTION_LABELS[lang][i], level: t(`editor.levels.${i}`) })}
          </Typography.Text>
          <Input.TextArea
            aria-label={t('editor.partText', { part: OPTION_LABELS[lang][i] })}
            value={part.text}
            autoSize={{ minRows: 1, maxRows: 4 }}
            maxLength={1000}
            onChange={(e) => setPart(i, { text: e.target.value })}
          />
          <Input.TextArea
            aria-label={t('editor.partAnswer', { part: OPTION_LABELS[lang][i] })}
            placeholder={t('editor.answer')}
            value={part.answer}
            autoSize={{ minRows: 1, maxRows: 4 }}
            maxLength={3000}
            onChange={(e) => setPart(i, { answer: e.target.value })}
          />
          <Marks label={t('editor.marks')} value={part.marks} onChange={(marks) => setPart(i, { marks })} />
        </Flex>
      ))}
    </QuestionCard>
  );
}
