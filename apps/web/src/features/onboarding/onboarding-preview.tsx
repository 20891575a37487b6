import { CheckCircleOutlined, CloudUploadOutlined, FileExcelOutlined } from '@ant-design/icons';
import { smsEndpoints } from '@batchwise/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Checkbox, Flex, Tag, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { endpointQuery, refresh } from '../../lib/api-client';
import { translateError } from '../../lib/translate-error';
import { useLanguage } from '../../lib/use-language';
import type { WorkAccount } from '../../lib/use-work-account';
import { type OnboardingCheck, type OnboardingImported, onboardingApi } from './onboarding-api';
import { OnboardingRows, ProblemList, problemsByRow } from './onboarding-rows';
import { UploadProgress } from './onboarding-upload';
import { StepTitle } from './step-title';

type Importing = { kind: 'idle' } | { kind: 'sending'; percent: number } | { kind: 'error'; text: string };

/**
 * Step 3: what the checked file would create, every problem by row, and the import. Nothing has
 * been written yet; Import sends the same file again and the server writes every row or none.
 * With problems, Import stays disabled and a fixed file is uploaded from the card's header.
 */
export function OnboardingPreview({
  work,
  file,
  check,
  upload,
  onCancel,
  onImported,
}: {
  work: WorkAccount;
  file: File;
  check: OnboardingCheck;
  /** The compact upload for a fixed file. */
  upload: ReactNode;
  onCancel: () => void;
  onImported: (result: OnboardingImported) => void;
}) {
  const { t } = useTranslation(['onboarding', 'domain', 'errors']);
  const { locale } = useLanguage();
  const queryClient = useQueryClient();
  const { words, account } = work;
  const [welcomeSms, setWelcomeSms] = useState(false);
  const [importing, setImporting] = useState<Importing>({ kind: 'idle' });
  const n = (value: number) => value.toLocaleString(locale);
  const count = (key: string, value: number, extra: Record<string, string> = {}) =>
    t(key, { count: value, formatted: n(value), student: words.student, students: words.students, ...extra });

  const students = check.students.length;
  const problemRows = problemsByRow(check.errors).size;
  const unplaced = check.students.filter((s) => s.classroomIds.length === 0).length;
  const sending = importing.kind === 'sending';

  const handleImport = async () => {
    setImporting({ kind: 'sending', percent: 0 });
    try {
      const result = await onboardingApi.import(account.id, file, welcomeSms, (percent) =>
        setImporting({ kind: 'sending', percent }),
      );
      // Live updates refresh these too; asking now means the lists are right when the user goes there.
      void refresh(queryClient, 'students');
      void refresh(queryClient, 'classrooms');
      onImported(result);
    } catch (error) {
      setImporting({ kind: 'error', text: translateError(t, error) });
    }
  };

  return (
    <Card
      title={<StepTitle step={3} title={t('preview.title')} />}
      data-testid="onboarding-preview"
      styles={{ header: { flexWrap: 'wrap' } }}
    >
      <Flex vertical gap={16}>
        <Flex justify="space-between" align="flex-start" gap={12} wrap>
          <Typography.Text strong style={{ wordBreak: 'break-all', minWidth: 0 }}>
            <FileExcelOutlined /> {check.fileName || file.name}
          </Typography.Text>
          {sending ? null : (
            <Flex gap={8} wrap>
              {upload}
              <Button type="text" onClick={onCancel}>
                {t('preview.startOver')}
              </Button>
            </Flex>
          )}
        </Flex>

        <Flex gap={8} wrap aria-live="polite" data-testid="onboarding-counts">
          <Tag color={check.ok ? 'green' : 'blue'} style={{ fontSize: 14, padding: '2px 10px' }}>
            {count(check.ok ? 'preview.toCreate' : 'preview.read', students)}
          </Tag>
          {problemRows > 0 ? (
            <Tag color="red" style={{ fontSize: 14, padding: '2px 10px' }}>
              {count('preview.problemRows', problemRows)}
            </Tag>
          ) : null}
        </Flex>

        {check.classrooms.length > 0 ? (
          <section aria-label={t('preview.perClassroom', { classroom: words.classroom })}>
            <Typography.Text type="secondary">
              {t('preview.perClassroom', { classroom: words.classroom })}
            </Typography.Text>
            <Flex gap={6} wrap style={{ marginTop: 6 }} data-testid="onboarding-classroom-counts">
              {check.classrooms.map((room) => (
                <Tag key={room.id} style={{ marginInlineEnd: 0 }}>
                  {room.name}: <strong>{n(room.students)}</strong>
                </Tag>
              ))}
              {unplaced > 0 ? (
                <Tag color="orange" style={{ marginInlineEnd: 0 }}>
                  {t('preview.unplaced', { classroom: words.classroom })}: <strong>{n(unplaced)}</strong>
                </Tag>
              ) : null}
            </Flex>
          </section>
        ) : null}

        {check.ok ? (
          <Alert type="success" showIcon icon={<CheckCircleOutlined />} title={t('preview.ready')} />
        ) : (
          <ProblemList errors={check.errors} />
        )}

        {students > 0 ? <OnboardingRows check={check} words={words} /> : null}

        <Flex vertical gap={12} style={{ borderTop: '1px solid rgba(128,128,128,0.2)', paddingTop: 16 }}>
          <WelcomeSmsChoice work={work} checked={welcomeSms} disabled={sending} onChange={setWelcomeSms} />
          <Flex gap={12} align="center" wrap>
            <Button
              type="primary"
              size="large"
              icon={<CloudUploadOutlined />}
              disabled={!check.ok || students === 0}
              loading={sending}
              onClick={() => void handleImport()}
            >
              {count('preview.import', students)}
            </Button>
            {!check.ok ? <Typography.Text type="secondary">{t('preview.fixFirst')}</Typography.Text> : null}
          </Flex>
          {importing.kind === 'sending' ? (
            <UploadProgress percent={importing.percent} checking={count('preview.importing', students)} />
          ) : null}
          {importing.kind === 'error' ? (
            <Alert type="error" showIcon role="alert" title={importing.text} />
          ) : null}
        </Flex>
      </Flex>
    </Card>
  );
}

/**
 * The welcome SMS goes out as set on the SMS page's Welcome tab. Owners and admins can read that
 * setting, so they are told when it is not set up (ticking the box would then send nothing);
 * assistants cannot read it, and the server simply sends none when it is off.
 */
function WelcomeSmsChoice({
  work,
  checked,
  disabled,
  onChange,
}: {
  work: WorkAccount;
  checked: boolean;
  disabled: boolean;
  onChange: (checked: boolean) => void;
}) {
  const { t } = useTranslation('onboarding');
  const { words, account } = work;
  const readsSettings =
    work.session.user.profession === 'Teacher' || work.session.user.profession === 'Admin';
  const settings = useQuery({
    ...endpointQuery(smsEndpoints.welcomeSms, { params: { accountId: account.id } }),
    enabled: readsSettings,
  });
  const s = settings.data;
  const notSetUp =
    s !== undefined && (!s.message || !(s.includeStudent || s.includeParent1 || s.includeParent2));
  return (
    <Flex vertical gap={4}>
      <Checkbox
        checked={checked && !notSetUp}
        disabled={disabled || notSetUp}
        onChange={(event) => onChange(event.target.checked)}
      >
        {t('preview.welcomeSms', { students: words.students, student: words.student })}
      </Checkbox>
      <Typography.Text type="secondary" style={{ fontSize: 13, paddingInlineStart: 24 }}>
        {notSetUp ? (
          <>
            {t('preview.welcomeOff')}{' '}
            <Link to="../../sms?tab=welcome" relative="path">
              {t('preview.welcomeSetUp')}
            </Link>
          </>
        ) : (
          t('preview.welcomeHint')
        )}
      </Typography.Text>
    </Flex>
  );
}
