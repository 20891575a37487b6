import { BookOutlined, MessageOutlined, SolutionOutlined, WalletOutlined } from '@ant-design/icons';
import { toBanglaDigits } from '@batchwise/domain';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Col, Flex, Row, Skeleton, Statistic } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLanguage } from '../../lib/use-language';
import type { WorkAccount } from '../../lib/use-work-account';
import { overviewQuery } from './money-api';

/** The institution overview (spec part 2 §2): classrooms, students and shortcuts to the work. */
export function OverviewCard({ work }: { work: WorkAccount }) {
  const { t } = useTranslation('money');
  const { language, locale } = useLanguage();
  const overview = useQuery(overviewQuery(work.account.id));
  const count = (n: number) => {
    const text = n.toLocaleString(locale);
    return language === 'bn' ? toBanglaDigits(text) : text;
  };
  // Sibling pages of this one in the same area (/teacher/money → /teacher/fees).
  const shortcuts = [
    { to: '../fees', icon: <WalletOutlined />, label: t('overview.collect') },
    { to: '../students', icon: <SolutionOutlined />, label: work.words.cap(work.words.students) },
    { to: '../classrooms', icon: <BookOutlined />, label: work.words.cap(work.words.classrooms) },
    { to: '../sms', icon: <MessageOutlined />, label: t('overview.sms') },
  ];
  return (
    <Card size="small" title={t('overview.title')} data-testid="money-overview">
      {overview.data ? (
        <Row gutter={12}>
          <Col span={12}>
            <Statistic
              title={t('overview.classrooms', { classrooms: work.words.cap(work.words.classrooms) })}
              value={count(overview.data.classrooms)}
              data-testid="overview-classrooms"
            />
          </Col>
          <Col span={12}>
            <Statistic
              title={t('overview.students', { students: work.words.cap(work.words.students) })}
              value={count(overview.data.students)}
              data-testid="overview-students"
            />
          </Col>
        </Row>
      ) : (
        <Skeleton active paragraph={{ rows: 1 }} />
      )}
      <Flex gap={8} wrap style={{ marginTop: 16 }}>
        {shortcuts.map((s) => (
          <Link key={s.to} to={s.to} relative="path">
            <Button icon={s.icon}>{s.label}</Button>
          </Link>
        ))}
      </Flex>
    </Card>
  );
}
