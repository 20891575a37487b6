import { Form, Input } from 'antd';

/**
 * The required "why" of a decision that stays on record (a rejection, a void, a refund, a waiver):
 * a text area whose message shows once the person has tried to go on without one.
 */
export function ReasonField({
  label,
  value,
  onChange,
  error,
  maxLength,
  rows = 2,
  onBlur,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** The message to show, or undefined while the reason is fine or not yet asked for. */
  error: string | undefined;
  maxLength: number;
  rows?: number;
  onBlur?: () => void;
}) {
  return (
    <Form.Item label={label} required validateStatus={error ? 'error' : undefined} help={error}>
      <Input.TextArea
        aria-label={label}
        autoSize={{ minRows: rows, maxRows: rows * 3 }}
        maxLength={maxLength}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
      />
    </Form.Item>
  );
}
