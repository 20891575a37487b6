import { useMemo, useState } from 'react';
import { type FormIssue, firstIssues, type SafeParseSchema } from './zod-form';

/**
 * State for a plain (non-Ant Design) form checked by a zod contract. A field shows its first
 * issue once it has been left or the form was submitted, so nobody is scolded while typing.
 */
export function useZodForm<Values extends Record<string, unknown>, Out>(
  schema: SafeParseSchema<Out>,
  initial: Values,
) {
  const [values, setValues] = useState(initial);
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  const issues = useMemo(() => firstIssues(schema, values), [schema, values]);

  const setValue = <K extends keyof Values>(field: K, value: Values[K]) =>
    setValues((current) => ({ ...current, [field]: value }));

  const handleBlur = (field: keyof Values & string) =>
    setTouched((current) => (current.has(field) ? current : new Set(current).add(field)));

  const issueFor = (field: keyof Values & string): FormIssue | undefined =>
    submitted || touched.has(field) ? issues[field] : undefined;

  /** Marks the form submitted and returns the parsed request, or null when a field is invalid. */
  const parse = (): Out | null => {
    setSubmitted(true);
    const result = schema.safeParse(values);
    return result.success ? result.data : null;
  };

  const reset = (next: Values = initial) => {
    setValues(next);
    setTouched(new Set());
    setSubmitted(false);
  };

  return { values, setValue, setValues, handleBlur, issueFor, parse, reset };
}
