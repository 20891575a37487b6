import { CheckCircleFilled } from '@ant-design/icons';
import { type GettingStartedStep, type gettingStartedEndpoints, SHELL_ROUTES } from '@batchwise/domain';
import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { Button, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFeedback } from '../../components/antd/feedback-app';
import { Panel } from '../../components/antd/panel';
import { ProgressLine } from '../../components/antd/progress-line';
import { Paragraph, Text } from '../../components/antd/text';
import { HiddenOnError } from '../../components/hidden-on-error';
import { call, endpointQuery, queryKeyOf, routed } from '../../lib/api-client';
import { type ProtectedArea, paths } from '../../lib/paths';
import { translateError } from '../../lib/translate-error';
import { useLanguage } from '../../lib/use-language';
import { useWorkAccount, type WorkAccount } from '../../lib/use-work-account';
import styles from './getting-started-card.module.css';

// By route: the checklist is on the dashboard's first load (api-client.ts `routed`).
const readEndpoint = routed<typeof gettingStartedEndpoints.read>(SHELL_ROUTES.gettingStarted);
const updateEndpoint = routed<typeof gettingStartedEndpoints.update>(SHELL_ROUTES.updateGettingStarted);

interface StepAction {
  to: string;
  label: string;
  /** Opening it is the step itself (the admission link), so the checklist records it. */
  records?: 'admissionLinkOpened';
}

/**
 * First-run guidance on the dashboard: the six steps that set up an account, each linking to its
 * page and ticked by the server from the account's real data (modules/getting-started). Shown to
 * a teacher, or an admin working on one teacher, until every step is done or it is hidden.
 */
export function GettingStartedCard({ area }: { area: ProtectedArea }) {
  const work = useWorkAccount();
  if (!work || work.account.relation === 'assistant' || work.isAdmin) return null;
  return (
    <HiddenOnError>
      <Checklist area={area} work={work} />
    </HiddenOnError>
  );
}

function Checklist({ area, work }: { area: ProtectedArea; work: WorkAccount }) {
  const { t } = useTranslation(['getting-started', 'errors']);
  const { message } = useFeedback();
  const { locale } = useLanguage();
  const queryClient = useQueryClient();
  const params = { accountId: work.account.id };
  // Ticks come from pages elsewhere in the app: ask again whenever the dashboard is opened. It
  // suspends until the first answer, so the dashboard shows it and its figures at once instead of
  // pushing the figures down a phone screen when it arrives (a layout shift).
  const checklist = useSuspenseQuery({ ...endpointQuery(readEndpoint, { params }), staleTime: 0 });
  const update = useMutation({
    mutationFn: (body: { dismissed?: true; admissionLinkOpened?: true }) =>
      call(updateEndpoint, { params, body }),
    onSuccess: (answer) => queryClient.setQueryData(queryKeyOf(readEndpoint, { params }), answer),
    onError: (error) => void message.error(translateError(t, error)),
  });

  const answer = checklist.data;
  if (answer.dismissed || answer.steps.every((step) => step.done)) return null;
  const { words } = work;
  const vars = {
    classroom: words.classroom,
    classrooms: words.classrooms,
    student: words.student,
    students: words.students,
  };
  const page = (name: string) => `/${area}/${name}`;
  const actions: Record<GettingStartedStep, StepAction[]> = {
    classroom: [{ to: page('classrooms'), label: t('actions.classroom', vars) }],
    students: [
      { to: page('students'), label: t('actions.students', vars) },
      { to: page('students/import'), label: t('actions.import') },
    ],
    fee: [{ to: page('classrooms'), label: t('actions.fee') }],
    sms: [{ to: page('sms'), label: t('actions.sms') }],
    admission: [
      { to: page('admissions/settings'), label: t('actions.admission'), records: 'admissionLinkOpened' },
    ],
    kiosk: [{ to: paths.sentinelConnectedDevices, label: t('actions.kiosk') }],
  };
  const done = answer.steps.filter((step) => step.done).length;
  // Counted in the reader's digits (০–৯ in Bangla).
  const progress = t('progress', {
    done: done.toLocaleString(locale),
    total: answer.steps.length.toLocaleString(locale),
  });

  return (
    <Panel
      title={t('title')}
      extra={
        <Button type="link" onClick={() => update.mutate({ dismissed: true })} loading={update.isPending}>
          {t('hide')}
        </Button>
      }
      data-testid="getting-started"
    >
      <Flex vertical gap={4} style={{ marginBottom: 12 }}>
        <Text type="secondary">{t('intro', vars)}</Text>
        <ProgressLine percent={Math.round((done / answer.steps.length) * 100)} label={progress} />
      </Flex>
      <ol className={styles.steps}>
        {answer.steps.map((step, index) => (
          <li key={step.key} className={styles.step} data-step={step.key} data-done={step.done}>
            <span className={step.done ? styles.tick : styles.number} aria-hidden="true">
              {step.done ? <CheckCircleFilled /> : (index + 1).toLocaleString(locale)}
            </span>
            <div className={styles.body}>
              <Text strong delete={step.done}>
                {t(`steps.${step.key}.title`, vars)}
              </Text>
              <span className="bw-visually-hidden">{step.done ? t('doneMark') : t('todoMark')}</span>
              <Paragraph type="secondary" style={{ marginBottom: 4 }}>
                {t(`steps.${step.key}.hint`, vars)}
              </Paragraph>
              <Flex gap={8} wrap>
                {actions[step.key].map((action) => (
                  <Link
                    key={action.to}
                    to={action.to}
                    className={styles.action}
                    onClick={action.records ? () => update.mutate({ [action.records!]: true }) : undefined}
                  >
                    {action.label}
                  </Link>
                ))}
              </Flex>
            </div>
          </li>
        ))}
      </ol>
    </Panel>
  );
}
