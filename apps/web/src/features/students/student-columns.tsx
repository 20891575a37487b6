import { SettingOutlined, UserOutlined } from '@ant-design/icons';
import { STUDENT_EXPORT_COLUMNS, type StudentExportColumn, type StudentListItem } from '@batchwise/domain';
import { Avatar, Button, Checkbox, Flex, Popover, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Columns a person may switch on or off; the name is always shown. */
export type OptionalColumn = Exclude<StudentExportColumn, 'name'>;
const STORAGE_KEY = 'bw-student-columns';
const DEFAULT_COLUMNS: OptionalColumn[] = ['customId', 'phone', 'classrooms', 'teacherName'];

export function optionalColumns(isAdmin: boolean): OptionalColumn[] {
  return STUDENT_EXPORT_COLUMNS.filter(
    (column): column is OptionalColumn => column !== 'name' && (isAdmin || column !== 'teacherName'),
  );
}

/** The columns chosen in this browser (kept in local storage). */
export function useColumnChoice(isAdmin: boolean) {
  const [chosen, setChosen] = useState<OptionalColumn[]>(() => {
    try {
      const stored = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? 'null') as unknown;
      if (Array.isArray(stored))
        return stored.filter((c): c is OptionalColumn => typeof c === 'string') as OptionalColumn[];
    } catch {
      // Unreadable storage: the defaults.
    }
    return DEFAULT_COLUMNS;
  });
  const allowed = optionalColumns(isAdmin);
  const visible = allowed.filter((column) => chosen.includes(column));
  const update = (next: OptionalColumn[]) => {
    setChosen(next);
    try {
      localStorage.setItem(STORAGE_KEY, JSON.stringify(next));
    } catch {
      // Kept for this visit only.
    }
  };
  return { allowed, visible, update };
}

export function ColumnPicker({
  allowed,
  visible,
  label,
  onChange,
}: {
  allowed: OptionalColumn[];
  visible: OptionalColumn[];
  label: (column: StudentExportColumn) => string;
  onChange: (next: OptionalColumn[]) => void;
}) {
  const { t } = useTranslation('students');
  return (
    <Popover
      trigger="click"
      placement="bottomRight"
      title={t('students.columnsTitle')}
      content={
        <Checkbox.Group
          value={visible}
          onChange={(next) => onChange(next as OptionalColumn[])}
          style={{ display: 'flex', flexDirection: 'column', gap: 6 }}
          options={allowed.map((column) => ({ value: column, label: label(column) }))}
        />
      }
    >
      <Button icon={<SettingOutlined />}>{t('students.columnsButton')}</Button>
    </Popover>
  );
}

/** Phone numbers never break mid-digit, in a narrow column or on a card. */
const PHONE_COLUMNS: OptionalColumn[] = ['phone', 'parent1Phone', 'parent2Phone'];

/** How each optional column shows a student, in the table and on a phone's card. */
function cellRenderers(): Record<OptionalColumn, (s: StudentListItem) => React.ReactNode> {
  const text = (value: string | null | undefined) => (value && value !== 'Unset' ? value : '—');
  const phone = (value: string | null) => (
    <bdi dir="ltr" style={{ whiteSpace: 'nowrap' }}>
      {text(value)}
    </bdi>
  );
  return {
    customId: (s) => text(s.customId),
    phone: (s) => phone(s.phone),
    email: (s) => text(s.email),
    institution: (s) => text(s.institution),
    rfid: (s) => text(s.rfid),
    parent1Phone: (s) => phone(s.parent1Phone),
    parent2Phone: (s) => phone(s.parent2Phone),
    classrooms: (s) =>
      s.classrooms.length === 0 ? (
        <Typography.Text type="secondary">—</Typography.Text>
      ) : (
        <Flex gap={4} wrap>
          {s.classrooms.map((c) => (
            <Tag
              key={c.id}
              style={{ marginInlineEnd: 0, borderInlineStart: `4px solid ${c.color ?? 'currentColor'}` }}
            >
              {c.name}
            </Tag>
          ))}
        </Flex>
      ),
    teacherName: (s) => s.teacherName,
  };
}

/** The student's name with their picture: a button that opens the drawer. */
function NameButton({ student, onOpen }: { student: StudentListItem; onOpen: (s: StudentListItem) => void }) {
  return (
    <Button type="link" style={{ padding: 0, height: 'auto' }} onClick={() => onOpen(student)}>
      <Flex gap={8} align="center">
        <Avatar size="small" src={student.avatarUrl ?? undefined} icon={<UserOutlined />} alt="" />
        <span style={{ whiteSpace: 'normal', textAlign: 'start' }}>{student.name}</span>
      </Flex>
    </Button>
  );
}

/** The table's columns: the name (opens the drawer), then the chosen ones. */
export function studentColumns({
  visible,
  label,
  onOpen,
}: {
  visible: OptionalColumn[];
  label: (column: StudentExportColumn) => string;
  onOpen: (student: StudentListItem) => void;
}): ColumnsType<StudentListItem> {
  const render = cellRenderers();
  return [
    {
      key: 'name',
      dataIndex: 'name',
      title: label('name'),
      sorter: true,
      fixed: 'left',
      render: (_, s) => <NameButton student={s} onOpen={onOpen} />,
    },
    ...visible.map((column) => ({
      key: column,
      title: label(column),
      sorter: column === 'customId',
      render: (_: unknown, s: StudentListItem) => render[column](s),
    })),
  ];
}

/** A student as a phone's card: the name (opens the drawer), then each chosen column as a line. */
export function studentCard({
  visible,
  label,
  onOpen,
}: {
  visible: OptionalColumn[];
  label: (column: StudentExportColumn) => string;
  onOpen: (student: StudentListItem) => void;
}) {
  const render = cellRenderers();
  return (s: StudentListItem) => (
    <Flex vertical gap={4} data-testid="student-card">
      <NameButton student={s} onOpen={onOpen} />
      {visible.map((column) => (
        <Flex key={column} gap={6} wrap align="baseline" data-column={column}>
          <Typography.Text type="secondary" style={{ fontSize: 13 }}>
            {label(column)}
          </Typography.Text>
          <span
            style={{ minWidth: 0, overflowWrap: PHONE_COLUMNS.includes(column) ? undefined : 'anywhere' }}
          >
            {render[column](s)}
          </span>
        </Flex>
      ))}
    </Flex>
  );
}
