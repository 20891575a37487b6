import { MessageOutlined } from '@ant-design/icons';
import { type InsightFlag, type InsightStudent, insightSmsDraft } from '@batchwise/domain';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Empty, Flex, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { QueryError } from '../../components/antd/query-error';
import { contentLanguage } from '../../lib/language';
import { useLanguage } from '../../lib/use-language';
import { useWorkAccount } from '../../lib/use-work-account';
import { FlagEvidence, useEvidenceFormat } from './flag-evidence';
import { insightsQuery } from './insights-api';

interface ClassroomRef {
  accountId: string;
  classroomId: string;
  name: string;
}

/**
 * Attendance insights of a classroom: the students to call about, each flag with its evidence and
 * a button that drafts a parent SMS from it. The draft opens SMS compose with the student picked
 * and the guardian as recipient, where it is edited and goes through the normal review; nothing
 * is sent from here.
 */
export function InsightsPanel({ classroom }: { classroom: ClassroomRef }) {
  const { t } = useTranslation(['attendance-insights', 'domain', 'errors']);
  const f = useEvidenceFormat();
  const insights = useQuery(insightsQuery(classroom));
  if (insights.isPending) return <Skeleton active paragraph={{ rows: 5 }} />;
  if (insights.isError) return <QueryError error={insights.error} onRetry={() => void insights.refetch()} />;
  const { students, earlier, recent } = insights.data;
  const windows = t('windows', {
    recentFrom: f.date(recent.from),
    recentTo: f.date(recent.to),
    earlierFrom: f.date(earlier.from),
    earlierTo: f.date(earlier.to),
  });
  if (students.length === 0)
    return (
      <Empty data-testid="insights-empty" description={t('empty')}>
        <Typography.Text type="secondary">{windows}</Typography.Text>
      </Empty>
    );
  return (
    <Flex vertical gap={12} data-testid="insights-list">
      <Typography.Text type="secondary">
        {t('summary', { count: students.length, students: f.number(students.length) })} {windows}
      </Typography.Text>
      {students.map((student) => (
        <StudentCard key={student.id} student={student} classroom={classroom} />
      ))}
    </Flex>
  );
}

function StudentCard({ student, classroom }: { student: InsightStudent; classroom: ClassroomRef }) {
  const { t } = useTranslation('attendance-insights');
  const { language } = useLanguage();
  const work = useWorkAccount();
  const navigate = useNavigate();
  // As SMS compose decides (sms-page.tsx): an assistant needs the send permission here to draft.
  const account = work?.account;
  const maySend =
    account !== undefined &&
    (account.relation !== 'assistant' ||
      account.sendSms ||
      account.sendSmsClassrooms.includes(classroom.classroomId));
  // SMS compose reads the picked students, the recipients and the text from router state.
  const handleDraft = (flag: InsightFlag) =>
    navigate('../sms', {
      relative: 'path',
      state: {
        smsStudentIds: [student.id],
        smsTo: ['parent1'],
        smsText: insightSmsDraft(
          flag,
          { name: student.name, classroom: classroom.name, institution: account?.institution ?? '' },
          contentLanguage(language),
        ),
      },
    });
  return (
    <Card
      size="small"
      data-testid="insight-student"
      title={
        <span>
          {student.name}
          {student.customId ? (
            <Typography.Text type="secondary" style={{ marginInlineStart: 8, fontWeight: 'normal' }}>
              {student.customId}
            </Typography.Text>
          ) : null}
        </span>
      }
    >
      <Flex vertical gap={12}>
        {student.flags.map((flag) => (
          <Flex
            key={flag.kind}
            wrap
            gap={8}
            justify="space-between"
            align="flex-start"
            data-testid="insight-flag"
          >
            <div style={{ flex: '1 1 240px', minWidth: 0 }}>
              <FlagEvidence flag={flag} />
            </div>
            {maySend ? (
              <Button icon={<MessageOutlined />} onClick={() => handleDraft(flag)}>
                {t('draftSms')}
              </Button>
            ) : null}
          </Flex>
        ))}
      </Flex>
    </Card>
  );
}
