import type { AssessmentInput, AssessmentView, SubjectKind } from '@batchwise/domain';
import dayjs, { type Dayjs } from 'dayjs';

/** The assessment form's own values: the date as Dayjs (Ant Design's picker), numbers maybe empty. */
export interface AssessmentFormValues {
  name: string;
  term: string;
  heldOn: Dayjs | null;
  weight: number | null;
  subjects: SubjectFormValues[];
}

export interface SubjectFormValues {
  /** An existing subject: it keeps its marks when the assessment is edited. */
  id?: string;
  name: string;
  kind: SubjectKind;
  parts: PartFormValues[];
}

export interface PartFormValues {
  /** An existing part's key: its marks stay with it. */
  key?: string;
  name: string;
  fullMarks: number | null;
  passMarks: number | null;
}

/** A new subject: one part of 100 marks, pass at 33 (the Bangladesh pass mark, research §7.2). */
export const newSubject = (): SubjectFormValues => ({
  name: '',
  kind: 'compulsory',
  parts: [newPart()],
});

export const newPart = (name = ''): PartFormValues => ({ name, fullMarks: 100, passMarks: 33 });

export function toFormValues(assessment: AssessmentView | null, today: string): AssessmentFormValues {
  if (!assessment) return { name: '', term: '', heldOn: dayjs(today), weight: 100, subjects: [newSubject()] };
  return {
    name: assessment.name,
    term: assessment.term,
    heldOn: dayjs(assessment.heldOn),
    weight: assessment.weight,
    subjects: [...assessment.subjects]
      .sort((a, b) => a.position - b.position)
      .map((subject) => ({
        id: subject.id,
        name: subject.name,
        kind: subject.kind,
        parts: subject.parts.map((part) => ({ ...part })),
      })),
  };
}

/**
 * A key for each new part (`PART_KEY_PATTERN`: lower-case letters, digits, dashes): from its
 * English name ("CQ" → `cq`), else `p1`, `p2`…; never one another part of the subject has.
 */
export function partKeys(parts: readonly PartFormValues[]): string[] {
  const taken = new Set(parts.flatMap((part) => (part.key ? [part.key] : [])));
  return parts.map((part) => {
    if (part.key) return part.key;
    const slug = part.name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 20)
      .replace(/-+$/, '');
    let key = slug && !taken.has(slug) ? slug : '';
    for (let n = 1; !key; n += 1) if (!taken.has(`p${n}`)) key = `p${n}`;
    taken.add(key);
    return key;
  });
}

/** The API's input (`assessmentInputSchema`); the schema itself judges what is missing. */
export function toInput(values: AssessmentFormValues): AssessmentInput {
  return {
    name: values.name ?? '',
    term: values.term ?? '',
    heldOn: values.heldOn ? values.heldOn.format('YYYY-MM-DD') : '',
    weight: values.weight ?? 100,
    subjects: (values.subjects ?? []).map((subject) => {
      const parts = subject.parts ?? [];
      const keys = partKeys(parts);
      return {
        ...(subject.id ? { id: subject.id } : {}),
        name: subject.name ?? '',
        kind: subject.kind ?? 'compulsory',
        parts: parts.map((part, i) => ({
          key: keys[i] ?? `p${i + 1}`,
          name: (part.name ?? '').trim(),
          fullMarks: part.fullMarks ?? Number.NaN,
          passMarks: part.passMarks ?? Number.NaN,
        })),
      };
    }),
  };
}
