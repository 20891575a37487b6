import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { App, theme as antdTheme, Button, Card, Empty, Flex, Input, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { translateError } from '../../../lib/translate-error';
import { useLanguage } from '../../../lib/use-language';
import type { Wording } from '../../../lib/use-wording';
import { refreshStudents, studentApi } from '../student-api';
import type { ClassroomCardState } from './student-form-state';
import type { StudentForm } from './use-student-form';

/**
 * Part 2 §2 "Included Classrooms": a card per classroom (teacher for admins, grade/subject,
 * name, colour bar, "Modified Tuition Fee", remove) and a way to include the student in more.
 * Removing a saved classroom is its own call, an archive of type Delete (part 2 §4).
 */
export function IncludedClassrooms({
  form,
  showTeacher,
  canInclude,
  money,
  words,
  onInclude,
}: {
  form: StudentForm;
  showTeacher: boolean;
  canInclude: boolean;
  money: (paisa: number) => string;
  words: Wording & { cap: (label: string) => string };
  onInclude: () => void;
}) {
  const { t } = useTranslation(['students', 'domain', 'errors']);
  const { modal, message } = App.useApp();
  const { token } = antdTheme.useToken();
  const { locale } = useLanguage();
  const queryClient = useQueryClient();

  const handleRemove = (card: ClassroomCardState) => {
    if (card.local) {
      form.dropCard(card.classroomId);
      return;
    }
    modal.confirm({
      title: t('drawer.classrooms.removeTitle', { classroom: card.name }),
      content: t('drawer.classrooms.removeBody', { student: words.student }),
      okText: t('students.remove.ok'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: async () => {
        if (!card.recordStudentId) {
          message.error(t('domain:REMOVE_MISSING_KEY'));
          return;
        }
        try {
          const result = await studentApi.remove(card.accountId, card.classroomId, [card.recordStudentId]);
          message.success(t(`domain:${result.code}`, { defaultValue: result.message }));
          form.dropCard(card.classroomId);
          await refreshStudents(queryClient);
        } catch (error) {
          message.error({ content: translateError(t, error), duration: 5 });
        }
      },
    });
  };

  return (
    <Flex vertical gap={10}>
      {form.cards.length === 0 ? (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={t('drawer.classrooms.none', {
            classroom: words.classroom,
            classrooms: words.classrooms,
          })}
        />
      ) : null}
      {form.cards.map((card) => (
        <Card
          key={card.classroomId}
          size="small"
          data-testid="included-classroom"
          style={{ borderInlineStart: `5px solid ${card.color ?? token.colorPrimary}` }}
        >
          <Flex justify="space-between" align="flex-start" gap={8}>
            <div style={{ minWidth: 0 }}>
              {showTeacher ? (
                <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
                  {card.teacherName}
                </Typography.Text>
              ) : null}
              <Typography.Text type="secondary" style={{ display: 'block', fontSize: 13 }}>
                {card.grade} / {card.subject}
              </Typography.Text>
              <Typography.Text strong>{card.name}</Typography.Text>{' '}
              {card.local ? <Tag color="blue">{t('drawer.classrooms.notSaved')}</Tag> : null}
            </div>
            {card.local || card.manageStudents ? (
              <Button
                type="text"
                danger
                icon={<DeleteOutlined />}
                aria-label={t('drawer.classrooms.remove', { classroom: card.name })}
                onClick={() => handleRemove(card)}
              />
            ) : null}
          </Flex>
          <label htmlFor={`fee-${card.classroomId}`} style={{ display: 'block', marginTop: 8 }}>
            <Typography.Text style={{ fontSize: 13 }}>{t('drawer.classrooms.modifiedFee')}</Typography.Text>
            <Input
              id={`fee-${card.classroomId}`}
              prefix="৳"
              inputMode="decimal"
              value={card.feeText}
              disabled={!card.local && !card.manageStudents}
              placeholder={t('drawer.classrooms.feePlaceholder', { fee: money(card.classroomFeePaisa) })}
              onChange={(event) => form.setFee(card.classroomId, event.target.value)}
              style={{ marginTop: 4 }}
            />
          </label>
        </Card>
      ))}
      {canInclude ? (
        <Button icon={<PlusOutlined />} onClick={onInclude} block>
          {t('drawer.classrooms.include', { classroom: words.classroom })}
        </Button>
      ) : null}
      {form.cards.length > 0 ? (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('drawer.classrooms.count', {
            count: form.cards.length,
            formatted: form.cards.length.toLocaleString(locale),
          })}
        </Typography.Text>
      ) : null}
    </Flex>
  );
}
