import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { STUDENT_FIELD_KINDS, studentEndpoints } from '@batchwise/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Flex, Form, Input, Modal, Select, Skeleton, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryError } from '../../components/antd/query-error';
import { call, refresh } from '../../lib/api-client';
import { translateError } from '../../lib/translate-error';
import type { WorkAccount } from '../../lib/use-work-account';
import { formSettingsQuery } from './student-api';

type FieldRow = { name: string; kind: (typeof STUDENT_FIELD_KINDS)[number] };

/**
 * The account's own student fields (StudentsCustomInfoFields), shown in the drawer's
 * "Additional Information": text, a date (DD-MM-YYYY) or a blood group. Owners and admins only;
 * an admin picks which of their accounts to set them for.
 */
export function StudentFieldsModal({
  open,
  work,
  onClose,
}: {
  open: boolean;
  work: WorkAccount;
  onClose: () => void;
}) {
  const { t } = useTranslation('students');
  const owners = work.session.accounts.filter((a) => a.relation === 'owner' || a.relation === 'admin');
  const [accountId, setAccountId] = useState(
    work.isAdmin ? (owners[1]?.id ?? work.account.id) : work.account.id,
  );
  return (
    <Modal open={open} onCancel={onClose} title={t('fields.title')} footer={null} destroyOnHidden width={620}>
      <Typography.Paragraph type="secondary">{t('fields.intro')}</Typography.Paragraph>
      {work.isAdmin ? (
        <Select
          value={accountId}
          onChange={setAccountId}
          aria-label={work.words.cap(work.words.teacher)}
          style={{ width: '100%', marginBottom: 16 }}
          options={owners.map((owner) => ({
            value: owner.id,
            label: owner.relation === 'owner' ? t('classrooms.form.ownAccount') : owner.ownerName,
          }))}
        />
      ) : null}
      <FieldsEditor key={accountId} accountId={accountId} onClose={onClose} />
    </Modal>
  );
}

function FieldsEditor({ accountId, onClose }: { accountId: string; onClose: () => void }) {
  const { t } = useTranslation(['students', 'domain', 'errors']);
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const settings = useQuery(formSettingsQuery(accountId));
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  if (settings.isPending) return <Skeleton active />;
  if (settings.isError) return <QueryError error={settings.error} onRetry={() => void settings.refetch()} />;

  const handleFinish = async (values: { fields?: FieldRow[] }) => {
    setSaving(true);
    setError(null);
    try {
      const fields = (values.fields ?? []).map((field) => ({ name: field.name.trim(), kind: field.kind }));
      await call(studentEndpoints.setFields, { params: { accountId }, body: { fields } });
      await refresh(queryClient, 'students', { accountId });
      message.success(t('fields.saved'));
      onClose();
    } catch (cause) {
      setError(translateError(t, cause));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form layout="vertical" initialValues={{ fields: settings.data.fields }} onFinish={handleFinish}>
      {error ? <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} /> : null}
      <Form.List name="fields">
        {(fields, { add, remove }) => (
          <Flex vertical gap={8}>
            {fields.length === 0 ? (
              <Typography.Text type="secondary">{t('fields.none')}</Typography.Text>
            ) : null}
            {fields.map((field, index) => (
              <Flex key={field.key} gap={8} align="flex-start" wrap>
                <Form.Item
                  name={[field.name, 'name']}
                  rules={[{ required: true, whitespace: true, message: t('fields.nameRequired') }]}
                  style={{ flex: '2 1 200px', marginBottom: 0 }}
                >
                  <Input
                    placeholder={t('fields.namePlaceholder')}
                    aria-label={t('fields.name', { n: index + 1 })}
                    maxLength={60}
                  />
                </Form.Item>
                <Form.Item name={[field.name, 'kind']} style={{ flex: '1 1 140px', marginBottom: 0 }}>
                  <Select
                    aria-label={t('fields.kind')}
                    options={STUDENT_FIELD_KINDS.map((kind) => ({
                      value: kind,
                      label: t(`fields.kinds.${kind}`),
                    }))}
                  />
                </Form.Item>
                <Button
                  type="text"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={t('fields.remove')}
                  onClick={() => remove(field.name)}
                />
              </Flex>
            ))}
            <div>
              <Button
                icon={<PlusOutlined />}
                onClick={() => add({ name: '', kind: 'text' })}
                disabled={fields.length >= 30}
              >
                {t('fields.add')}
              </Button>
            </div>
          </Flex>
        )}
      </Form.List>
      <Flex justify="flex-end" gap={8} style={{ marginTop: 20 }}>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button type="primary" htmlType="submit" loading={saving}>
          {t('common.saveChanges')}
        </Button>
      </Flex>
    </Form>
  );
}
