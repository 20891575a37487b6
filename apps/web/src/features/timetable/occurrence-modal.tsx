import type { OccurrenceView } from '@batchwise/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Collapse, Flex, Modal, Popconfirm, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { refresh } from '../../lib/api-client';
import { formatStart } from '../../lib/format-time';
import { translateError } from '../../lib/translate-error';
import { useLanguage } from '../../lib/use-language';
import { CancelClass } from './cancel-class';
import { MoveClass } from './move-class';
import { StatusTag } from './occurrence-tag';
import { timetableApi } from './timetable-api';

interface Props {
  accountId: string;
  occurrence: OccurrenceView | null;
  /** Owners and admins change the timetable; assistants read it. */
  canChange: boolean;
  onClose: () => void;
}

/**
 * One class: what it is, and for owners and admins, cancelling it (with an optional SMS to the
 * classroom), moving it to another date and time, or undoing a change made to it.
 */
export function OccurrenceModal({ accountId, occurrence: o, canChange, onClose }: Props) {
  const { t } = useTranslation(['timetable', 'errors']);
  const { locale } = useLanguage();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const done = async (text: string) => {
    message.success(text);
    await refresh(queryClient, 'timetable');
    onClose();
  };
  const undo = useMutation({
    mutationFn: (occurrence: OccurrenceView) =>
      timetableApi.removeEvent(accountId, occurrence.classroomId, occurrence.eventId!),
    onSuccess: () => done(t('undone')),
    onError: (error) => message.error({ content: translateError(t, error), duration: 5 }),
  });
  const cancellable = o !== null && o.status === 'scheduled' && o.eventId === null;
  return (
    <Modal open={o !== null} onCancel={onClose} footer={null} title={o?.classroomName} destroyOnHidden>
      {o ? (
        <Flex vertical gap={12}>
          <Typography.Text>
            {o.date.split('-').reverse().join('-')} · {formatStart(o.start, locale)} –{' '}
            {formatStart(o.end, locale)} <StatusTag status={o.status} />
          </Typography.Text>
          {o.place ? <Typography.Text copyable>{o.place}</Typography.Text> : null}
          {o.note ? <Typography.Text type="secondary">{o.note}</Typography.Text> : null}
          {o.movedTo ? (
            <Typography.Text>
              {t('movedTo', {
                date: o.movedTo.date.split('-').reverse().join('-'),
                start: formatStart(o.movedTo.start, locale),
              })}
            </Typography.Text>
          ) : null}
          {o.movedFrom ? (
            <Typography.Text>
              {t('movedFrom', {
                date: o.movedFrom.date.split('-').reverse().join('-'),
                start: formatStart(o.movedFrom.start, locale),
              })}
            </Typography.Text>
          ) : null}
          {o.clashesWith.length > 0 ? (
            <Typography.Text type="warning">{t('clashHint')}</Typography.Text>
          ) : null}
          {canChange && cancellable ? (
            <CancelClass accountId={accountId} occurrence={o} onCancelled={done} />
          ) : null}
          {canChange && cancellable ? (
            <Collapse
              size="small"
              items={[
                {
                  key: 'move',
                  label: t('moveClass'),
                  children: <MoveClass accountId={accountId} occurrence={o} onMoved={done} />,
                },
              ]}
            />
          ) : null}
          {canChange && o.eventId ? (
            <Popconfirm title={t('undoConfirm')} onConfirm={() => undo.mutate(o)} okText={t('undo')}>
              <Button loading={undo.isPending}>{t('undo')}</Button>
            </Popconfirm>
          ) : null}
        </Flex>
      ) : null}
    </Modal>
  );
}
