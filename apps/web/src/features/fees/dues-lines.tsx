import { Button, Card, Checkbox, Empty, Flex, Grid, Input, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatMonth } from '../../lib/billing-month';
import { paisaToTakaText, takaTextToPaisa } from '../../lib/money-input';
import { useLanguage } from '../../lib/use-language';
import { useMoney } from '../../lib/use-money';
import { type DueLine, lineKey } from './fees-api';

const STATUS_COLORS: Record<DueLine['status'], string> = {
  paid: 'green',
  partial: 'gold',
  due: 'red',
  waived: 'blue',
  'not-billable': 'default',
};

export function StatusTag({ status }: { status: DueLine['status'] }) {
  const { t } = useTranslation('fees');
  return <Tag color={STATUS_COLORS[status]}>{t(`status.${status}`)}</Tag>;
}

/** Ticked lines and the taka typed against each (text, so a half-typed amount stays as typed). */
export type Picks = Record<string, string>;

/**
 * A student's dues lines, month by month: tick a line to pay it (its due filled in, editable down
 * to a part payment); month lines can be adjusted (waived, discounted, not billable) by those who
 * manage fees (`onAdjust`). A collector limited to some classrooms ticks only their lines
 * (`collects`; the server refuses the rest).
 */
export function DuesLines({
  lines,
  picks,
  onPicks,
  onAdjust,
  collects = () => true,
}: {
  lines: DueLine[];
  picks: Picks;
  onPicks: (next: Picks) => void;
  onAdjust?: (line: DueLine) => void;
  collects?: (line: DueLine) => boolean;
}) {
  const { t } = useTranslation('fees');
  const { locale } = useLanguage();
  const money = useMoney();
  const screens = Grid.useBreakpoint();

  const toggle = (line: DueLine, on: boolean) => {
    const key = lineKey(line);
    const next = { ...picks };
    if (on) next[key] = paisaToTakaText(line.duePaisa);
    else delete next[key];
    onPicks(next);
  };
  const what = (line: DueLine) =>
    line.kind === 'charge' ? line.label : (line.classroomName ?? t('lines.classroomGone'));
  const amountInput = (line: DueLine) => {
    const key = lineKey(line);
    if (!(key in picks)) return null;
    const paisa = takaTextToPaisa(picks[key]);
    const wrong = paisa === null || paisa <= 0 || paisa > line.duePaisa;
    return (
      <Input
        size="small"
        prefix="৳"
        inputMode="decimal"
        status={wrong ? 'error' : undefined}
        aria-label={t('lines.payAmount', { item: what(line) })}
        value={picks[key]}
        onChange={(event) => onPicks({ ...picks, [key]: event.target.value })}
        style={{ width: 120 }}
        data-testid="pick-amount"
      />
    );
  };
  const tick = (line: DueLine) => (
    <Checkbox
      disabled={line.duePaisa <= 0 || !collects(line)}
      checked={lineKey(line) in picks}
      onChange={(event) => toggle(line, event.target.checked)}
      aria-label={t('lines.tick', { item: `${what(line)} ${formatMonth(line.month, locale)}` })}
    />
  );
  const adjust = (line: DueLine) =>
    onAdjust && line.kind === 'month' ? (
      <Button size="small" type="link" onClick={() => onAdjust(line)} style={{ paddingInline: 0 }}>
        {t('lines.adjust')}
      </Button>
    ) : null;

  if (lines.length === 0) return <Empty description={t('lines.none')} />;

  if (!screens.md) {
    return (
      <Flex vertical gap={8} data-testid="dues-lines">
        {lines.map((line) => (
          <Card key={lineKey(line)} size="small" data-testid="due-line" styles={{ body: { padding: 12 } }}>
            <Flex gap={10} align="flex-start">
              {tick(line)}
              <Flex vertical gap={4} style={{ minWidth: 0, flex: 1 }}>
                <Flex justify="space-between" gap={8} wrap>
                  <Typography.Text strong>{formatMonth(line.month, locale)}</Typography.Text>
                  <StatusTag status={line.status} />
                </Flex>
                <Typography.Text style={{ overflowWrap: 'anywhere' }}>{what(line)}</Typography.Text>
                <Typography.Text type="secondary" style={{ fontSize: 13 }}>
                  {t('lines.summary', {
                    fee: money(line.chargedPaisa),
                    paid: money(line.paidPaisa),
                    due: money(line.duePaisa),
                  })}
                  {line.reducedPaisa > 0 ? ` · ${t('lines.reduced')} ${money(line.reducedPaisa)}` : ''}
                </Typography.Text>
                <Flex justify="space-between" align="center" gap={8} wrap>
                  {amountInput(line)}
                  {adjust(line)}
                </Flex>
              </Flex>
            </Flex>
          </Card>
        ))}
      </Flex>
    );
  }

  return (
    <Table<DueLine>
      rowKey={lineKey}
      size="small"
      pagination={false}
      data-testid="dues-lines"
      dataSource={lines}
      scroll={{ x: 'max-content' }}
      onRow={() => ({ 'data-testid': 'due-line' }) as object}
      columns={[
        { key: 'tick', width: 40, render: (_, line) => tick(line) },
        { key: 'month', title: t('lines.month'), render: (_, line) => formatMonth(line.month, locale) },
        { key: 'what', title: t('lines.what'), render: (_, line) => what(line) },
        { key: 'fee', title: t('lines.fee'), align: 'right', render: (_, line) => money(line.chargedPaisa) },
        {
          key: 'reduced',
          title: t('lines.reduced'),
          align: 'right',
          render: (_, line) => (line.reducedPaisa ? money(line.reducedPaisa) : '—'),
        },
        { key: 'paid', title: t('lines.paid'), align: 'right', render: (_, line) => money(line.paidPaisa) },
        {
          key: 'due',
          title: t('lines.due'),
          align: 'right',
          render: (_, line) => (
            <Typography.Text strong={line.duePaisa > 0}>{money(line.duePaisa)}</Typography.Text>
          ),
        },
        { key: 'status', title: t('lines.status'), render: (_, line) => <StatusTag status={line.status} /> },
        { key: 'pay', title: t('lines.pay'), render: (_, line) => amountInput(line) },
        { key: 'adjust', render: (_, line) => adjust(line) },
      ]}
    />
  );
}
