import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Checkbox, Form, Input, Modal, Result, Select, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { classroomsQuery } from '../../lib/classrooms-query';
import { takaTextToPaisa } from '../../lib/money-input';
import { errorCode, translateError } from '../../lib/translate-error';
import type { WorkAccount } from '../../lib/use-work-account';
import { type AdmissionApplicationView, admissionApi, refreshApplications } from './admission-api';

type Accepted = { studentId: string; customId: string; welcomeSms: number; classroomId: string | null };

/**
 * Accept: the classrooms to enrol in (the link's course preselected), an optional tuition fee
 * in taka (blank means each classroom's own fee) and the welcome SMS. Someone else deciding
 * first (409) refreshes the inbox instead of pretending it worked.
 */
export function AcceptModal({
  work,
  application,
  onClose,
}: {
  work: WorkAccount;
  application: AdmissionApplicationView;
  onClose: () => void;
}) {
  const { t } = useTranslation(['applications', 'domain', 'errors']);
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const location = useLocation();
  const { account, words } = work;
  const classrooms = useQuery(classroomsQuery(account.id));
  const own = (classrooms.data ?? []).filter((c) => c.accountId === account.id);
  const [classroomIds, setClassroomIds] = useState<string[]>(
    application.courseClassroomId ? [application.courseClassroomId] : [],
  );
  const [fee, setFee] = useState('');
  const [welcomeSms, setWelcomeSms] = useState(false);
  const [done, setDone] = useState<Accepted | null>(null);
  const feePaisa = takaTextToPaisa(fee);
  const feeInvalid = fee.trim() !== '' && feePaisa === null;

  const accept = useMutation({
    mutationFn: () =>
      admissionApi.accept(account.id, application.id, {
        classroomIds,
        ...(feePaisa !== null ? { tuitionFeePaisa: feePaisa } : {}),
        welcomeSms,
      }),
    onSuccess: async (result) => {
      setDone({ ...result, classroomId: classroomIds[0] ?? null });
      await refreshApplications(queryClient, account.id);
    },
    onError: async (error) => {
      if (errorCode(error) === 'ADMISSION_ALREADY_DECIDED') {
        message.warning({ content: t('alreadyDecided'), duration: 6 });
        await refreshApplications(queryClient, account.id);
        onClose();
        return;
      }
      message.error({ content: translateError(t, error), duration: 6 });
    },
  });

  const area = location.pathname.split('/')[1] ?? 'teacher';
  const vars = { name: application.name, student: words.student, students: words.students };

  if (done) {
    const to = done.classroomId
      ? `/${area}/classrooms/${account.id}/${done.classroomId}`
      : `/${area}/students`;
    return (
      <Modal open onCancel={onClose} footer={null} title={t('accept.title', vars)} data-testid="accept-done">
        <Result
          status="success"
          title={t('accept.doneTitle', vars)}
          subTitle={
            <>
              <Typography.Paragraph style={{ margin: 0 }}>
                {t('accept.doneId')}{' '}
                <Typography.Text strong copyable data-testid="accepted-custom-id">
                  {done.customId}
                </Typography.Text>
              </Typography.Paragraph>
              {done.welcomeSms > 0 ? (
                <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
                  {t('accept.smsQueued')}
                </Typography.Paragraph>
              ) : null}
            </>
          }
          extra={[
            <Link key="open" to={to}>
              <Button type="primary">
                {done.classroomId
                  ? t('accept.openClassroom', { classroom: words.classroom })
                  : t('accept.openStudents', vars)}
              </Button>
            </Link>,
            <Button key="close" onClick={onClose}>
              {t('accept.close')}
            </Button>,
          ]}
        />
      </Modal>
    );
  }

  return (
    <Modal
      open
      title={t('accept.title', vars)}
      onCancel={onClose}
      okText={t('accept.ok')}
      cancelText={t('cancel')}
      onOk={() => accept.mutate()}
      okButtonProps={{ loading: accept.isPending, disabled: feeInvalid }}
      data-testid="accept-modal"
    >
      <Form layout="vertical" component="div">
        <Form.Item
          label={words.cap(words.classrooms)}
          extra={t('accept.classroomsHint', { classrooms: words.classrooms, student: words.student })}
        >
          <Select
            mode="multiple"
            allowClear
            aria-label={words.cap(words.classrooms)}
            placeholder={t('accept.classroomsPlaceholder', { classrooms: words.classrooms })}
            loading={classrooms.isPending}
            value={classroomIds}
            onChange={setClassroomIds}
            showSearch={{ optionFilterProp: 'label' }}
            options={own.map((c) => ({ value: c.id, label: `${c.name} · ${c.grade} · ${c.subject}` }))}
          />
        </Form.Item>
        <Form.Item
          label={t('accept.fee')}
          validateStatus={feeInvalid ? 'error' : undefined}
          help={feeInvalid ? t('accept.feeInvalid') : t('accept.feeHint', { classroom: words.classroom })}
        >
          <Input
            inputMode="decimal"
            prefix="৳"
            aria-label={t('accept.fee')}
            value={fee}
            onChange={(event) => setFee(event.target.value)}
            style={{ maxWidth: 220 }}
          />
        </Form.Item>
        <Checkbox checked={welcomeSms} onChange={(event) => setWelcomeSms(event.target.checked)}>
          {t('accept.welcomeSms')}
        </Checkbox>
      </Form>
    </Modal>
  );
}
