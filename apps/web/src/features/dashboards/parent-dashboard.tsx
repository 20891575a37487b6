import { Card, Col, Empty, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '../../components/antd/page-heading';
import { useSession } from '../../lib/session';
import { useLanguage } from '../../lib/use-language';
import { StudentRecordCard } from './student-record-card';

/** A parent's children (linked by the parent's phone number) and their classes. */
export function ParentDashboard() {
  const { t } = useTranslation('app');
  const { data: session } = useSession();
  const { locale } = useLanguage();
  if (!session) return null;
  return (
    <>
      <PageHeading
        title={t('dashboard.titles.parent')}
        subtitle={t('parent.children', {
          count: session.students.length,
          formatted: session.students.length.toLocaleString(locale),
        })}
      />
      {session.students.length === 0 ? (
        <Card>
          <Empty description={t('parent.noChildren')} />
        </Card>
      ) : (
        <Row gutter={[16, 16]}>
          {session.students.map((student) => (
            <Col key={student.studentId} xs={24} lg={12}>
              <StudentRecordCard student={student} showName />
            </Col>
          ))}
        </Row>
      )}
    </>
  );
}
