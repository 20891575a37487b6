import { BookOutlined, MessageOutlined, SolutionOutlined, TeamOutlined } from '@ant-design/icons';
import { theme as antdTheme, Col, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { Panel } from '../../components/antd/panel';
import { Text } from '../../components/antd/text';
import type { AccountSummary } from '../../lib/session';
import { useLanguage } from '../../lib/use-language';
import type { Wording } from '../../lib/use-wording';

/** The account's counts, named in its own wording (classrooms or divisions, students or players). */
export function StatCards({
  summary,
  words,
}: {
  summary: AccountSummary;
  words: Wording & { cap: (label: string) => string };
}) {
  const { t } = useTranslation('app');
  const { locale } = useLanguage();
  const { token } = antdTheme.useToken();
  const format = (value: number | string) => Number(value).toLocaleString(locale);
  const stats = [
    {
      key: 'classrooms',
      icon: <BookOutlined />,
      title: t('dashboard.stats.total', { plural: words.cap(words.classrooms), singular: words.classroom }),
      value: summary.classrooms,
    },
    {
      key: 'students',
      icon: <SolutionOutlined />,
      // The same number as the Students list; the classroom share beneath it.
      title: t('dashboard.stats.allStudents', { plural: words.students, singular: words.student }),
      value: summary.students,
      note: t('dashboard.stats.inClassrooms', {
        formatted: format(summary.studentsInClassrooms),
        classrooms: words.classrooms,
        classroom: words.classroom,
      }),
    },
    {
      key: 'assistants',
      icon: <TeamOutlined />,
      title: t('dashboard.stats.assistants'),
      value: summary.assistants,
    },
    { key: 'sms', icon: <MessageOutlined />, title: t('dashboard.stats.smsQuota'), value: summary.smsQuota },
  ];
  return (
    <Row gutter={[16, 16]}>
      {stats.map((stat) => (
        <Col key={stat.key} xs={12} md={6}>
          <Panel size="small" style={{ height: '100%' }} data-testid={`stat-${stat.key}`}>
            {/* Drawn as Ant Design's Statistic draws it, which stays off the first load. */}
            <div style={{ color: token.colorTextDescription, marginBottom: token.marginXXS }}>
              {stat.title}
            </div>
            <div style={{ color: token.colorTextHeading, fontSize: token.fontSizeHeading3 }}>
              <span style={{ marginInlineEnd: token.marginXXS }}>{stat.icon}</span>
              {format(stat.value)}
            </div>
            {'note' in stat ? (
              <Text type="secondary" style={{ fontSize: 13 }} data-testid={`stat-${stat.key}-note`}>
                {stat.note}
              </Text>
            ) : null}
          </Panel>
        </Col>
      ))}
    </Row>
  );
}
