import { DeleteOutlined, PictureOutlined, PlusOutlined } from '@ant-design/icons';
import {
  CLASSROOM_STATUSES,
  CLASSROOM_TYPES,
  type Classroom,
  DAY_NAMES,
  isPickableClassroom,
  pictureFileError,
} from '@batchwise/domain';
import { useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Avatar,
  theme as antdTheme,
  Button,
  ColorPicker,
  Drawer,
  Flex,
  Form,
  Input,
  InputNumber,
  Progress,
  Select,
  Typography,
} from 'antd';
import { type ChangeEvent, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DatePicker, TimePicker } from '../../components/antd/date-picker';
import { useDrawerPlacement, useDrawerSize } from '../../components/antd/use-drawer-size';
import { translateError } from '../../lib/translate-error';
import { uploadFile } from '../../lib/upload';
import type { WorkAccount } from '../../lib/use-work-account';
import { classroomApi, refreshClassrooms } from './classroom-api';
import { type ClassroomFormValues, PRESET_COLORS, toFormValues, toInput } from './classroom-values';

const ACCEPT = '.png,.jpg,.jpeg,image/png,image/jpeg';

/** Create or edit a classroom (owners and admins): grade → subject → name and its details. */
export function ClassroomFormDrawer({
  open,
  classroom,
  work,
  onClose,
}: {
  open: boolean;
  /** Null to create one. */
  classroom: Classroom | null;
  work: WorkAccount;
  onClose: () => void;
}) {
  const { t } = useTranslation('students');
  const size = useDrawerSize(520);
  const placement = useDrawerPlacement();
  const { words } = work;
  const title = classroom
    ? t('classrooms.form.editTitle', { classroom: words.cap(words.classroom) })
    : t('classrooms.form.createTitle', { classroom: words.cap(words.classroom) });
  return (
    <Drawer
      placement={placement}
      open={open}
      onClose={onClose}
      size={size}
      title={title}
      destroyOnHidden
      styles={{ body: { paddingBottom: 0 } }}
    >
      {/* A new form each time it opens: fresh values, nothing left over from the last visit. */}
      {open ? <ClassroomForm classroom={classroom} work={work} onClose={onClose} /> : null}
    </Drawer>
  );
}

function ClassroomForm({
  classroom,
  work,
  onClose,
}: {
  classroom: Classroom | null;
  work: WorkAccount;
  onClose: () => void;
}) {
  const { t } = useTranslation(['students', 'domain', 'errors']);
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const { token } = antdTheme.useToken();
  const [form] = Form.useForm<ClassroomFormValues>();
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [avatar, setAvatar] = useState<File | null>(null);
  const [avatarPercent, setAvatarPercent] = useState<number | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const avatarPreview = useMemo(() => (avatar ? URL.createObjectURL(avatar) : null), [avatar]);
  useEffect(() => () => (avatarPreview ? URL.revokeObjectURL(avatarPreview) : undefined), [avatarPreview]);
  const { words } = work;
  const owners = work.session.accounts.filter((a) => a.relation === 'owner' || a.relation === 'admin');

  const required = (code: string) => ({ required: true, whitespace: true, message: t(`domain:${code}`) });

  const handleAvatar = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const typeError = pictureFileError(file.name);
    if (typeError) {
      setError(t(`domain:${typeError.code}`, { file: file.name }));
      return;
    }
    setError(null);
    setAvatar(file);
  };

  const handleFinish = async (values: ClassroomFormValues) => {
    setSaving(true);
    setError(null);
    try {
      const input = toInput(values);
      const accountId = classroom?.accountId ?? values.accountId ?? work.account.id;
      const saved = classroom
        ? await classroomApi.update(accountId, classroom.id, input)
        : await classroomApi.create(accountId, input);
      if (avatar) {
        setAvatarPercent(0);
        await uploadFile(classroomApi.avatarPath(saved.accountId, saved.id), avatar, {
          onProgress: setAvatarPercent,
        });
      }
      await refreshClassrooms(queryClient);
      message.success(
        t(classroom ? 'classrooms.form.updated' : 'classrooms.form.created', { name: saved.name }),
      );
      setAvatar(null);
      onClose();
    } catch (cause) {
      setError(translateError(t, cause));
    } finally {
      setSaving(false);
      setAvatarPercent(null);
    }
  };

  return (
    <>
      <Form<ClassroomFormValues>
        form={form}
        layout="vertical"
        onFinish={handleFinish}
        initialValues={toFormValues(
          classroom,
          work.isAdmin ? (owners[1]?.id ?? work.account.id) : work.account.id,
        )}
      >
        {error ? <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} /> : null}
        {work.isAdmin && !classroom ? (
          <Form.Item name="accountId" label={words.cap(words.teacher)} rules={[{ required: true }]}>
            <Select
              options={owners.map((owner) => ({
                value: owner.id,
                label: owner.relation === 'owner' ? t('classrooms.form.ownAccount') : owner.ownerName,
              }))}
            />
          </Form.Item>
        ) : null}
        <Flex gap={12} wrap>
          <Form.Item
            name="grade"
            label={t('classrooms.fields.grade')}
            rules={[required('CLASSROOM_GRADE_REQUIRED')]}
            style={{ flex: '1 1 180px' }}
          >
            <Input placeholder={t('classrooms.fields.gradePlaceholder')} maxLength={80} />
          </Form.Item>
          <Form.Item
            name="subject"
            label={t('classrooms.fields.subject')}
            rules={[required('CLASSROOM_SUBJECT_REQUIRED')]}
            style={{ flex: '1 1 180px' }}
          >
            <Input placeholder={t('classrooms.fields.subjectPlaceholder')} maxLength={80} />
          </Form.Item>
        </Flex>
        <Form.Item
          name="name"
          label={t('classrooms.fields.name', { classroom: words.cap(words.classroom) })}
          rules={[
            required('CLASSROOM_NAME_REQUIRED'),
            {
              validator: async (_rule, value: string) => {
                if (value?.trim() && !isPickableClassroom(value))
                  throw new Error(t('domain:CLASSROOM_NAME_RESERVED', { name: value.trim() }));
              },
            },
          ]}
        >
          <Input placeholder={t('classrooms.fields.namePlaceholder')} maxLength={120} />
        </Form.Item>
        <Flex gap={12} wrap align="flex-end">
          <Form.Item
            name="color"
            label={t('classrooms.fields.color')}
            getValueFromEvent={(color: { toHexString: () => string }) => color.toHexString()}
          >
            <ColorPicker
              disabledAlpha
              presets={[{ label: t('classrooms.fields.color'), colors: PRESET_COLORS }]}
              showText
            />
          </Form.Item>
          <Form.Item label={t('classrooms.fields.avatar')} style={{ flex: 1 }}>
            <Flex gap={8} align="center">
              <Avatar
                shape="square"
                src={avatarPreview ?? classroom?.avatarUrl ?? undefined}
                icon={<PictureOutlined />}
                alt=""
              />
              <input
                ref={fileInput}
                type="file"
                accept={ACCEPT}
                className="bw-visually-hidden"
                tabIndex={-1}
                aria-hidden="true"
                onChange={handleAvatar}
              />
              <Button onClick={() => fileInput.current?.click()}>
                {t('classrooms.fields.chooseAvatar')}
              </Button>
            </Flex>
          </Form.Item>
        </Flex>
        {avatarPercent !== null ? (
          <Progress
            percent={avatarPercent}
            size="small"
            status="active"
            aria-label={t('classrooms.fields.avatar')}
          />
        ) : null}
        <Flex gap={12} wrap>
          <Form.Item name="feeTaka" label={t('classrooms.fields.fee')} style={{ flex: '1 1 160px' }}>
            <InputNumber min={0} precision={2} prefix="৳" style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="status" label={t('classrooms.fields.status')} style={{ flex: '1 1 160px' }}>
            <Select
              options={CLASSROOM_STATUSES.map((value) => ({ value, label: t(`classrooms.status.${value}`) }))}
            />
          </Form.Item>
        </Flex>
        <Flex gap={12} wrap>
          <Form.Item name="type" label={t('classrooms.fields.type')} style={{ flex: '1 1 160px' }}>
            <Select
              options={CLASSROOM_TYPES.map((value) => ({ value, label: t(`classrooms.types.${value}`) }))}
            />
          </Form.Item>
          <Form.Item name="startDate" label={t('classrooms.fields.startDate')} style={{ flex: '1 1 160px' }}>
            <DatePicker
              format="DD-MM-YYYY"
              placeholder={t('classrooms.fields.datePlaceholder')}
              style={{ width: '100%' }}
            />
          </Form.Item>
        </Flex>
        <Form.Item
          name="collectionMonth"
          label={t('classrooms.fields.collectionMonth')}
          extra={t('classrooms.fields.collectionMonthHint')}
        >
          <DatePicker
            picker="month"
            format="MM-YYYY"
            placeholder={t('classrooms.fields.monthPlaceholder')}
            style={{ width: '100%' }}
          />
        </Form.Item>
        <Typography.Text strong>{t('classrooms.fields.timings')}</Typography.Text>
        <Form.List name="timings">
          {(fields, { add, remove }) => (
            <Flex vertical gap={8} style={{ marginTop: 8 }}>
              {fields.map((field) => (
                <Flex key={field.key} gap={8} wrap align="flex-start">
                  <Form.Item name={[field.name, 'day']} noStyle rules={[{ required: true }]}>
                    <Select
                      style={{ flex: '1 1 130px', minWidth: 120 }}
                      aria-label={t('classrooms.fields.day')}
                      options={DAY_NAMES.map((day) => ({ value: day, label: t(`days.${day}`) }))}
                    />
                  </Form.Item>
                  <Form.Item name={[field.name, 'start']} noStyle rules={[{ required: true }]}>
                    <TimePicker
                      format="HH:mm"
                      minuteStep={5}
                      aria-label={t('classrooms.fields.start')}
                      placeholder={t('classrooms.fields.start')}
                      style={{ width: 110 }}
                    />
                  </Form.Item>
                  <Form.Item name={[field.name, 'end']} noStyle rules={[{ required: true }]}>
                    <TimePicker
                      format="HH:mm"
                      minuteStep={5}
                      aria-label={t('classrooms.fields.end')}
                      placeholder={t('classrooms.fields.end')}
                      style={{ width: 110 }}
                    />
                  </Form.Item>
                  <Form.Item name={[field.name, 'place']} noStyle>
                    <Input
                      maxLength={300}
                      aria-label={t('classrooms.fields.place')}
                      placeholder={t('classrooms.fields.place')}
                      style={{ flex: '1 1 160px', minWidth: 140 }}
                    />
                  </Form.Item>
                  <Button
                    type="text"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={t('classrooms.fields.removeTiming')}
                    onClick={() => remove(field.name)}
                  />
                </Flex>
              ))}
              <div>
                <Button
                  icon={<PlusOutlined />}
                  onClick={() => add({ day: 'Sunday', start: null, end: null })}
                >
                  {t('classrooms.fields.addTiming')}
                </Button>
              </div>
            </Flex>
          )}
        </Form.List>
      </Form>
      <Flex
        justify="flex-end"
        gap={8}
        style={{
          position: 'sticky',
          bottom: 0,
          marginInline: -24,
          marginTop: 24,
          padding: '12px 24px',
          background: token.colorBgElevated,
          borderTop: `1px solid ${token.colorBorderSecondary}`,
        }}
      >
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button type="primary" loading={saving} onClick={() => form.submit()}>
          {classroom ? t('common.saveChanges') : t('classrooms.form.create')}
        </Button>
      </Flex>
    </>
  );
}
