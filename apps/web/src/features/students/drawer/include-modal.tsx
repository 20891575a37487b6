import { SearchOutlined } from '@ant-design/icons';
import {
  theme as antdTheme,
  Button,
  Card,
  Checkbox,
  Col,
  Empty,
  Flex,
  Grid,
  Input,
  Modal,
  Row,
  Skeleton,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryError } from '../../../components/antd/query-error';
import type { Wording } from '../../../lib/use-wording';
import type { IncludeOption } from '../student-api';

export interface IncludeChoice {
  option: IncludeOption;
  feeText: string;
}

/**
 * The modal "Classrooms To Include In" (part 2 §2): searchable checkbox cards of classrooms the
 * student is not in yet, each with a modified fee; Add stays disabled, with the hint "Please
 * select at least 1 classroom", until one is ticked. 900 px wide (1000 on large screens), the
 * whole width on phones.
 */
export function IncludeModal({
  open,
  options,
  loading,
  error,
  showTeacher,
  money,
  words,
  onRetry,
  onCancel,
  onAdd,
}: {
  open: boolean;
  options: IncludeOption[];
  loading: boolean;
  error: unknown;
  showTeacher: boolean;
  money: (paisa: number) => string;
  words: Wording;
  onRetry: () => void;
  onCancel: () => void;
  onAdd: (choices: IncludeChoice[]) => void;
}) {
  const { t } = useTranslation(['students', 'domain']);
  const { token } = antdTheme.useToken();
  const screens = Grid.useBreakpoint();
  const [search, setSearch] = useState('');
  const [ticked, setTicked] = useState<Record<string, boolean>>({});
  const [fees, setFees] = useState<Record<string, string>>({});

  const needle = search.trim().toLowerCase();
  const shown = options.filter((o) =>
    needle === ''
      ? true
      : `${o.name} ${o.grade} ${o.subject} ${o.teacherName}`.toLowerCase().includes(needle),
  );
  const chosen = options.filter((o) => ticked[o.classroomId]);

  const reset = () => {
    setSearch('');
    setTicked({});
    setFees({});
  };
  const handleCancel = () => {
    reset();
    onCancel();
  };
  const handleAdd = () => {
    onAdd(chosen.map((option) => ({ option, feeText: fees[option.classroomId] ?? '' })));
    reset();
  };

  const phone = !screens.md;
  return (
    <Modal
      open={open}
      title={t('includeModal.title')}
      onCancel={handleCancel}
      width={{ xs: '100%', sm: '100%', md: 900, xl: 1000 }}
      style={phone ? { top: 0, maxWidth: '100vw', margin: 0, paddingBottom: 0 } : undefined}
      destroyOnHidden
      footer={
        <Flex justify="flex-end" align="center" gap={8} wrap>
          {chosen.length === 0 ? (
            <Typography.Text type="secondary" style={{ marginInlineEnd: 'auto' }}>
              {t('domain:SELECT_AT_LEAST_ONE_CLASSROOM')}
            </Typography.Text>
          ) : null}
          <Button onClick={handleCancel}>{t('common.cancel')}</Button>
          <Button type="primary" disabled={chosen.length === 0} onClick={handleAdd}>
            {t('includeModal.add')}
          </Button>
        </Flex>
      }
    >
      <Input
        allowClear
        prefix={<SearchOutlined />}
        placeholder={t('includeModal.search', { classroom: words.classroom, classrooms: words.classrooms })}
        aria-label={t('includeModal.search', { classroom: words.classroom, classrooms: words.classrooms })}
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        style={{ marginBottom: 16 }}
      />
      {loading ? (
        <Skeleton active />
      ) : error ? (
        <QueryError error={error} onRetry={onRetry} />
      ) : options.length === 0 ? (
        <Empty description={t('includeModal.empty')} />
      ) : shown.length === 0 ? (
        <Empty description={t('includeModal.noMatch')} />
      ) : (
        <Row
          gutter={[12, 12]}
          style={{ maxHeight: phone ? undefined : '55vh', overflowY: 'auto', paddingBottom: 4 }}
        >
          {shown.map((option) => {
            const checked = ticked[option.classroomId] === true;
            return (
              <Col key={option.classroomId} xs={24} md={12} xl={8}>
                <Card
                  size="small"
                  data-testid="include-option"
                  style={{
                    borderInlineStart: `5px solid ${option.color ?? token.colorPrimary}`,
                    borderColor: checked ? token.colorPrimary : undefined,
                    height: '100%',
                  }}
                >
                  <Checkbox
                    checked={checked}
                    onChange={(event) =>
                      setTicked((current) => ({ ...current, [option.classroomId]: event.target.checked }))
                    }
                  >
                    <span style={{ display: 'block' }}>
                      {showTeacher ? (
                        <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
                          {option.teacherName}
                        </Typography.Text>
                      ) : null}
                      <Typography.Text type="secondary" style={{ display: 'block', fontSize: 13 }}>
                        {option.grade} / {option.subject}
                      </Typography.Text>
                      <Typography.Text strong>{option.name}</Typography.Text>
                    </span>
                  </Checkbox>
                  <label
                    htmlFor={`include-fee-${option.classroomId}`}
                    style={{ display: 'block', marginTop: 8 }}
                  >
                    <Typography.Text style={{ fontSize: 13 }}>
                      {t('drawer.classrooms.modifiedFee')}
                    </Typography.Text>
                    <Input
                      id={`include-fee-${option.classroomId}`}
                      prefix="৳"
                      inputMode="decimal"
                      value={fees[option.classroomId] ?? ''}
                      placeholder={t('drawer.classrooms.feePlaceholder', {
                        fee: money(option.tuitionFeePaisa),
                      })}
                      onChange={(event) => {
                        const value = event.target.value;
                        setFees((current) => ({ ...current, [option.classroomId]: value }));
                        if (value.trim() !== '')
                          setTicked((current) => ({ ...current, [option.classroomId]: true }));
                      }}
                      style={{ marginTop: 4 }}
                    />
                  </label>
                </Card>
              </Col>
            );
          })}
        </Row>
      )}
    </Modal>
  );
}
