import { ArrowLeftOutlined } from '@ant-design/icons';
import { Alert, Card, Flex, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeading } from '../../components/antd/page-heading';
import { useWorkAccount, type WorkAccount } from '../../lib/use-work-account';
import { canOnboard, type OnboardingCheck, type OnboardingImported } from './onboarding-api';
import { OnboardingPreview } from './onboarding-preview';
import { OnboardingResult } from './onboarding-result';
import { OnboardingUpload } from './onboarding-upload';
import { StepTitle } from './step-title';
import { TemplateStep } from './template-step';

/**
 * Where the flow is. The checked file is kept with its check: Import sends the same bytes again,
 * and the server checks them once more inside its transaction, so what the preview showed is
 * never trusted blindly.
 */
type Stage =
  | { kind: 'upload' }
  | { kind: 'preview'; file: File; check: OnboardingCheck; version: number }
  | { kind: 'done'; fileName: string; result: OnboardingImported };

/** Bulk onboarding: template → filled file → checked preview → import → result. */
export function OnboardingPage() {
  const work = useWorkAccount();
  const { t } = useTranslation('onboarding');
  if (!work) return <PageHeading title={t('titleFallback')} />;
  return <OnboardingFlow work={work} />;
}

function OnboardingFlow({ work }: { work: WorkAccount }) {
  const { t } = useTranslation('onboarding');
  const { words, account } = work;
  const [stage, setStage] = useState<Stage>({ kind: 'upload' });
  const vars = {
    student: words.student,
    students: words.students,
    classroom: words.classroom,
    classrooms: words.classrooms,
  };
  const back = (
    <Link to=".." relative="path">
      <ArrowLeftOutlined /> {t('back', { ...vars, Students: words.cap(words.students) })}
    </Link>
  );
  const heading = <PageHeading title={t('title', vars)} subtitle={back} />;

  if (!canOnboard(account)) {
    return (
      <>
        {heading}
        <Alert type="warning" showIcon title={t('noAccess', vars)} />
      </>
    );
  }

  if (stage.kind === 'done') {
    return (
      <>
        {heading}
        <OnboardingResult
          result={stage.result}
          fileName={stage.fileName}
          words={words}
          onAnother={() => setStage({ kind: 'upload' })}
        />
      </>
    );
  }

  // Every check, even of a file with the same name, starts a fresh preview (page 1, no stale errors).
  const handleChecked = (file: File, check: OnboardingCheck) =>
    setStage((current) => ({
      kind: 'preview',
      file,
      check,
      version: current.kind === 'preview' ? current.version + 1 : 0,
    }));

  return (
    <>
      {heading}
      <Flex vertical gap={16}>
        {stage.kind === 'upload' ? (
          <>
            <Typography.Paragraph type="secondary" style={{ margin: 0, maxWidth: 760 }}>
              {t('intro', vars)}
            </Typography.Paragraph>
            <TemplateStep work={work} />
            <Card
              title={<StepTitle step={2} title={t('upload.title')} />}
              data-testid="onboarding-upload-step"
            >
              <OnboardingUpload accountId={account.id} words={words} onChecked={handleChecked} />
            </Card>
          </>
        ) : (
          <OnboardingPreview
            key={stage.version}
            work={work}
            file={stage.file}
            check={stage.check}
            upload={
              <OnboardingUpload accountId={account.id} words={words} compact onChecked={handleChecked} />
            }
            onCancel={() => setStage({ kind: 'upload' })}
            onImported={(result) => setStage({ kind: 'done', fileName: stage.file.name, result })}
          />
        )}
      </Flex>
    </>
  );
}
