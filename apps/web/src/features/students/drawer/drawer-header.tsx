import { ArrowLeftOutlined } from '@ant-design/icons';
import { theme as antdTheme, Button, Flex, Progress, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The drawer's header (part 2 §2): back icon, title, a line about phone and e-mail, and the
 * submit button with its loading state; the save progress bar sits under it while saving.
 */
export function DrawerHeader({
  title,
  subtitle,
  submitText,
  saving,
  progress,
  disabled,
  onBack,
  onSubmit,
}: {
  title: string;
  subtitle: ReactNode;
  submitText?: string;
  saving?: boolean;
  progress?: number | null;
  disabled?: boolean;
  onBack: () => void;
  onSubmit?: () => void;
}) {
  const { t } = useTranslation('students');
  const { token } = antdTheme.useToken();
  return (
    <div
      style={{
        position: 'sticky',
        top: 0,
        zIndex: 2,
        background: token.colorBgElevated,
        borderBottom: `1px solid ${token.colorBorderSecondary}`,
      }}
    >
      <Flex align="flex-start" gap={8} wrap style={{ padding: '12px 16px' }}>
        <Button
          type="text"
          icon={<ArrowLeftOutlined className="bw-directional" />}
          aria-label={t('drawer.back')}
          onClick={onBack}
        />
        <div style={{ flex: '1 1 220px', minWidth: 0 }}>
          <Typography.Title level={4} style={{ margin: 0, fontSize: 18 }}>
            {title}
          </Typography.Title>
          <Typography.Text type="secondary" style={{ fontSize: 13, display: 'block', lineHeight: 1.4 }}>
            {subtitle}
          </Typography.Text>
        </div>
        {submitText && onSubmit ? (
          <Button
            type="primary"
            loading={saving}
            disabled={disabled}
            onClick={onSubmit}
            style={{ marginInlineStart: 'auto' }}
          >
            {submitText}
          </Button>
        ) : null}
      </Flex>
      {progress !== null && progress !== undefined ? (
        <Progress
          percent={progress}
          showInfo={false}
          size="small"
          status="active"
          aria-label={t('drawer.saving')}
          style={{ margin: 0, lineHeight: 0, paddingInline: 16, paddingBottom: 6 }}
        />
      ) : null}
    </div>
  );
}
