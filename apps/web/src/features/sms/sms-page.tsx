import { Alert, Card, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { PageHeading } from '../../components/antd/page-heading';
import { useWorkAccount, type WorkAccount } from '../../lib/use-work-account';
import { type ComposeDraft, ComposeForm } from './compose-form';
import { HistoryTab } from './history-tab';
import { QuotaTab } from './quota-tab';
import { TemplateTab } from './template-tab';
import { WelcomeTab } from './welcome-tab';

type Tab = 'compose' | 'templates' | 'history' | 'quota' | 'welcome';

const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];

/** Students picked in the students list arrive as router state (they are too many for a URL). */
function pickedFrom(state: unknown): string[] {
  return strings((state as { smsStudentIds?: unknown } | null)?.smsStudentIds);
}

/**
 * A drafted message may come with them (attendance insights draft a parent SMS): its text and
 * recipients prefill the form, which is then reviewed as any other.
 */
function draftFrom(state: unknown): ComposeDraft | undefined {
  const { smsText, smsTo } = (state ?? {}) as { smsText?: unknown; smsTo?: unknown };
  if (typeof smsText !== 'string') return undefined;
  const to = strings(smsTo).filter((x): x is ComposeDraft['to'][number] =>
    ['student', 'parent1', 'parent2'].includes(x),
  );
  return { text: smsText, to: to.length > 0 ? to : ['student'] };
}

/** SMS to classrooms, picked students, parents and typed numbers; what was sent; the quota. */
export function SmsPage() {
  const work = useWorkAccount();
  const { t } = useTranslation('sms');
  if (!work) return <PageHeading title={t('title')} />;
  return <SmsTabs work={work} />;
}

function SmsTabs({ work }: { work: WorkAccount }) {
  const { t } = useTranslation('sms');
  const location = useLocation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  // Only owners and admins may read the quota, its ledger and the welcome SMS (the server refuses
  // assistants).
  const seesQuota = work.session.user.profession === 'Teacher' || work.session.user.profession === 'Admin';
  // An assistant without the send permission anywhere here would only be refused at review;
  // spreadsheet templates text any number, so they need the account-wide permission.
  const { account } = work;
  const maySend = account.relation !== 'assistant' || account.sendSms || account.sendSmsClassrooms.length > 0;
  const usesTemplates = account.relation !== 'assistant' || account.sendSms;
  const asked = params.get('tab');
  const tab: Tab =
    asked === 'history' ||
    ((asked === 'quota' || asked === 'welcome') && seesQuota) ||
    (asked === 'templates' && usesTemplates)
      ? asked
      : 'compose';
  const picked = pickedFrom(location.state);

  // The tab lives in the URL so reloading or going back keeps it; the picked students stay in state.
  const handleTab = (next: string) =>
    setParams(next === 'compose' ? {} : { tab: next }, { replace: true, state: location.state });
  // Dropping the picked students also drops them from history, so a reload does not bring them back.
  const handleClearPicked = () =>
    navigate({ pathname: location.pathname, search: location.search }, { replace: true, state: null });
  const handleSent = () => navigate({ pathname: location.pathname, search: '?tab=history' }, { state: null });

  return (
    <>
      <PageHeading title={t('title')} subtitle={work.account.institution} />
      <Card size="small">
        <Tabs
          activeKey={tab}
          onChange={handleTab}
          items={[
            {
              key: 'compose',
              label: t('tabs.compose'),
              children: maySend ? (
                <ComposeForm
                  work={work}
                  pickedStudentIds={picked}
                  draft={draftFrom(location.state)}
                  onClearPicked={handleClearPicked}
                  onSent={handleSent}
                />
              ) : (
                <Alert
                  type="info"
                  showIcon
                  title={t('compose.noPermissionTitle')}
                  description={t('compose.noPermission', {
                    owner: account.ownerName,
                    classroom: work.words.classroom,
                  })}
                />
              ),
            },
            ...(usesTemplates
              ? [
                  {
                    key: 'templates',
                    label: t('tabs.templates'),
                    children: <TemplateTab work={work} onSent={handleSent} />,
                  },
                ]
              : []),
            { key: 'history', label: t('tabs.history'), children: <HistoryTab work={work} /> },
            ...(seesQuota
              ? [
                  {
                    key: 'quota',
                    label: t('tabs.quota'),
                    children: <QuotaTab accountId={work.account.id} />,
                  },
                  { key: 'welcome', label: t('tabs.welcome'), children: <WelcomeTab work={work} /> },
                ]
              : []),
          ]}
        />
      </Card>
    </>
  );
}
