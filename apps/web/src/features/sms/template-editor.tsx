import { QuestionCircleOutlined } from '@ant-design/icons';
import {
  BUILT_IN_SMS_TEMPLATES,
  columnLetter,
  INTERFACE_LANGUAGE_NAMES,
  isInterfaceLanguage,
  type SheetCell,
  TEMPLATE_CHARS_PER_SMS,
  templatePhoneColumn,
  templateProblems,
} from '@batchwise/domain';
import { Alert, Button, Flex, type GetRef, Input, Popover, Select, Typography } from 'antd';
import { useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSmsCountText } from '../../components/sms-count-line';
import { LANGUAGES, type Language } from '../../lib/language';
import { useLanguage } from '../../lib/use-language';
import type { SmsTemplate } from './sms-api';
import { columnTitle } from './template-upload';

/** The longest template the server takes (smsTemplateSendSchema). */
export const TEMPLATE_MAX_LENGTH = 2000;

/** How a column is named in a template: its header, or its letter when the header is empty or would not parse. */
export function columnRef(header: SheetCell, index: number): string {
  const text = header === null || header === undefined ? '' : String(header).trim();
  return text && !/[{}|]/.test(text) ? text : columnLetter(index + 1);
}

/** The phone column found by name (Phone, Mobile, ফোন…), as a template names it; undefined when none. */
export function detectedPhoneColumn(headers: readonly SheetCell[]): string | undefined {
  const index = templatePhoneColumn(headers);
  return index === -1 ? undefined : columnRef(headers[index] ?? null, index);
}

/** What will not work in the template with these columns (none before a sheet), translated, each once. */
export function useTemplateProblems(
  text: string,
  headers: readonly SheetCell[] | null,
  phoneColumn: string | undefined,
): string[] {
  const { t } = useTranslation('domain');
  // Before a sheet is uploaded every column is unknown; that is no problem yet.
  const problems = useMemo(
    () => (headers ? templateProblems(text, headers, phoneColumn) : []),
    [text, headers, phoneColumn],
  );
  return [...new Set(problems.map((p) => t(p.code, { ...p.params, defaultValue: p.message })))];
}

/** The value of a "start from" option: a saved template's id or a built-in in one language. */
export const savedSource = (id: string) => `saved:${id}`;
const builtInSource = (id: string, language: Language) => `built-in:${id}:${language}`;

/** The body a "start from" value stands for, or null when it names nothing (a deleted template). */
export function sourceBody(source: string, saved: readonly SmsTemplate[]): string | null {
  const [kind, id, language] = source.split(':');
  if (kind === 'saved') return saved.find((s) => s.id === id)?.body ?? null;
  const builtIn = BUILT_IN_SMS_TEMPLATES.find((b) => b.id === id);
  return builtIn && isInterfaceLanguage(language) ? builtIn.body[language] : null;
}

/**
 * Step 2: the message. Columns of the sheet are inserted where the cursor is; the phone column
 * is the one found by name until another is chosen; problems (an unknown column, a condition
 * that cannot be read) show as the template is typed.
 */
export function TemplateEditor({
  headers,
  text,
  onText,
  phoneColumn,
  onPhoneColumn,
  source,
  onSource,
  saved,
  problems,
}: {
  headers: readonly SheetCell[];
  text: string;
  onText: (text: string) => void;
  phoneColumn: string | undefined;
  onPhoneColumn: (column: string | undefined) => void;
  source: string | null;
  onSource: (source: string) => void;
  saved: readonly SmsTemplate[];
  /** From useTemplateProblems, which the tab also needs for the confirmation. */
  problems: readonly string[];
}) {
  const { t } = useTranslation(['sms', 'domain']);
  const { language, locale } = useLanguage();
  const area = useRef<GetRef<typeof Input.TextArea>>(null);

  // The interface's language first: a Bangla screen most likely wants a Bangla message.
  const languages = [language, ...LANGUAGES.filter((l) => l !== language)];
  const startOptions = [
    ...(saved.length > 0
      ? [
          {
            label: t('templates.editor.saved'),
            title: t('templates.editor.saved'),
            options: saved.map((s) => ({ value: savedSource(s.id), label: s.name })),
          },
        ]
      : []),
    {
      label: t('templates.editor.builtIn'),
      title: t('templates.editor.builtIn'),
      options: languages.flatMap((lang) =>
        BUILT_IN_SMS_TEMPLATES.map((b) => ({
          value: builtInSource(b.id, lang),
          label: `${t(`templates.builtIn.${b.id}`)} · ${INTERFACE_LANGUAGE_NAMES[lang]}`,
        })),
      ),
    },
  ];

  const handleInsert = (ref: string) => {
    const element = area.current?.resizableTextArea?.textArea;
    const token = `{${ref}}`;
    const start = element?.selectionStart ?? text.length;
    const end = element?.selectionEnd ?? text.length;
    const caret = start + token.length;
    onText(text.slice(0, start) + token + text.slice(end));
    // After React has written the new value, put the cursor after the inserted column.
    requestAnimationFrame(() => {
      element?.focus();
      element?.setSelectionRange(caret, caret);
    });
  };

  const n = (value: number) => value.toLocaleString(locale);
  const counted = useSmsCountText();
  return (
    <Flex vertical gap={12}>
      <Flex vertical gap={4}>
        <label htmlFor="template-start">{t('templates.editor.start')}</label>
        <Select
          id="template-start"
          value={source}
          onChange={onSource}
          options={startOptions}
          placeholder={t('templates.editor.startPlaceholder')}
          showSearch={{ optionFilterProp: 'label' }}
          style={{ width: '100%', maxWidth: 420 }}
        />
      </Flex>
      <Flex vertical gap={4}>
        <Flex justify="space-between" align="center" gap={8} wrap>
          <label htmlFor="template-text">{t('templates.editor.text')}</label>
          <Popover
            trigger="click"
            placement="bottom"
            title={t('templates.editor.help')}
            content={<TemplateHelp />}
          >
            <Button type="link" size="small" icon={<QuestionCircleOutlined />}>
              {t('templates.editor.help')}
            </Button>
          </Popover>
        </Flex>
        <Input.TextArea
          id="template-text"
          ref={area}
          value={text}
          onChange={(event) => onText(event.target.value)}
          autoSize={{ minRows: 4, maxRows: 12 }}
          maxLength={TEMPLATE_MAX_LENGTH}
          placeholder={t('templates.editor.placeholder')}
        />
        <Typography.Text type="secondary" style={{ fontSize: 13 }}>
          {t('templates.editor.counted', {
            length: n(text.length),
            max: n(TEMPLATE_MAX_LENGTH),
            rule: counted.rule('template', TEMPLATE_CHARS_PER_SMS),
          })}
        </Typography.Text>
      </Flex>
      {headers.length > 0 ? (
        <Flex gap={6} wrap align="center" role="group" aria-label={t('templates.editor.columns')}>
          <Typography.Text type="secondary" style={{ fontSize: 13 }}>
            {t('templates.editor.columns')}
          </Typography.Text>
          {headers.map((header, index) => {
            const ref = columnRef(header, index);
            return (
              <Button
                // biome-ignore lint/suspicious/noArrayIndexKey: columns are positional and headers may repeat.
                key={index}
                size="small"
                onClick={() => handleInsert(ref)}
                aria-label={t('templates.editor.insert', { column: columnTitle(header, index) })}
              >
                {`{${ref}}`}
              </Button>
            );
          })}
        </Flex>
      ) : null}
      <Flex vertical gap={4}>
        <label htmlFor="template-phone">{t('templates.editor.phoneColumn')}</label>
        <Select
          id="template-phone"
          value={phoneColumn}
          onChange={onPhoneColumn}
          allowClear
          placeholder={t('templates.editor.phoneColumnPlaceholder')}
          options={headers.map((header, index) => ({
            value: columnRef(header, index),
            label: `${columnLetter(index + 1)} · ${columnTitle(header, index)}`,
          }))}
          style={{ width: '100%', maxWidth: 320 }}
        />
        <Typography.Text type="secondary" style={{ fontSize: 13 }}>
          {t('templates.editor.phoneColumnHelp')}
        </Typography.Text>
      </Flex>
      {problems.map((problem) => (
        <Alert key={problem} type="warning" showIcon title={problem} />
      ))}
    </Flex>
  );
}

const HELP_KEYS = ['value', 'letter', 'fixed', 'hide', 'missing', 'condition', 'operators', 'dates'] as const;

/** The template syntax in brief (packages/domain/README.md "Message templates"). */
function TemplateHelp() {
  const { t } = useTranslation('sms');
  return (
    // Narrower than a phone's screen, so the popover never runs off its edge.
    <ul style={{ margin: 0, paddingInlineStart: 18, maxWidth: 'min(360px, calc(100vw - 72px))' }}>
      {HELP_KEYS.map((key) => (
        <li key={key} style={{ marginBottom: 4 }}>
          {t(`templates.help.${key}`)}
        </li>
      ))}
    </ul>
  );
}
