import { Card, Col, Empty, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeading } from '../../components/antd/page-heading';
import { useSession } from '../../lib/session';
import { StudentRecordCard } from './student-record-card';

/** A student's own classes across the institutions that enrolled them. */
export function StudentDashboard() {
  const { t } = useTranslation('app');
  const { data: session } = useSession();
  const [searchParams] = useSearchParams();
  if (!session) return null;
  // Staff opening a student's dashboard (`?suid=`) see that record first.
  const suid = searchParams.get('suid');
  const records = [...session.students].sort(
    (a, b) => Number(b.studentId === suid) - Number(a.studentId === suid),
  );
  return (
    <>
      <PageHeading
        title={t('dashboard.titles.student')}
        subtitle={t('student.greeting', { name: session.user.name })}
      />
      {session.students.length === 0 ? (
        <Card>
          <Empty description={t('student.noRecords')} />
        </Card>
      ) : (
        <Row gutter={[16, 16]}>
          {records.map((student) => (
            <Col key={student.studentId} xs={24} lg={12}>
              <StudentRecordCard student={student} showName={false} />
            </Col>
          ))}
        </Row>
      )}
    </>
  );
}
