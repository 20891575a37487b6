import { DownloadOutlined } from '@ant-design/icons';
import { INTERFACE_LANGUAGE_NAMES, type InterfaceLanguage, ONBOARDING_COLUMNS } from '@batchwise/domain';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Card, Flex, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { classroomsQuery } from '../../lib/classrooms-query';
import { translateError } from '../../lib/translate-error';
import { useLanguage } from '../../lib/use-language';
import type { WorkAccount } from '../../lib/use-work-account';
import { onboardingApi } from './onboarding-api';
import { StepTitle } from './step-title';

/**
 * Step 1: the template and how to fill it. The server builds it with a column per open classroom,
 * so it is downloaded fresh each time rather than linked as a static file. The instructions sheet
 * inside comes in any interface language; the one matching the interface is the primary button.
 */
export function TemplateStep({ work }: { work: WorkAccount }) {
  const { t } = useTranslation(['onboarding', 'domain', 'errors']);
  const { message } = App.useApp();
  const { language } = useLanguage();
  const { words, account } = work;
  const [busy, setBusy] = useState<InterfaceLanguage | null>(null);
  const classrooms = useQuery(classroomsQuery(account.id));
  const vars = {
    student: words.student,
    students: words.students,
    classroom: words.classroom,
    classrooms: words.classrooms,
  };

  const handleDownload = async (lang: InterfaceLanguage) => {
    setBusy(lang);
    try {
      await onboardingApi.downloadTemplate(account.id, lang);
    } catch (error) {
      message.error({ content: translateError(t, error), duration: 5 });
    } finally {
      setBusy(null);
    }
  };

  // The interface's language first, then English (Bangla beside English).
  const langs: InterfaceLanguage[] = [language, language === 'en' ? 'bn' : 'en'];
  const noClassrooms = classrooms.data !== undefined && classrooms.data.length === 0;
  return (
    <Card title={<StepTitle step={1} title={t('template.title')} />} data-testid="onboarding-template-step">
      <Flex vertical gap={12}>
        <Typography.Text>{t('template.body', vars)}</Typography.Text>
        {/* The fixed columns as they appear in the file, so people recognise them. */}
        <Flex gap={6} wrap aria-label={t('template.columnsLabel')}>
          {ONBOARDING_COLUMNS.map((column) => (
            <Tag key={column} style={{ marginInlineEnd: 0 }}>
              {column}
            </Tag>
          ))}
          <Tag color="cyan" style={{ marginInlineEnd: 0 }}>
            {t('template.classroomColumns', { classroom: words.classroom })}
          </Tag>
        </Flex>
        <ul style={{ margin: 0, paddingInlineStart: 20 }}>
          {(['id', 'required', 'optional', 'classrooms', 'duplicate', 'blank'] as const).map((key) => (
            <li key={key}>
              <Typography.Text>{t(`template.how.${key}`, vars)}</Typography.Text>
            </li>
          ))}
        </ul>
        {noClassrooms ? (
          <Alert
            type="warning"
            showIcon
            title={t('template.noClassrooms', vars)}
            action={
              <Link to="../../classrooms" relative="path">
                {t('template.openClassrooms', {
                  classroom: words.classroom,
                  classrooms: words.cap(words.classrooms),
                })}
              </Link>
            }
          />
        ) : null}
        <Flex gap={8} wrap>
          {langs.map((lang, index) => (
            <Button
              key={lang}
              type={index === 0 ? 'primary' : 'default'}
              icon={<DownloadOutlined />}
              loading={busy === lang}
              disabled={busy !== null && busy !== lang}
              onClick={() => void handleDownload(lang)}
            >
              {t('template.downloadIn', { language: INTERFACE_LANGUAGE_NAMES[lang] })}
            </Button>
          ))}
        </Flex>
      </Flex>
    </Card>
  );
}
