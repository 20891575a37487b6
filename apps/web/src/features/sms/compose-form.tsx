import { EyeOutlined } from '@ant-design/icons';
import type { SmsCompose, SmsPreview } from '@batchwise/domain';
import { useQuery } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Checkbox,
  Flex,
  Form,
  Input,
  Select,
  type SelectProps,
  Switch,
  Typography,
} from 'antd';
import type { Dayjs } from 'dayjs';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { DatePicker } from '../../components/antd/date-picker';
import { type Classroom, classroomsQuery } from '../../lib/classrooms-query';
import { useLanguage } from '../../lib/use-language';
import type { WorkAccount } from '../../lib/use-work-account';
import { AiWriter } from './ai-writer';
import { MessageCounter } from './message-counter';
import { ReviewModal } from './review-modal';
import { smsApi } from './sms-api';
import { useSendReview } from './use-send-review';

interface ComposeValues {
  classroomIds: string[];
  to: ('student' | 'parent1' | 'parent2')[];
  /** Absent when the field is hidden (an assistant sending to single classrooms). */
  numbers?: string;
  text: string;
  urgent: boolean;
  later: boolean;
  sendAt: Dayjs | null;
}

const INITIAL: ComposeValues = {
  classroomIds: [],
  to: ['student'],
  numbers: '',
  text: '',
  urgent: false,
  later: false,
  sendAt: null,
};

/** A message drafted elsewhere (attendance insights), prefilled for review. */
export type ComposeDraft = Pick<ComposeValues, 'text' | 'to'>;

const optionOf = (c: Classroom) => ({
  value: c.id,
  label: `${c.name} · ${c.grade}`,
  short: `${c.name} · ${c.grade}`,
  search: `${c.name} ${c.grade} ${c.subject} ${c.teacherName}`,
});

/**
 * An admin's classrooms grouped under each teacher's name; a picked one's tag names the teacher
 * too, since two teachers may both run a "Class 8" batch.
 */
function byTeacher(rooms: Classroom[]) {
  const groups = new Map<string, { label: string; title: string; options: ReturnType<typeof optionOf>[] }>();
  for (const room of rooms) {
    const group = groups.get(room.accountId) ?? {
      label: room.teacherName,
      title: room.teacherName,
      options: [],
    };
    group.options.push({ ...optionOf(room), label: `${room.name} · ${room.grade} · ${room.teacherName}` });
    groups.set(room.accountId, group);
  }
  return [...groups.values()];
}

/** Message, recipients and timing; "Review" asks the server what the send would be before it is paid for. */
export function ComposeForm({
  work,
  pickedStudentIds,
  draft,
  onClearPicked,
  onSent,
}: {
  work: WorkAccount;
  pickedStudentIds: string[];
  draft?: ComposeDraft;
  onClearPicked: () => void;
  onSent: () => void;
}) {
  const { t } = useTranslation(['sms', 'domain', 'errors']);
  const { locale } = useLanguage();
  const [form] = Form.useForm<ComposeValues>();
  const text = Form.useWatch('text', form) ?? '';
  const later = Form.useWatch('later', form) ?? false;
  const { words, account } = work;
  const classrooms = useQuery(classroomsQuery(account.id));
  // An admin's list holds every teacher's classrooms of the team, and the server takes them all
  // (paid from the admin's quota); others send to their work account's own.
  // An assistant granted SMS for single classrooms sends to those only, and never to typed numbers.
  const wide = account.relation !== 'assistant' || account.sendSms;
  const rooms = (classrooms.data ?? []).filter(
    (c) =>
      c.closedAt === null &&
      (work.isAdmin || c.accountId === account.id) &&
      (wide || account.sendSmsClassrooms.includes(c.id)),
  );
  const roomOptions: SelectProps['options'] = work.isAdmin ? byTeacher(rooms) : rooms.map(optionOf);
  const review = useSendReview<SmsCompose, SmsPreview>({
    accountId: account.id,
    preview: (body) => smsApi.preview(account.id, body),
    send: (body) => smsApi.send(account.id, body),
    sentKey: 'compose.sent',
    onSent: () => {
      form.resetFields();
      onSent();
    },
  });

  const bodyOf = (values: ComposeValues): SmsCompose => ({
    text: values.text,
    classroomIds: values.classroomIds,
    studentIds: pickedStudentIds,
    to: {
      student: values.to.includes('student'),
      parent1: values.to.includes('parent1'),
      parent2: values.to.includes('parent2'),
    },
    numbers: values.numbers ?? '',
    urgent: values.urgent,
    sendAt: values.later && values.sendAt ? values.sendAt.valueOf() : null,
  });

  const picked = pickedStudentIds.length;
  return (
    <>
      <Form<ComposeValues>
        form={form}
        layout="vertical"
        initialValues={{ ...INITIAL, ...draft }}
        onFinish={(values) => review.open(bodyOf(values))}
        onValuesChange={() => review.setFailure(null)}
        style={{ maxWidth: 720 }}
      >
        {picked > 0 ? (
          <Alert
            type="info"
            showIcon
            style={{ marginBottom: 16 }}
            title={t('compose.picked', {
              count: picked,
              formatted: picked.toLocaleString(locale),
              student: words.student,
              students: words.students,
            })}
            action={
              <Button size="small" onClick={onClearPicked}>
                {t('compose.clearPicked')}
              </Button>
            }
          />
        ) : null}
        <Form.Item
          name="classroomIds"
          label={t('compose.classrooms', { classrooms: words.cap(words.classrooms) })}
        >
          <Select
            mode="multiple"
            allowClear
            showSearch={{ optionFilterProp: 'search' }}
            loading={classrooms.isPending}
            placeholder={t('compose.classroomsPlaceholder', { classrooms: words.classrooms })}
            options={roomOptions}
            optionRender={(option) => option.data.short ?? option.label}
          />
        </Form.Item>
        <Form.Item
          name="to"
          label={t('compose.to')}
          rules={[
            {
              // Without a phone to use, classrooms and picked students would reach nobody.
              validator: (_, value: string[]) =>
                value.length > 0 || (form.getFieldValue('classroomIds').length === 0 && picked === 0)
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('compose.toRequired'))),
            },
          ]}
        >
          <Checkbox.Group
            options={[
              { value: 'student', label: t('compose.toStudent', { student: words.cap(words.student) }) },
              { value: 'parent1', label: t('compose.toParent1') },
              { value: 'parent2', label: t('compose.toParent2') },
            ]}
          />
        </Form.Item>
        {wide ? (
          <Form.Item name="numbers" label={t('compose.numbers')} extra={t('compose.numbersHelp')}>
            <Input.TextArea
              autoSize={{ minRows: 2, maxRows: 6 }}
              placeholder={t('common:phone.listPlaceholder')}
            />
          </Form.Item>
        ) : null}
        <Form.Item
          name="text"
          label={t('compose.text')}
          rules={[{ required: true, whitespace: true, message: t('domain:SMS_TEXT_EMPTY') }]}
          extra={<MessageCounter text={text} />}
        >
          <Input.TextArea autoSize={{ minRows: 4, maxRows: 12 }} maxLength={2000} />
        </Form.Item>
        <div style={{ marginBottom: 16 }}>
          <AiWriter
            accountId={account.id}
            kind="typed"
            onPick={(draft) => form.setFieldValue('text', draft)}
          />
        </div>
        <Flex gap={8} align="flex-start" style={{ marginBottom: 16 }}>
          <Form.Item name="urgent" valuePropName="checked" noStyle>
            <Switch id="sms-urgent" />
          </Form.Item>
          <div>
            <label htmlFor="sms-urgent">{t('compose.urgent')}</label>
            <Typography.Text type="secondary" style={{ display: 'block', fontSize: 13 }}>
              {t('compose.urgentHelp')}
            </Typography.Text>
          </div>
        </Flex>
        <Flex gap={8} align="center" wrap style={{ marginBottom: 16 }}>
          <Form.Item name="later" valuePropName="checked" noStyle>
            <Switch id="sms-later" />
          </Form.Item>
          <label htmlFor="sms-later">{t('compose.later')}</label>
          {later ? (
            <Form.Item
              name="sendAt"
              noStyle
              rules={[{ required: true, message: t('compose.sendAtRequired') }]}
            >
              <DatePicker
                showTime={{ format: 'HH:mm', minuteStep: 5 }}
                format="DD-MM-YYYY HH:mm"
                aria-label={t('compose.sendAt')}
                placeholder={t('compose.sendAt')}
                disabledDate={(day) => day.isBefore(dayjs().startOf('day'))}
              />
            </Form.Item>
          ) : null}
        </Flex>
        {review.failure ? (
          <Alert type="error" showIcon title={review.failure} style={{ marginBottom: 16 }} role="alert" />
        ) : null}
        <Button type="primary" htmlType="submit" icon={<EyeOutlined />} loading={review.checking}>
          {t('compose.review')}
        </Button>
      </Form>
      <ReviewModal preview={review.preview} onCancel={review.close} onConfirm={review.confirm} />
    </>
  );
}
