import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { AntdProvider } from '../../components/antd/antd-provider';
import { paths } from '../../lib/paths';

const SETUP_STEPS = ['connect', 'allow', 'timetable', 'make', 'after'] as const;
const SHARED = ['meetings', 'participants', 'email'] as const;
const NOT_SHARED = ['students', 'phones', 'recordings'] as const;

/** `/zoom/documentation`: how online classes through Zoom are set up, and exactly what is shared. */
export function ZoomDocumentationPage() {
  const { t } = useTranslation('zoom');
  return (
    <AntdProvider>
      <article style={{ maxWidth: 720, margin: '32px auto', padding: '0 16px', lineHeight: 1.6 }}>
        <Typography.Title level={1} style={{ fontSize: 28 }}>
          {t('docs.title')}
        </Typography.Title>
        <Typography.Paragraph>{t('docs.intro')}</Typography.Paragraph>
        <Typography.Title level={2} style={{ fontSize: 20 }}>
          {t('docs.setupTitle')}
        </Typography.Title>
        <ol>
          {SETUP_STEPS.map((s) => (
            <li key={s}>{t(`docs.setup.${s}`)}</li>
          ))}
        </ol>
        <Typography.Title level={2} style={{ fontSize: 20 }}>
          {t('docs.sharedTitle')}
        </Typography.Title>
        <ul>
          {SHARED.map((s) => (
            <li key={s}>{t(`docs.shared.${s}`)}</li>
          ))}
        </ul>
        <Typography.Title level={2} style={{ fontSize: 20 }}>
          {t('docs.notSharedTitle')}
        </Typography.Title>
        <ul>
          {NOT_SHARED.map((s) => (
            <li key={s}>{t(`docs.notShared.${s}`)}</li>
          ))}
        </ul>
        <Typography.Title level={2} style={{ fontSize: 20 }}>
          {t('docs.attendanceTitle')}
        </Typography.Title>
        <Typography.Paragraph>{t('docs.attendance')}</Typography.Paragraph>
        <Typography.Title level={2} style={{ fontSize: 20 }}>
          {t('docs.disconnectTitle')}
        </Typography.Title>
        <Typography.Paragraph>{t('docs.disconnect')}</Typography.Paragraph>
        <Typography.Paragraph>{t('docs.withoutZoom')}</Typography.Paragraph>
        <a href={paths.login}>{t('docs.signIn')}</a>
      </article>
    </AntdProvider>
  );
}
