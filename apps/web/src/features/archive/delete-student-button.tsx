import { DeleteOutlined } from '@ant-design/icons';
import type { ArchivedStudent } from '@batchwise/domain';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { refresh } from '../../lib/api-client';
import { useRecoveryDays } from '../../lib/recycle-bin-query';
import { translateError } from '../../lib/translate-error';
import { useLanguage } from '../../lib/use-language';
import { deleteStudent } from './archive-api';

/**
 * "Delete permanently" for a student in the archive only (owners and admins). The confirmation
 * names the student and says what happens to their payments: kept in the Recycle bin for the
 * plan's days, or gone for good on a plan without data recovery.
 */
export function DeleteStudentButton({ student }: { student: ArchivedStudent }) {
  const { t } = useTranslation(['students', 'domain', 'errors']);
  const { locale } = useLanguage();
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const recoveryDays = useRecoveryDays(student.accountId);

  const handleDelete = () =>
    modal.confirm({
      title: t('archive.deleteConfirm', { name: student.name }),
      content:
        recoveryDays > 0
          ? t('archive.deleteRecoverable', { days: recoveryDays.toLocaleString(locale) })
          : t('archive.deleteFinal'),
      okText: t('archive.delete'),
      cancelText: t('archive.cancel'),
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          const result = await deleteStudent(student.accountId, student.studentId);
          message.success(t(`domain:${result.code}`, { name: student.name, defaultValue: result.message }));
          await Promise.all([refresh(queryClient, 'archive'), refresh(queryClient, 'recycle-bin')]);
        } catch (error) {
          message.error({ content: translateError(t, error), duration: 6 });
        }
      },
    });

  return (
    <Button danger icon={<DeleteOutlined />} size="small" onClick={handleDelete} data-testid="archive-delete">
      {t('archive.delete')}
    </Button>
  );
}
