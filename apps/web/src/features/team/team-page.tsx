import { useQuery } from '@tanstack/react-query';
import { Card, Col, Empty, Row, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '../../components/antd/page-heading';
import { QueryError } from '../../components/antd/query-error';
import { useSession } from '../../lib/session';
import { useWording } from '../../lib/use-wording';
import { AddTeacherCard } from './add-teacher-card';
import { InviteAssistantCard } from './invite-assistant-card';
import { PendingInvitations, TeamMembers } from './team-members';
import { teamQuery } from './team-queries';

/**
 * The team of the account the user owns: an admin's teachers and everyone's assistants, with
 * forms to add teachers (admins), invite assistants and revoke access.
 */
export function TeamPage() {
  const { t } = useTranslation('app');
  const { data: session } = useSession();
  const owned = session?.accounts.find((account) => account.relation === 'owner');
  const words = useWording(owned?.accountType);
  const team = useQuery({ ...teamQuery(owned?.id ?? ''), enabled: owned !== undefined });
  if (!session) return null;
  const isAdmin = session.user.profession === 'Admin';
  const title = isAdmin ? t('team.titleAdmin', { teachers: words.cap(words.teachers) }) : t('team.title');

  if (!owned) {
    return (
      <>
        <PageHeading title={title} />
        <Card>
          <Empty description={t('team.noAccount')} />
        </Card>
      </>
    );
  }

  return (
    <>
      <PageHeading title={title} subtitle={owned.institution} />
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={14}>
          <Row gutter={[16, 16]}>
            <Col span={24}>
              {team.isPending ? (
                <Card>
                  <Skeleton active />
                </Card>
              ) : team.isError ? (
                <Card>
                  <QueryError error={team.error} onRetry={() => void team.refetch()} />
                </Card>
              ) : (
                <TeamMembers accountId={owned.id} team={team.data} words={words} />
              )}
            </Col>
            {team.isSuccess ? (
              <Col span={24}>
                <PendingInvitations accountId={owned.id} team={team.data} />
              </Col>
            ) : null}
          </Row>
        </Col>
        <Col xs={24} xl={10}>
          <Row gutter={[16, 16]}>
            {isAdmin ? (
              <Col span={24}>
                <AddTeacherCard accountId={owned.id} words={words} />
              </Col>
            ) : null}
            <Col span={24}>
              <InviteAssistantCard accountId={owned.id} words={words} />
            </Col>
          </Row>
        </Col>
      </Row>
    </>
  );
}
