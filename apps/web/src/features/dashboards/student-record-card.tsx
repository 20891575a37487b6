import { BookOutlined } from '@ant-design/icons';
import type { Session } from '@batchwise/domain';
import { Avatar, Card, Descriptions, Empty, List, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { BRAND } from '../../components/antd/antd-provider';
import { formatDate } from '../../lib/format-time';
import { useLanguage } from '../../lib/use-language';

type OwnStudent = Session['students'][number];

/** One student record: where they study and the classes they were accepted into. */
export function StudentRecordCard({ student, showName }: { student: OwnStudent; showName: boolean }) {
  const { t } = useTranslation('app');
  const { locale } = useLanguage();
  return (
    <Card
      title={showName ? student.name : student.institution}
      extra={student.customId ? <Tag>{student.customId}</Tag> : null}
      data-testid="student-record"
    >
      {showName ? (
        <Descriptions size="small" column={1} style={{ marginBottom: 12 }}>
          <Descriptions.Item label={t('student.institution')}>{student.institution}</Descriptions.Item>
        </Descriptions>
      ) : null}
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        {t('student.classes', { count: student.classes.length })}
      </Typography.Title>
      {student.classes.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('student.noClasses')} />
      ) : (
        <List
          dataSource={student.classes}
          renderItem={(item) => (
            <List.Item key={item.classroomId} style={{ paddingInline: 0 }}>
              <List.Item.Meta
                avatar={<Avatar icon={<BookOutlined />} style={{ background: BRAND }} />}
                title={item.name}
                description={
                  <>
                    {[item.grade, item.subject].filter(Boolean).join(' · ')}
                    <br />
                    {t('student.teacher', { name: item.teacherName })}
                    {item.acceptedAt
                      ? ` · ${t('student.since', { date: formatDate(item.acceptedAt, locale) })}`
                      : ''}
                  </>
                }
              />
            </List.Item>
          )}
        />
      )}
    </Card>
  );
}
