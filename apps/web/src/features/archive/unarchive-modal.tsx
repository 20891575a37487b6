import type { ArchivedStudent } from '@batchwise/domain';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Checkbox, Flex, Modal, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { refresh } from '../../lib/api-client';
import { formatDate } from '../../lib/format-time';
import { translateError } from '../../lib/translate-error';
import { useLanguage } from '../../lib/use-language';
import type { Wording } from '../../lib/use-wording';
import { unarchive } from './archive-api';

/**
 * Unarchive into chosen classrooms (part 1 §4 "Student lifecycle"): at least one; classrooms that
 * no longer exist are shown but cannot be chosen.
 */
export function UnarchiveModal({
  student,
  words,
  onClose,
}: {
  student: ArchivedStudent | null;
  words: Wording;
  onClose: () => void;
}) {
  const { t } = useTranslation(['students', 'domain', 'errors']);
  const { message } = App.useApp();
  const { locale } = useLanguage();
  const queryClient = useQueryClient();
  const [chosen, setChosen] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  // One archived copy per classroom is enough to choose it (the newest is listed first).
  const classes = (student?.classes ?? []).filter(
    (c, index, all) => all.findIndex((other) => other.classroomId === c.classroomId) === index,
  );

  const handleClose = () => {
    setChosen([]);
    onClose();
  };

  const handleUnarchive = async () => {
    if (!student) return;
    setBusy(true);
    try {
      const result = await unarchive(student.accountId, student.studentId, chosen);
      message.success(t(`domain:${result.code}`, { defaultValue: result.message }));
      if (result.skipped.length > 0) {
        message.warning(
          t('archive.skipped', {
            count: result.skipped.length,
            formatted: result.skipped.length.toLocaleString(locale),
          }),
        );
      }
      await Promise.all([
        refresh(queryClient, 'archive'),
        refresh(queryClient, 'students'),
        refresh(queryClient, 'classrooms'),
      ]);
      handleClose();
    } catch (error) {
      message.error({ content: translateError(t, error), duration: 5 });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={student !== null}
      title={t('archive.unarchiveTitle', { name: student?.name ?? '' })}
      onCancel={handleClose}
      footer={
        <Flex justify="flex-end" align="center" gap={8} wrap>
          {chosen.length === 0 ? (
            <Typography.Text type="secondary" style={{ marginInlineEnd: 'auto' }}>
              {t('domain:SELECT_AT_LEAST_ONE_CLASSROOM')}
            </Typography.Text>
          ) : null}
          <Button onClick={handleClose}>{t('common.cancel')}</Button>
          <Button
            type="primary"
            disabled={chosen.length === 0}
            loading={busy}
            onClick={() => void handleUnarchive()}
          >
            {t('archive.unarchive')}
          </Button>
        </Flex>
      }
    >
      <Typography.Paragraph type="secondary">
        {t('archive.unarchiveIntro', { classroom: words.classroom, classrooms: words.classrooms })}
      </Typography.Paragraph>
      <Checkbox.Group
        value={chosen}
        onChange={(next) => setChosen(next.map(String))}
        style={{ width: '100%' }}
      >
        <Flex vertical gap={10} style={{ width: '100%' }}>
          {classes.map((c) => (
            <Checkbox key={c.archiveId} value={c.classroomId} disabled={!c.classroomExists}>
              <span>
                <Typography.Text strong>{c.classroomName}</Typography.Text>{' '}
                <Typography.Text type="secondary">
                  {c.grade} / {c.subject}
                </Typography.Text>{' '}
                <Tag color={c.type === 'Delete' ? 'volcano' : 'blue'}>{t(`archive.types.${c.type}`)}</Tag>
                <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
                  {t('archive.archivedBy', {
                    name: c.archivedByName,
                    date: formatDate(c.archivedAt, locale),
                  })}
                  {c.classroomExists
                    ? ''
                    : ` · ${t('archive.classroomGone', { classroom: words.classroom })}`}
                </Typography.Text>
              </span>
            </Checkbox>
          ))}
        </Flex>
      </Checkbox.Group>
    </Modal>
  );
}
