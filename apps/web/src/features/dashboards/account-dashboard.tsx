import { MailOutlined, PlusOutlined, TeamOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Col, Empty, Row } from 'antd';
import { lazy, type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageHeading } from '../../components/antd/page-heading';
import { Label, Panel } from '../../components/antd/panel';
import { QueryError } from '../../components/antd/query-error';
import { PageLoader } from '../../components/page-loader';
import { homePathOf, pagesFor } from '../../lib/app-pages';
import { protectedAreaOf } from '../../lib/route-rules';
import { activeAccount, summaryQuery, useSession } from '../../lib/session';
import { useWording } from '../../lib/use-wording';
import { RecentActivity } from './recent-activity';
import { StatCards } from './stat-cards';

/** Only people working in several accounts see it: it loads after the page. */
const ConnectedAccountsCard = lazy(() =>
  import('./connected-accounts-card').then((module) => ({ default: module.ConnectedAccountsCard })),
);

/**
 * Teacher, admin and assistant dashboards: the active account's figures and recent activity, with
 * `checklist` (the first-run guidance, composed by the route table) above them.
 */
export function AccountDashboard({ checklist }: { checklist?: ReactNode }) {
  // The recent activity's texts too: asked for with the page's, not once the figures have come.
  const { t } = useTranslation(['app', 'activity']);
  const { data: session } = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const account = activeAccount(session);
  const words = useWording(account?.accountType);
  // Asked for while rendering rather than after the first commit: the notices above the page
  // (app-shell.tsx) hold that commit until they know whether to show, and the figures need not
  // wait for them.
  if (account && !queryClient.getQueryState(summaryQuery(account.id).queryKey))
    void queryClient.prefetchQuery(summaryQuery(account.id));
  const summary = useQuery({ ...summaryQuery(account?.id ?? ''), enabled: account !== null });
  if (!session) return null;
  const area = protectedAreaOf(homePathOf(session)) ?? 'teacher';
  const title = t(`dashboard.titles.${area}`);
  const pages = pagesFor(session);

  if (!account) {
    return (
      <>
        <PageHeading title={title} />
        <Panel>
          <Empty description={t('dashboard.noAccount')}>
            {pages.includes('invitations') ? (
              <Button type="primary" icon={<MailOutlined />} onClick={() => navigate(`/${area}/invitations`)}>
                {t('dashboard.openInvitations')}
              </Button>
            ) : null}
          </Empty>
        </Panel>
      </>
    );
  }

  const subtitle = (
    <>
      {account.institution}
      {account.relation === 'owner' ? null : ` · ${account.ownerName}`}{' '}
      <Label style={{ marginInlineStart: 6 }}>{t(`dashboard.accounts.relation.${account.relation}`)}</Label>
    </>
  );
  const extra = pages.includes('team') ? (
    <Button icon={<TeamOutlined />} onClick={() => navigate(`/${area}/team`)}>
      {t('dashboard.manageTeam')}
    </Button>
  ) : null;

  return (
    <>
      <PageHeading title={title} subtitle={subtitle} extra={extra} />
      {/* The checklist suspends until its code, texts and answer are in: the figures show with it,
          not before it, so its arrival never pushes them down (a layout shift on phones). */}
      <Suspense fallback={LOADER}>
        {checklist ? <div style={{ marginBottom: 16 }}>{checklist}</div> : null}
        {summary.isPending ? (
          LOADER
        ) : summary.isError ? (
          <Panel>
            <QueryError error={summary.error} onRetry={() => void summary.refetch()} />
          </Panel>
        ) : (
          <Row gutter={[16, 16]}>
            <Col span={24}>
              <StatCards summary={summary.data} words={words} />
            </Col>
            {session.smsQuota?.shared ? (
              <Col span={24}>
                <Alert type="info" showIcon title={t('dashboard.sharedQuota')} />
              </Col>
            ) : null}
            {summary.data.classrooms === 0 ? (
              <Col span={24}>
                <Panel>
                  <Empty
                    description={t('dashboard.noClassrooms', {
                      classroom: words.classroom,
                      classrooms: words.classrooms,
                      student: words.student,
                      students: words.students,
                    })}
                  >
                    {account.relation === 'assistant' ? null : (
                      <Button
                        type="primary"
                        icon={<PlusOutlined />}
                        onClick={() => navigate(`/${area}/classrooms`)}
                      >
                        {t('dashboard.createClassroom', { classroom: words.classroom })}
                      </Button>
                    )}
                  </Empty>
                </Panel>
              </Col>
            ) : null}
            <Col xs={24} lg={session.accounts.length > 1 ? 14 : 24}>
              <RecentActivity
                entries={summary.data.recentActivity}
                summaryLink={account.relation !== 'assistant'}
              />
            </Col>
            {session.accounts.length > 1 ? (
              <Col xs={24} lg={10}>
                <Suspense fallback={null}>
                  <ConnectedAccountsCard session={session} activeId={account.id} />
                </Suspense>
              </Col>
            ) : null}
          </Row>
        )}
      </Suspense>
    </>
  );
}

const LOADER = (
  <Panel>
    <PageLoader />
  </Panel>
);
