import { DeleteOutlined } from '@ant-design/icons';
import { App, Button } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * Withdraws an adjustment or a special payment after a confirmation. Withdrawn rows stay on record
 * on the server; what was paid towards them stays on their receipts.
 */
export function WithdrawButton({
  label,
  confirmTitle,
  confirmContent,
  onConfirm,
}: {
  label: string;
  confirmTitle: string;
  confirmContent?: string;
  onConfirm: () => Promise<unknown>;
}) {
  const { t } = useTranslation('fees');
  const { modal } = App.useApp();
  return (
    <Button
      size="small"
      type="link"
      danger
      icon={<DeleteOutlined />}
      onClick={() =>
        modal.confirm({
          title: confirmTitle,
          content: confirmContent,
          okText: label,
          cancelText: t('cancel'),
          okButtonProps: { danger: true },
          onOk: onConfirm,
        })
      }
    >
      {label}
    </Button>
  );
}
