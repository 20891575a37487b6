import { UploadOutlined, UserOutlined } from '@ant-design/icons';
import { CUSTOM_ID_PREFIX, normalizeRfid } from '@batchwise/domain';
import { Avatar, Button, Flex, Form, Input, Space, Typography } from 'antd';
import { type ChangeEvent, useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { Wording } from '../../../lib/use-wording';
import { PhoneField } from './phone-field';
import { customIdFromPart, type FieldName } from './student-form-state';
import type { StudentForm } from './use-student-form';

const ACCEPT = '.png,.jpg,.jpeg,image/png,image/jpeg';

/** Part 2 §2 "General": name, phone, e-mail, institution, student ID, picture and RFID code. */
export function GeneralSection({
  form,
  showInstitution,
  canEditId,
  avatarUrl,
  uploadPercent,
  words,
}: {
  form: StudentForm;
  showInstitution: boolean;
  canEditId: boolean;
  avatarUrl: string | null;
  uploadPercent: number | null;
  words: Wording;
}) {
  const { t } = useTranslation(['students', 'domain']);
  const fileInput = useRef<HTMLInputElement>(null);
  const { values, errors } = form;
  const preview = useMemo(() => (form.photo ? URL.createObjectURL(form.photo) : null), [form.photo]);
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);

  const errorText = (field: FieldName) => {
    const error = errors[field];
    return error ? t(`domain:${error.code}`, { ...error.params, defaultValue: error.message }) : undefined;
  };
  const status = (field: FieldName) => (form.showError(field) && errors[field] ? 'error' : undefined);
  const help = (field: FieldName) => (form.showError(field) ? errorText(field) : undefined);
  const text = (field: FieldName) => ({
    value: values[field],
    onChange: (event: ChangeEvent<HTMLInputElement>) => form.setField(field, event.target.value),
    onBlur: () => form.handleBlur(field),
  });

  const handlePhoto = (event: ChangeEvent<HTMLInputElement>) => {
    const files = event.target.files;
    event.target.value = '';
    form.choosePhoto(files?.[0] ?? null);
  };

  const savedAs = customIdFromPart(values.customIdPart);
  const rfidDropped = values.rfid.trim() !== '' && normalizeRfid(values.rfid) === '';

  return (
    <>
      <Form.Item
        label={t('drawer.fields.name')}
        htmlFor="student-name"
        required
        validateStatus={status('name')}
        help={help('name')}
      >
        <Input id="student-name" autoComplete="off" maxLength={120} {...text('name')} />
      </Form.Item>
      <PhoneField
        id="student-phone"
        label={t('drawer.fields.phone')}
        kind="student"
        required
        value={values.phone}
        error={errorText('phone')}
        showError={form.showError('phone')}
        onChange={(value) => form.setField('phone', value)}
        onBlur={() => form.handleBlur('phone')}
      />
      <Form.Item label={t('drawer.fields.email')} htmlFor="student-email">
        <Input id="student-email" type="email" autoComplete="off" maxLength={200} {...text('email')} />
      </Form.Item>
      {showInstitution ? (
        <Form.Item
          label={t('drawer.fields.institution', { institution: words.institution })}
          htmlFor="student-institution"
          required
          validateStatus={status('institution')}
          help={help('institution')}
        >
          <Input
            id="student-institution"
            maxLength={150}
            placeholder={t('drawer.fields.institutionPlaceholder')}
            {...text('institution')}
          />
        </Form.Item>
      ) : null}
      <Form.Item
        label={t('drawer.fields.customId')}
        htmlFor="student-custom-id"
        validateStatus={status('customIdPart')}
        help={
          help('customIdPart') ??
          (canEditId
            ? savedAs && savedAs !== `${CUSTOM_ID_PREFIX}${values.customIdPart.trim()}`
              ? t('drawer.fields.customIdSavedAs', { id: savedAs })
              : undefined
            : t('drawer.fields.customIdLocked'))
        }
      >
        <Space.Compact style={{ width: '100%' }}>
          <Space.Addon>
            {/* The fixed start of every student ID (part of the ID itself, not a word). */}
            <span translate="no">{CUSTOM_ID_PREFIX}</span>
          </Space.Addon>
          <Input
            id="student-custom-id"
            disabled={!canEditId}
            maxLength={40}
            autoComplete="off"
            {...text('customIdPart')}
          />
        </Space.Compact>
      </Form.Item>
      <Form.Item
        label={t('drawer.fields.picture')}
        validateStatus={form.photoError ? 'error' : undefined}
        help={
          form.photoError
            ? t('domain:PICTURE_TYPE_INVALID', { file: form.photoError.file })
            : t('drawer.photo.hint')
        }
      >
        <Flex gap={12} align="center" wrap>
          <Avatar size={56} src={preview ?? avatarUrl ?? undefined} icon={<UserOutlined />} alt="" />
          <input
            ref={fileInput}
            type="file"
            accept={ACCEPT}
            className="bw-visually-hidden"
            tabIndex={-1}
            aria-hidden="true"
            data-testid="student-photo-input"
            onChange={handlePhoto}
          />
          <Button icon={<UploadOutlined />} onClick={() => fileInput.current?.click()}>
            {form.photo ? t('drawer.photo.change') : t('drawer.photo.choose')}
          </Button>
          {form.photo ? (
            <Typography.Text type="secondary" ellipsis style={{ maxWidth: 160 }}>
              {form.photo.name}
            </Typography.Text>
          ) : null}
        </Flex>
        {uploadPercent !== null ? (
          <Typography.Text style={{ display: 'block', marginTop: 6 }} aria-live="polite">
            {t('drawer.photo.uploading', { percent: uploadPercent })}
          </Typography.Text>
        ) : null}
      </Form.Item>
      <Form.Item
        label={t('drawer.fields.rfid')}
        htmlFor="student-rfid"
        validateStatus={rfidDropped ? 'warning' : undefined}
        help={rfidDropped ? t('drawer.fields.rfidTooShort') : undefined}
      >
        <Input id="student-rfid" autoComplete="off" maxLength={100} {...text('rfid')} />
      </Form.Item>
    </>
  );
}
