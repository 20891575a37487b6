import {
  CameraOutlined,
  CopyOutlined,
  LinkOutlined,
  MessageOutlined,
  QrcodeOutlined,
} from '@ant-design/icons';
import type { IssuedLink } from '@batchwise/domain';
import { App, Button, Flex, Input, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/format-time';
import { translateError } from '../../../lib/translate-error';
import { useLanguage } from '../../../lib/use-language';
import { studentApi } from '../student-api';
import { FaceSection } from './face-section';
import { useCopyLink } from './use-copy-link';

type Kind = 'auth' | 'photo';

/**
 * A student's links: the auto-login link (180 days), the one-use live photo link, each to copy
 * or send by SMS (shortened through /r/…), the student's QR access code page, and face registration.
 */
export function LinksSection({ accountId, studentId }: { accountId: string; studentId: string }) {
  const { t } = useTranslation(['students', 'domain', 'errors']);
  const { message } = App.useApp();
  const { locale } = useLanguage();
  const [links, setLinks] = useState<Partial<Record<Kind, IssuedLink>>>({});
  const [busy, setBusy] = useState<string | null>(null);

  const handleIssue = async (kind: Kind, sendSms: boolean) => {
    setBusy(`${kind}:${sendSms}`);
    try {
      const issue = kind === 'auth' ? studentApi.authLink : studentApi.photoLink;
      const link = await issue(accountId, studentId, sendSms);
      setLinks((current) => ({ ...current, [kind]: link }));
      if (sendSms) message.success(link.smsQueued ? t('links.smsQueued') : t('links.smsNotQueued'));
    } catch (error) {
      message.error({ content: translateError(t, error), duration: 5 });
    } finally {
      setBusy(null);
    }
  };

  const handleCopy = useCopyLink();

  const block = (kind: Kind, icon: React.ReactNode) => {
    const link = links[kind];
    return (
      <div>
        <Typography.Text strong>
          {icon} {t(`links.${kind}.title`)}
        </Typography.Text>
        <Typography.Paragraph type="secondary" style={{ fontSize: 13, marginBottom: 8 }}>
          {t(`links.${kind}.body`)}
        </Typography.Paragraph>
        {link ? (
          <Flex vertical gap={6} style={{ marginBottom: 8 }}>
            <Space.Compact style={{ width: '100%' }}>
              <Input
                readOnly
                value={link.shortUrl}
                aria-label={t(`links.${kind}.title`)}
                data-testid={`${kind}-link`}
              />
              <Button icon={<CopyOutlined />} onClick={() => void handleCopy(link.shortUrl)}>
                {t('links.copy')}
              </Button>
            </Space.Compact>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t('links.validTill', { date: formatDate(link.expiresAt, locale) })}
            </Typography.Text>
          </Flex>
        ) : null}
        <Flex gap={8} wrap>
          <Button
            icon={<LinkOutlined />}
            loading={busy === `${kind}:false`}
            onClick={() => void handleIssue(kind, false)}
          >
            {link ? t('links.renew') : t('links.create')}
          </Button>
          <Button
            icon={<MessageOutlined />}
            loading={busy === `${kind}:true`}
            onClick={() => void handleIssue(kind, true)}
          >
            {t('links.sendSms')}
          </Button>
        </Flex>
      </div>
    );
  };

  const qrHref = `/qr-code-student?${new URLSearchParams({ account: accountId, student: studentId }).toString()}`;
  return (
    <Flex vertical gap={16}>
      {block('auth', <LinkOutlined />)}
      {block('photo', <CameraOutlined />)}
      <div>
        <Typography.Text strong>
          <QrcodeOutlined /> {t('links.qr.title')}
        </Typography.Text>
        <Typography.Paragraph type="secondary" style={{ fontSize: 13, marginBottom: 8 }}>
          {t('links.qr.body')}
        </Typography.Paragraph>
        <Button href={qrHref} target="_blank" icon={<QrcodeOutlined />}>
          {t('links.qr.open')}
        </Button>
      </div>
      <FaceSection accountId={accountId} studentId={studentId} />
    </Flex>
  );
}
