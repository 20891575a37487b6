import { Alert, Button, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/format-time';
import { useLanguage } from '../../lib/use-language';
import type { GridColumn, MarksGrid } from './assessments-api';
import { formatMarks } from './grid-input';
import type { ResultFormat } from './marks-row';
import { serverText } from './marks-row';
import type { Draft } from './use-marks-autosave';

/**
 * The focused cell, spelled out under the grid: whose marks, which part and its full marks; why
 * a red cell is not saved; and, when someone else changed the cell meanwhile, their value with
 * the choice to keep mine or take theirs.
 */
export function CellPanel({
  student,
  column,
  draft,
  format,
  onResolve,
}: {
  student: MarksGrid['students'][number];
  column: GridColumn;
  draft: Draft | undefined;
  format: ResultFormat;
  onResolve: (choice: 'mine' | 'theirs') => void;
}) {
  const { t } = useTranslation('assessments');
  const { locale } = useLanguage();
  const where = column.part.name ? `${column.subject.name} · ${column.part.name}` : column.subject.name;
  const full = formatMarks(column.part.fullMarks);
  const conflict = draft?.conflict;
  return (
    <Flex vertical gap={8} style={{ marginTop: 8 }} aria-live="polite" data-testid="cell-panel">
      <Typography.Text type="secondary" style={{ fontSize: 13 }}>
        {t('grid.where', {
          student: student.name,
          subject: where,
          full: format.marks(column.part.fullMarks),
          pass: format.marks(column.part.passMarks),
        })}
      </Typography.Text>
      {draft?.entry.kind === 'invalid' ? (
        <Alert
          type="error"
          showIcon
          data-testid="cell-problem"
          title={t(`grid.problems.${draft.entry.reason}`, { full })}
        />
      ) : null}
      {conflict ? (
        <Alert
          type="warning"
          showIcon
          data-testid="cell-conflict"
          title={t('grid.conflict.title', {
            name: conflict.updatedBy ?? t('grid.conflict.someone'),
            value: serverText(conflict, t('grid.absentMark')) || t('grid.conflict.empty'),
            time: conflict.updatedAt ? formatDateTime(conflict.updatedAt, locale) : '',
          })}
          description={
            // Buttons under the text, not beside it: on a phone a side column squeezes the words.
            <Flex vertical gap={8} align="flex-start">
              {t('grid.conflict.mine', { value: draft.text || t('grid.conflict.empty') })}
              <Flex gap={8} wrap>
                <Button size="small" type="primary" onClick={() => onResolve('mine')}>
                  {t('grid.conflict.keepMine')}
                </Button>
                <Button size="small" onClick={() => onResolve('theirs')}>
                  {t('grid.conflict.takeTheirs')}
                </Button>
              </Flex>
            </Flex>
          }
        />
      ) : null}
    </Flex>
  );
}
