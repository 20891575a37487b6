import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { TimePicker } from '../../components/antd/date-picker';

/** A class's start and end time (`start`, `end` of the surrounding form), in five-minute steps. */
export function ClassTimeFields() {
  const { t } = useTranslation('timetable');
  return (
    <>
      <Form.Item name="start" label={t('start')} rules={[{ required: true }]}>
        <TimePicker format="HH:mm" minuteStep={5} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="end" label={t('end')} rules={[{ required: true }]}>
        <TimePicker format="HH:mm" minuteStep={5} style={{ width: '100%' }} />
      </Form.Item>
    </>
  );
}
