import { DeleteOutlined, EditOutlined, TableOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Flex, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useRecoveryDays } from '../../lib/recycle-bin-query';
import { translateError } from '../../lib/translate-error';
import { useLanguage } from '../../lib/use-language';
import { formatHeldOn } from './assessment-dates';
import styles from './assessments.module.css';
import { type AssessmentView, assessmentsApi, refreshAssessments } from './assessments-api';

/**
 * A classroom's assessments, newest held first: name, term, date, weight, subjects and whether
 * report cards show it; open its marks, edit, publish or unpublish, delete (owners and admins).
 */
export function AssessmentList({
  assessments,
  canDelete,
  onEdit,
}: {
  assessments: readonly AssessmentView[];
  canDelete: boolean;
  onEdit: (assessment: AssessmentView) => void;
}) {
  const { t } = useTranslation(['assessments', 'domain', 'errors']);
  const { locale } = useLanguage();
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const n = (value: number) => value.toLocaleString(locale);
  // On a plan with data recovery the deletion goes to the Recycle bin, and the confirmation says so.
  const recoveryDays = useRecoveryDays(assessments[0]?.accountId, canDelete);

  const publish = useMutation({
    mutationFn: ({ assessment, published }: { assessment: AssessmentView; published: boolean }) =>
      assessmentsApi.setPublished(assessment.accountId, assessment.id, published),
    onSuccess: async (saved) => {
      message.success(t(saved.publishedAt ? 'list.publishedDone' : 'list.unpublishedDone'));
      await refreshAssessments(queryClient, saved.accountId);
    },
    onError: (error) => message.error({ content: translateError(t, error), duration: 6 }),
  });

  const handleDelete = (assessment: AssessmentView) =>
    modal.confirm({
      title: t('list.deleteConfirm', { name: assessment.name }),
      content:
        recoveryDays > 0 ? t('list.deleteRecoverable', { days: n(recoveryDays) }) : t('list.deleteHint'),
      okText: t('list.delete'),
      cancelText: t('form.cancel'),
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          await assessmentsApi.remove(assessment.accountId, assessment.id);
          message.success(t('list.deleted', { name: assessment.name }));
          await refreshAssessments(queryClient, assessment.accountId);
        } catch (error) {
          message.error({ content: translateError(t, error), duration: 6 });
        }
      },
    });

  return (
    <ul className={styles.list} data-testid="assessment-list">
      {assessments.map((assessment) => {
        const published = assessment.publishedAt !== null;
        const marksPath = `${encodeURIComponent(assessment.accountId)}/${encodeURIComponent(assessment.id)}`;
        return (
          <li key={assessment.id} className={styles.item} data-testid="assessment-item">
            <Flex vertical gap={6} style={{ minWidth: 0 }}>
              <Flex gap={8} align="center" wrap>
                <Link to={marksPath}>
                  <Typography.Text
                    strong
                    style={{ fontSize: 16, overflowWrap: 'anywhere', color: 'inherit' }}
                  >
                    {assessment.name}
                  </Typography.Text>
                </Link>
                {published ? (
                  <Tag color="green" data-testid="published-tag">
                    {t('list.published')}
                  </Tag>
                ) : (
                  <Tag>{t('list.draft')}</Tag>
                )}
              </Flex>
              <Typography.Text type="secondary" style={{ fontSize: 13 }}>
                {[
                  assessment.term,
                  formatHeldOn(assessment.heldOn, locale),
                  t('list.weight', { weight: n(assessment.weight) }),
                  t('list.fullMarks', { full: n(assessment.fullMarks) }),
                ].join(' · ')}
              </Typography.Text>
              <Flex gap={4} wrap>
                {[...assessment.subjects]
                  .sort((a, b) => a.position - b.position)
                  .map((subject) => (
                    <Tag key={subject.id} color={subject.kind === 'optional' ? 'blue' : undefined}>
                      {subject.name}
                      {subject.parts.length > 1 ? ` (${subject.parts.map((p) => p.name).join(' + ')})` : ''}
                      {subject.kind === 'optional' ? ` · ${t('form.kinds.optional')}` : ''}
                    </Tag>
                  ))}
              </Flex>
              <Flex gap={4} wrap align="center" style={{ marginInlineStart: -8 }}>
                <Link to={marksPath} data-testid="assessment-marks" className={styles.action}>
                  <TableOutlined /> {t('list.marks')}
                </Link>
                <Button type="link" size="small" icon={<EditOutlined />} onClick={() => onEdit(assessment)}>
                  {t('list.edit')}
                </Button>
                <Button
                  type="link"
                  size="small"
                  loading={publish.isPending && publish.variables?.assessment.id === assessment.id}
                  onClick={() => publish.mutate({ assessment, published: !published })}
                  data-testid="assessment-publish"
                >
                  {published ? t('list.unpublish') : t('list.publish')}
                </Button>
                {canDelete ? (
                  <Button
                    type="link"
                    size="small"
                    danger
                    icon={<DeleteOutlined />}
                    onClick={() => handleDelete(assessment)}
                    data-testid="assessment-delete"
                  >
                    {t('list.delete')}
                  </Button>
                ) : null}
              </Flex>
            </Flex>
          </li>
        );
      })}
    </ul>
  );
}
