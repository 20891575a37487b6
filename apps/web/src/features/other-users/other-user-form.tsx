import {
  OTHER_USER_NAME_MAX,
  OTHER_USER_ROLES,
  type OtherUser,
  type OtherUserInput,
} from '@batchwise/domain';
import { Alert, type ButtonProps, Form, Input, Modal, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { DatePicker } from '../../components/antd/date-picker';
import { translateError } from '../../lib/translate-error';

interface Values {
  name: string;
  phone: string;
  role: OtherUser['role'];
  validFrom: Dayjs | null;
  validTo: Dayjs | null;
}

const DAY = 'YYYY-MM-DD';

/** Adding or changing an other user: name, phone, role and the days their code works. */
export function OtherUserFormModal({
  open,
  person,
  saving,
  error,
  onSave,
  onCancel,
}: {
  open: boolean;
  /** The person to change; null: a new one. */
  person: OtherUser | null;
  saving: boolean;
  error: unknown;
  onSave: (input: OtherUserInput) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation(['other-users', 'domain', 'errors']);
  const [form] = Form.useForm<Values>();
  const initial: Values = person
    ? {
        name: person.name,
        phone: person.phone.replace(/^\+88/, ''),
        role: person.role,
        validFrom: person.validFrom ? dayjs(person.validFrom) : null,
        validTo: person.validTo ? dayjs(person.validTo) : null,
      }
    : { name: '', phone: '', role: 'staff', validFrom: null, validTo: null };
  return (
    <Modal
      open={open}
      title={person ? t('form.editTitle') : t('form.addTitle')}
      okText={t('form.save')}
      cancelText={t('form.cancel')}
      confirmLoading={saving}
      onOk={() => form.submit()}
      onCancel={onCancel}
      okButtonProps={{ 'data-testid': 'other-user-save' } as ButtonProps}
      destroyOnHidden
    >
      {error ? (
        <Alert type="error" showIcon title={translateError(t, error)} style={{ marginBottom: 16 }} />
      ) : null}
      <Form
        name="other-user"
        form={form}
        layout="vertical"
        initialValues={initial}
        preserve={false}
        onFinish={(values) =>
          onSave({
            name: values.name.trim(),
            phone: values.phone.trim(),
            role: values.role,
            validFrom: values.validFrom ? values.validFrom.format(DAY) : null,
            validTo: values.validTo ? values.validTo.format(DAY) : null,
          })
        }
      >
        <Form.Item
          name="name"
          label={t('form.name')}
          rules={[{ required: true, whitespace: true, message: t('domain:OTHER_USER_NAME_REQUIRED') }]}
        >
          <Input maxLength={OTHER_USER_NAME_MAX} autoComplete="off" />
        </Form.Item>
        <Form.Item name="phone" label={t('form.phone')} extra={t('form.phoneHint')}>
          <Input inputMode="tel" autoComplete="off" maxLength={20} />
        </Form.Item>
        <Form.Item name="role" label={t('form.role')}>
          <Select options={OTHER_USER_ROLES.map((role) => ({ value: role, label: t(`roles.${role}`) }))} />
        </Form.Item>
        <Form.Item name="validFrom" label={t('form.validFrom')} extra={t('form.validHint')}>
          <DatePicker style={{ width: '100%' }} format={DAY} />
        </Form.Item>
        <Form.Item
          name="validTo"
          label={t('form.validTo')}
          dependencies={['validFrom']}
          rules={[
            ({ getFieldValue }) => ({
              validator: (_, value: Dayjs | null) => {
                const from: Dayjs | null = getFieldValue('validFrom');
                return value && from && value.isBefore(from, 'day')
                  ? Promise.reject(new Error(t('domain:OTHER_USER_VALIDITY_ORDER')))
                  : Promise.resolve();
              },
            }),
          ]}
        >
          <DatePicker style={{ width: '100%' }} format={DAY} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
