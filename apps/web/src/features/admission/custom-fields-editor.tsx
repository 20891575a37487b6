import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  ADDRESS_FIELD,
  ADMISSION_SETTINGS_LIMITS,
  BLOOD_GROUP_FIELD,
  DATE_OF_BIRTH_FIELD,
} from '@batchwise/domain';
import { AutoComplete, Button, Flex, List, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** The fields the public form knows how to ask (a blood-group picker, a date, an address box). */
const KNOWN_FIELDS = [BLOOD_GROUP_FIELD, DATE_OF_BIRTH_FIELD, ADDRESS_FIELD];

const move = (list: string[], from: number, to: number) => {
  const next = [...list];
  const [item] = next.splice(from, 1);
  if (item !== undefined) next.splice(to, 0, item);
  return next;
};

/** Names of the extra questions on the form's last page: add, remove and put in order. */
export function CustomFieldsEditor({
  value,
  onChange,
}: {
  value: string[];
  onChange: (next: string[]) => void;
}) {
  const { t } = useTranslation('applications');
  const [draft, setDraft] = useState('');
  const name = draft.trim();
  const taken = value.some((field) => field.toLowerCase() === name.toLowerCase());
  const full = value.length >= ADMISSION_SETTINGS_LIMITS.customFields;
  const suggestions = KNOWN_FIELDS.filter(
    (field) => !value.some((f) => f.toLowerCase() === field.toLowerCase()),
  );

  const add = (field: string) => {
    const clean = field.trim();
    if (!clean || full || value.some((f) => f.toLowerCase() === clean.toLowerCase())) return;
    onChange([...value, clean.slice(0, ADMISSION_SETTINGS_LIMITS.customFieldName)]);
    setDraft('');
  };

  return (
    <Flex vertical gap={8}>
      {value.length > 0 ? (
        <List
          size="small"
          bordered
          data-testid="custom-fields"
          dataSource={value}
          renderItem={(field, index) => (
            <List.Item
              actions={[
                <Button
                  key="up"
                  size="small"
                  type="text"
                  icon={<ArrowUpOutlined />}
                  aria-label={t('settings.fields.up', { field })}
                  disabled={index === 0}
                  onClick={() => onChange(move(value, index, index - 1))}
                />,
                <Button
                  key="down"
                  size="small"
                  type="text"
                  icon={<ArrowDownOutlined />}
                  aria-label={t('settings.fields.down', { field })}
                  disabled={index === value.length - 1}
                  onClick={() => onChange(move(value, index, index + 1))}
                />,
                <Button
                  key="remove"
                  size="small"
                  type="text"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={t('settings.fields.remove', { field })}
                  onClick={() => onChange(value.filter((_, i) => i !== index))}
                />,
              ]}
            >
              <Typography.Text ellipsis style={{ minWidth: 0 }}>
                {field}
              </Typography.Text>
            </List.Item>
          )}
        />
      ) : (
        <Typography.Text type="secondary">{t('settings.fields.none')}</Typography.Text>
      )}
      <Flex gap={8} wrap>
        <AutoComplete
          value={draft}
          onChange={setDraft}
          onSelect={(field: string) => add(field)}
          options={suggestions.map((field) => ({ value: field, label: field }))}
          style={{ flex: '1 1 200px', maxWidth: 320 }}
          maxLength={ADMISSION_SETTINGS_LIMITS.customFieldName}
          placeholder={t('settings.fields.placeholder')}
          aria-label={t('settings.fields.new')}
          disabled={full}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && name) {
              event.preventDefault();
              add(name);
            }
          }}
        />
        <Button icon={<PlusOutlined />} disabled={!name || taken || full} onClick={() => add(name)}>
          {t('settings.fields.add')}
        </Button>
      </Flex>
      {taken && name ? <Typography.Text type="danger">{t('settings.fields.taken')}</Typography.Text> : null}
      {suggestions.length > 0 ? (
        <Flex gap={4} wrap align="center">
          <Typography.Text type="secondary">{t('settings.fields.suggested')}</Typography.Text>
          {suggestions.map((field) => (
            <Button key={field} size="small" type="dashed" disabled={full} onClick={() => add(field)}>
              + {field}
            </Button>
          ))}
        </Flex>
      ) : null}
    </Flex>
  );
}
