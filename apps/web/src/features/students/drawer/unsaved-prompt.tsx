import { Button, Flex, Modal } from 'antd';
import { useTranslation } from 'react-i18next';

/** Part 2 §2 "Unsaved-changes prompt": "No" discards and closes; "Yes, …" saves. */
export function UnsavedPrompt({
  open,
  onDiscard,
  onSave,
  onStay,
}: {
  open: boolean;
  onDiscard: () => void;
  onSave: () => void;
  onStay: () => void;
}) {
  const { t } = useTranslation('students');
  return (
    <Modal
      open={open}
      title={t('drawer.unsaved.title')}
      onCancel={onStay}
      width={460}
      footer={
        <Flex justify="flex-end" gap={8} wrap>
          <Button onClick={onDiscard}>{t('drawer.unsaved.no')}</Button>
          <Button type="primary" onClick={onSave}>
            {t('drawer.unsaved.yes')}
          </Button>
        </Flex>
      }
    >
      {t('drawer.unsaved.body')}
    </Modal>
  );
}
