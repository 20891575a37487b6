import { BLOOD_GROUPS_DRAWER_ORDER, type StudentFormSettings } from '@batchwise/domain';
import { Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { DatePicker } from '../../../components/antd/date-picker';
import { parseDayMonthYear } from '../../../lib/day-month-year';
import type { StudentForm } from './use-student-form';

/** Part 2 §2 "Additional Information": the account's own student fields. */
export function AdditionalSection({
  form,
  fields,
}: {
  form: StudentForm;
  fields: StudentFormSettings['fields'];
}) {
  const { t } = useTranslation('students');
  return (
    <>
      {fields.map((field, index) => {
        const id = `student-field-${index}`;
        const value = form.values.customFields[field.name] ?? '';
        const set = (next: string) => form.setCustomField(field.name, next);
        return (
          <Form.Item key={field.name} label={field.name} htmlFor={id}>
            {field.kind === 'date' ? (
              <DatePicker
                id={id}
                format="DD-MM-YYYY"
                placeholder="DD-MM-YYYY"
                style={{ width: '100%' }}
                value={parseDayMonthYear(value)}
                onChange={(date) => set(date ? date.format('DD-MM-YYYY') : '')}
              />
            ) : field.kind === 'blood-group' ? (
              <Select
                id={id}
                allowClear
                placeholder={t('drawer.fields.chooseBloodGroup')}
                value={value || undefined}
                onChange={(next?: string) => set(next ?? '')}
                options={BLOOD_GROUPS_DRAWER_ORDER.map((group) => ({ value: group, label: group }))}
              />
            ) : (
              <Input id={id} maxLength={500} value={value} onChange={(event) => set(event.target.value)} />
            )}
          </Form.Item>
        );
      })}
    </>
  );
}
