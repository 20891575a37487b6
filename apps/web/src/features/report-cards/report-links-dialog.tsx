import type { ReportLinksIssued } from '@batchwise/domain';
import { Alert, App, Button, Flex, List, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * The links just made for the families (each key is shown this once: only its hash is kept), to
 * copy one by one or all together into a messenger group.
 */
export function ReportLinksDialog({ issued, onClose }: { issued: ReportLinksIssued; onClose: () => void }) {
  const { t } = useTranslation('report-cards');
  const { message } = App.useApp();
  const all = issued.links.map((link) => `${link.name}: ${link.shortUrl}`).join('\n');
  const handleCopyAll = async () => {
    try {
      await navigator.clipboard.writeText(all);
      message.success(t('links.copied'));
    } catch {
      message.error(t('links.copyFailed'));
    }
  };
  return (
    <Modal
      open
      title={t('links.title', { count: issued.links.length })}
      onCancel={onClose}
      width={640}
      footer={
        <Flex gap={8} justify="flex-end" wrap>
          <Button onClick={handleCopyAll}>{t('links.copyAll')}</Button>
          <Button type="primary" onClick={onClose}>
            {t('links.done')}
          </Button>
        </Flex>
      }
    >
      <Flex vertical gap={12}>
        <Alert type="info" showIcon title={t('links.once')} />
        <List
          size="small"
          dataSource={issued.links}
          renderItem={(link) => (
            <List.Item key={link.studentId} data-testid="issued-link">
              <Flex vertical style={{ minWidth: 0 }}>
                <Typography.Text strong>{link.name}</Typography.Text>
                <Typography.Text copyable={{ text: link.shortUrl }} style={{ overflowWrap: 'anywhere' }}>
                  <span data-testid="issued-url">{link.shortUrl}</span>
                </Typography.Text>
              </Flex>
            </List.Item>
          )}
        />
      </Flex>
    </Modal>
  );
}
