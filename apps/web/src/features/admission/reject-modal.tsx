import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Form, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ReasonField } from '../../components/antd/reason-field';
import { errorCode, translateError } from '../../lib/translate-error';
import type { WorkAccount } from '../../lib/use-work-account';
import { type AdmissionApplicationView, admissionApi, refreshApplications } from './admission-api';

/** Reject with a reason (required; the applicant's record keeps it). */
export function RejectModal({
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
  const accountId = work.account.id;
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const missing = reason.trim() === '';

  const reject = useMutation({
    mutationFn: () => admissionApi.reject(accountId, application.id, reason.trim()),
    onSuccess: async () => {
      message.success(t('reject.done', { name: application.name }));
      await refreshApplications(queryClient, accountId);
      onClose();
    },
    onError: async (error) => {
      if (errorCode(error) === 'ADMISSION_ALREADY_DECIDED') {
        message.warning({ content: t('alreadyDecided'), duration: 6 });
        await refreshApplications(queryClient, accountId);
        onClose();
        return;
      }
      message.error({ content: translateError(t, error), duration: 6 });
    },
  });

  const handleOk = () => {
    setTouched(true);
    if (!missing) reject.mutate();
  };

  return (
    <Modal
      open
      title={t('reject.title', { name: application.name })}
      onCancel={onClose}
      okText={t('reject.ok')}
      cancelText={t('cancel')}
      okButtonProps={{ danger: true, loading: reject.isPending }}
      onOk={handleOk}
      data-testid="reject-modal"
    >
      <Typography.Paragraph type="secondary">{t('reject.hint')}</Typography.Paragraph>
      <Form layout="vertical" component="div">
        <ReasonField
          label={t('reject.reason')}
          value={reason}
          onChange={setReason}
          error={touched && missing ? t('domain:ADMISSION_REJECT_REASON_REQUIRED') : undefined}
          maxLength={2000}
          rows={3}
          onBlur={() => setTouched(true)}
        />
      </Form>
    </Modal>
  );
}
