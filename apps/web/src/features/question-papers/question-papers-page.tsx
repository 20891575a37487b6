import { FileTextOutlined, PlusOutlined } from '@ant-design/icons';
import { planEndpoints, questionPaperEndpoints } from '@batchwise/domain';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Empty, Flex, List, Select, Skeleton, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeading } from '../../components/antd/page-heading';
import { QueryError } from '../../components/antd/query-error';
import { endpointQuery } from '../../lib/api-client';
import { classroomsQuery } from '../../lib/classrooms-query';
import { formatDateTime } from '../../lib/format-time';
import { useDigits } from '../../lib/use-digits';
import { useLanguage } from '../../lib/use-language';
import { useWorkAccount, type WorkAccount } from '../../lib/use-work-account';
import { PaperEditor } from './paper-editor';
import { PaperRequestForm } from './paper-request-form';
import { type PaperEdit, papersQuery } from './papers-api';

type Mode =
  | { kind: 'list' }
  | { kind: 'new' }
  | { kind: 'draft'; edit: PaperEdit }
  | { kind: 'open'; id: string };

/**
 * Question papers (the `ai` tool, spec part 1 §1 "AI add-ons"): a classroom's saved papers, and
 * drafting a new one with the AI model, edited here, printed, reused as an assessment.
 */
export function QuestionPapersPage() {
  const work = useWorkAccount();
  const { t } = useTranslation('question-papers');
  if (!work) return <PageHeading title={t('title')} />;
  return <QuestionPapers work={work} />;
}

function QuestionPapers({ work }: { work: WorkAccount }) {
  const { t } = useTranslation(['question-papers', 'domain', 'errors']);
  const { locale } = useLanguage();
  const digits = useDigits();
  const accountId = work.account.id;
  const tools = useQuery(endpointQuery(planEndpoints.tools, { params: { accountId } }));
  const classrooms = useQuery(classroomsQuery(accountId));
  const own = (classrooms.data ?? []).filter((c) => c.accountId === accountId);
  const [picked, setPicked] = useState<string | undefined>();
  const classroom = own.find((c) => c.id === picked) ?? own[0];
  const [mode, setMode] = useState<Mode>({ kind: 'list' });
  const papers = useQuery(papersQuery(accountId, classroom?.id));
  const opened = useQuery({
    ...endpointQuery(questionPaperEndpoints.paper, {
      params: { accountId, paperId: mode.kind === 'open' ? mode.id : '' },
    }),
    enabled: mode.kind === 'open',
  });

  if (tools.isPending || classrooms.isPending) return <Skeleton active />;
  if (classrooms.isError)
    return <QueryError error={classrooms.error} onRetry={() => void classrooms.refetch()} />;
  const usable = tools.data?.tools.some((tool) => tool.key === 'ai' && tool.usable) ?? false;
  const heading = <PageHeading title={t('title')} subtitle={t('subtitle')} />;
  if (!usable)
    return (
      <>
        {heading}
        <Alert
          type="info"
          showIcon
          title={t('notInstalled')}
          description={<Link to="../tools">{t('openTools')}</Link>}
        />
      </>
    );
  if (!classroom)
    return (
      <>
        {heading}
        <Empty description={t('noClassrooms', { classrooms: work.words.classrooms })} />
      </>
    );
  const back = () => setMode({ kind: 'list' });

  let body: React.ReactNode;
  if (mode.kind === 'new')
    body = (
      <PaperRequestForm
        accountId={accountId}
        classLevel={classroom.grade}
        subject={classroom.subject}
        onDrafted={(edit) => setMode({ kind: 'draft', edit })}
        onCancel={back}
      />
    );
  else if (mode.kind === 'draft')
    body = <PaperEditor accountId={accountId} classroomId={classroom.id} start={mode.edit} onClose={back} />;
  else if (mode.kind === 'open')
    body = opened.isPending ? (
      <Skeleton active />
    ) : opened.isError ? (
      <QueryError error={opened.error} onRetry={() => void opened.refetch()} />
    ) : (
      <PaperEditor
        key={opened.data.id}
        accountId={accountId}
        classroomId={classroom.id}
        start={opened.data}
        saved={opened.data}
        onClose={back}
      />
    );
  else
    body = (
      <Card size="small" title={t('list.title', { classroom: classroom.name })}>
        {papers.isPending ? (
          <Skeleton active />
        ) : papers.isError ? (
          <QueryError error={papers.error} onRetry={() => void papers.refetch()} />
        ) : papers.data.papers.length === 0 ? (
          <Empty description={t('list.empty')} />
        ) : (
          <List
            dataSource={papers.data.papers}
            renderItem={(paper) => (
              <List.Item
                data-testid="saved-paper"
                actions={[
                  <Button key="open" type="link" onClick={() => setMode({ kind: 'open', id: paper.id })}>
                    {t('list.open')}
                  </Button>,
                ]}
              >
                <List.Item.Meta
                  avatar={<FileTextOutlined />}
                  title={paper.title}
                  description={t('list.meta', {
                    subject: paper.subject,
                    classLevel: paper.classLevel,
                    marks: digits(paper.totalMarks),
                    questions: digits(paper.questions),
                    date: formatDateTime(paper.updatedAt, locale),
                  })}
                />
              </List.Item>
            )}
          />
        )}
      </Card>
    );

  return (
    <>
      {heading}
      <Flex vertical gap={16}>
        <Flex gap={8} wrap align="center" justify="space-between">
          <Select
            value={classroom.id}
            onChange={(id) => {
              setPicked(id);
              back();
            }}
            options={own.map((c) => ({ value: c.id, label: c.name }))}
            optionFilterProp="label"
            showSearch
            style={{ flex: '1 1 200px', maxWidth: 360 }}
            aria-label={work.words.cap(work.words.classroom)}
          />
          {mode.kind === 'list' ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setMode({ kind: 'new' })}>
              {t('list.new')}
            </Button>
          ) : null}
        </Flex>
        {mode.kind === 'list' ? <Typography.Text type="secondary">{t('list.intro')}</Typography.Text> : null}
        {body}
      </Flex>
    </>
  );
}
