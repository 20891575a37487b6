import { TeamOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, Card, Descriptions, Flex, Result, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useLanguage } from '../../lib/use-language';
import type { Wording } from '../../lib/use-wording';
import type { OnboardingImported } from './onboarding-api';

/** Step 4: what the import wrote, and where to go next. */
export function OnboardingResult({
  result,
  fileName,
  words,
  onAnother,
}: {
  result: OnboardingImported;
  fileName: string;
  words: Wording & { cap: (label: string) => string };
  onAnother: () => void;
}) {
  const { t } = useTranslation('onboarding');
  const { locale } = useLanguage();
  const navigate = useNavigate();
  const n = (value: number) => value.toLocaleString(locale);
  const filled = result.classrooms.filter((room) => room.students > 0);
  return (
    <Card data-testid="onboarding-result">
      <Result
        status="success"
        style={{ padding: '16px 0' }}
        title={t('result.title', {
          count: result.created,
          formatted: n(result.created),
          student: words.student,
          students: words.students,
        })}
        subTitle={t('result.subtitle', { file: fileName })}
        extra={
          <Flex gap={8} wrap justify="center">
            <Button
              type="primary"
              icon={<TeamOutlined />}
              onClick={() => navigate('..', { relative: 'path' })}
            >
              {t('result.goToStudents', { students: words.cap(words.students), student: words.student })}
            </Button>
            <Button icon={<UploadOutlined />} onClick={onAnother}>
              {t('result.another')}
            </Button>
          </Flex>
        }
      />
      {/* Below the Result rather than inside it: its content box is padded for wide screens. */}
      <Descriptions
        size="small"
        bordered
        column={1}
        style={{ maxWidth: 720, margin: '0 auto' }}
        styles={{ label: { width: '45%' } }}
        items={[
          {
            key: 'created',
            label: t('result.created', { students: words.cap(words.students), student: words.student }),
            children: n(result.created),
          },
          {
            key: 'enrolments',
            label: t('result.enrolments', { classrooms: words.classrooms, classroom: words.classroom }),
            children: n(result.enrolments),
          },
          {
            key: 'classrooms',
            label: t('result.perClassroom', { classroom: words.classroom }),
            children: filled.length ? (
              <Flex gap={6} wrap>
                {filled.map((room) => (
                  <Tag key={room.id} style={{ marginInlineEnd: 0 }}>
                    {room.name}: <strong>{n(room.students)}</strong>
                  </Tag>
                ))}
              </Flex>
            ) : (
              n(0)
            ),
          },
          { key: 'welcomeSms', label: t('result.welcomeSms'), children: n(result.welcomeSms) },
        ]}
      />
    </Card>
  );
}
