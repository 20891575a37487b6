import {
  EditOutlined,
  FolderOpenOutlined,
  LockOutlined,
  TeamOutlined,
  UnlockOutlined,
} from '@ant-design/icons';
import type { Classroom } from '@batchwise/domain';
import { Avatar, theme as antdTheme, Button, Card, Flex, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../lib/use-language';

/** One classroom in the grid: colour bar, picture, grade and subject, students and fee. */
export function ClassroomCard({
  classroom,
  showTeacher,
  canManage,
  money,
  onOpen,
  onEdit,
  onToggleClosed,
}: {
  classroom: Classroom;
  showTeacher: boolean;
  canManage: boolean;
  money: (paisa: number) => string;
  onOpen: () => void;
  onEdit: () => void;
  onToggleClosed: () => void;
}) {
  const { t } = useTranslation('students');
  const { locale } = useLanguage();
  const { token } = antdTheme.useToken();
  const color = classroom.color ?? token.colorPrimary;
  const closed = classroom.closedAt !== null;
  const actions = [
    <Button key="open" type="link" icon={<FolderOpenOutlined />} onClick={onOpen}>
      {t('classrooms.card.open')}
    </Button>,
    ...(canManage
      ? [
          <Tooltip key="edit" title={t('classrooms.card.edit')}>
            <Button
              type="text"
              icon={<EditOutlined />}
              aria-label={t('classrooms.card.edit')}
              onClick={onEdit}
            />
          </Tooltip>,
          <Tooltip key="close" title={closed ? t('classrooms.card.reopen') : t('classrooms.card.close')}>
            <Button
              type="text"
              icon={closed ? <UnlockOutlined /> : <LockOutlined />}
              aria-label={closed ? t('classrooms.card.reopen') : t('classrooms.card.close')}
              onClick={onToggleClosed}
            />
          </Tooltip>,
        ]
      : []),
  ];
  return (
    <Card
      size="small"
      style={{ height: '100%', overflow: 'hidden', opacity: closed ? 0.75 : 1 }}
      styles={{ body: { paddingTop: 14 } }}
      actions={actions}
      data-testid="classroom-card"
      cover={<div style={{ height: 6, background: color }} aria-hidden="true" />}
    >
      <Flex gap={12} align="flex-start">
        <Avatar
          shape="square"
          size={48}
          src={classroom.avatarUrl ?? undefined}
          style={{ background: color, flex: 'none' }}
          alt=""
        >
          {/* The classroom name's initial, as typed (its name follows). */}
          <span translate="no">{classroom.name.charAt(0).toUpperCase()}</span>
        </Avatar>
        <div style={{ minWidth: 0, flex: 1 }}>
          <Typography.Title level={5} style={{ margin: 0 }} ellipsis={{ tooltip: classroom.name }}>
            {classroom.name}
          </Typography.Title>
          <Typography.Text type="secondary" ellipsis style={{ display: 'block' }}>
            {classroom.grade} · {classroom.subject}
          </Typography.Text>
          {showTeacher ? (
            <Typography.Text type="secondary" ellipsis style={{ display: 'block', fontSize: 13 }}>
              {classroom.teacherName}
            </Typography.Text>
          ) : null}
        </div>
      </Flex>
      <Flex justify="space-between" align="center" gap={8} wrap style={{ marginTop: 12 }}>
        <Typography.Text>
          <TeamOutlined />{' '}
          {t('classrooms.card.students', {
            count: classroom.studentCount,
            formatted: classroom.studentCount.toLocaleString(locale),
          })}
        </Typography.Text>
        <Typography.Text strong>
          {t('classrooms.card.fee', { fee: money(classroom.tuitionFeePaisa) })}
        </Typography.Text>
      </Flex>
      <Flex gap={4} wrap style={{ marginTop: 8 }}>
        {closed ? <Tag color="default">{t('classrooms.card.closed')}</Tag> : null}
        <Tag color={classroom.status === 'Active' ? 'green' : 'gold'}>
          {t(`classrooms.status.${classroom.status}`)}
        </Tag>
        {classroom.type !== 'Physical' ? <Tag>{t(`classrooms.types.${classroom.type}`)}</Tag> : null}
      </Flex>
    </Card>
  );
}
