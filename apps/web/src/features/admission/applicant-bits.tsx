import { UserOutlined, WarningOutlined } from '@ant-design/icons';
import { Avatar, Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AdmissionApplicationView, ApplicationStatus } from './admission-api';

const STATUS_COLOURS: Record<ApplicationStatus, string> = {
  Pending: 'gold',
  Accepted: 'green',
  Rejected: 'red',
};

export function StatusTag({ status }: { status: ApplicationStatus }) {
  const { t } = useTranslation('applications');
  return <Tag color={STATUS_COLOURS[status]}>{t(`status.${status}`)}</Tag>;
}

/** The applicant confirmed a phone another recent application already used (the D mark). */
export function DuplicateTag() {
  const { t } = useTranslation('applications');
  return (
    <Tooltip title={t('duplicateHint')}>
      <Tag color="orange" icon={<WarningOutlined />} tabIndex={0} data-testid="duplicate-tag">
        {t('duplicate')}
      </Tag>
    </Tooltip>
  );
}

/** The phone as the applicant typed it, without the duplicate mark (the tag says that). */
export function plainPhone(phone: string): string {
  return phone.replace(/D$/, '');
}

/** The applicant's photo when one was sent; applicant text is only ever rendered as text. */
export function ApplicantAvatar({
  application,
  size,
}: {
  application: Pick<AdmissionApplicationView, 'avatarUrl' | 'name'>;
  size: number;
}) {
  const { t } = useTranslation('applications');
  return application.avatarUrl ? (
    <Avatar
      size={size}
      src={<img src={application.avatarUrl} alt={t('detail.photo', { name: application.name })} />}
    />
  ) : (
    <Avatar size={size} icon={<UserOutlined />} />
  );
}
