import { Button, Space, Tooltip } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './rich-text-editor.module.css';

interface RichTextEditorProps {
  id?: string;
  value?: string;
  onChange?: (html: string) => void;
  'aria-describedby'?: string;
  'aria-label'?: string;
}

type Command = { key: string; label: string; run: () => void };

/**
 * A small rich-text field for news descriptions: bold, italic, headings, lists, quotes and links.
 * Browsers' own editing commands keep it tiny (no editor library in the bundle); whatever HTML it
 * produces is sanitised by the server before it is stored, so this field never has to be trusted.
 */
export function RichTextEditor({ id, value = '', onChange, ...props }: RichTextEditorProps) {
  // Only ARIA attributes pass through: Form.Item also hands over its own `ref` (a plain prop in
  // React 19), which must not replace ours on the editable element.
  const aria = Object.fromEntries(Object.entries(props).filter(([key]) => key.startsWith('aria-')));
  const { t } = useTranslation('staff');
  const ref = useRef<HTMLDivElement>(null);

  // Only push outside changes in (opening another item); typing must not reset the caret.
  useEffect(() => {
    if (ref.current && ref.current.innerHTML !== value) ref.current.innerHTML = value;
  }, [value]);

  const exec = (command: string, argument?: string) => {
    ref.current?.focus();
    document.execCommand(command, false, argument);
    onChange?.(ref.current?.innerHTML ?? '');
  };
  const commands: Command[] = [
    { key: 'B', label: t('news.toolbar.bold'), run: () => exec('bold') },
    { key: 'I', label: t('news.toolbar.italic'), run: () => exec('italic') },
    { key: 'U', label: t('news.toolbar.underline'), run: () => exec('underline') },
    { key: 'H2', label: t('news.toolbar.heading'), run: () => exec('formatBlock', '<h2>') },
    { key: 'H3', label: t('news.toolbar.subheading'), run: () => exec('formatBlock', '<h3>') },
    { key: '¶', label: t('news.toolbar.paragraph'), run: () => exec('formatBlock', '<p>') },
    { key: '•', label: t('news.toolbar.bullets'), run: () => exec('insertUnorderedList') },
    { key: '1.', label: t('news.toolbar.numbers'), run: () => exec('insertOrderedList') },
    { key: '❝', label: t('news.toolbar.quote'), run: () => exec('formatBlock', '<blockquote>') },
    {
      key: '🔗',
      label: t('news.toolbar.link'),
      run: () => {
        const url = window.prompt(t('news.toolbar.linkPrompt'), 'https://');
        if (url && /^(https?:|mailto:|tel:|\/)/.test(url)) exec('createLink', url);
      },
    },
    { key: '⌫', label: t('news.toolbar.clear'), run: () => exec('removeFormat') },
  ];

  return (
    <div className={styles.editor}>
      <Space.Compact block className={styles.toolbar} role="toolbar" aria-label={t('news.toolbar.label')}>
        {commands.map((command) => (
          <Tooltip key={command.key} title={command.label}>
            <Button
              aria-label={command.label}
              onMouseDown={(event) => event.preventDefault()}
              onClick={command.run}
              size="small"
            >
              {command.key}
            </Button>
          </Tooltip>
        ))}
      </Space.Compact>
      {/* biome-ignore lint/a11y/useSemanticElements: a rich-text field cannot be a <textarea>; role and aria-multiline describe it */}
      <div
        id={id}
        ref={ref}
        className={styles.area}
        contentEditable
        role="textbox"
        aria-multiline="true"
        tabIndex={0}
        suppressContentEditableWarning
        onInput={() => onChange?.(ref.current?.innerHTML ?? '')}
        {...aria}
      />
    </div>
  );
}
