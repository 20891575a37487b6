import { z } from 'zod';
import { type DomainError, domainError, type MessageCode } from '../messages';
import { phoneFormError } from '../phone/form-rule';
import { normalizeBdPhone } from '../phone/normalize';
import { customIdError } from '../students/fields';

// Building blocks for contracts. Every refusal carries the catalogue code in the issue's
// `params.code` and the exact English text as its message, so the server can answer
// `{ error: { code, message } }` straight from a zod error (see issueToDomainError).

type IssueSink = {
  addIssue: (issue: { code: 'custom'; message: string; params: { code: MessageCode } }) => void;
};

/** Reports a DomainError as a zod issue. */
export function addDomainIssue(ctx: IssueSink, error: DomainError): void {
  ctx.addIssue({ code: 'custom', message: error.message, params: { code: error.code } });
}

/** The DomainError behind a zod issue raised by these contracts, or null for other issues. */
export function issueToDomainError(issue: { message: string; params?: unknown }): DomainError | null {
  const params = issue.params as { code?: unknown } | undefined;
  return typeof params?.code === 'string'
    ? ({ code: params.code, message: issue.message } as DomainError)
    : null;
}

/** Trimmed text that must not be empty; `required` names the message for an empty value. */
export function requiredText(required: MessageCode) {
  return z
    .string()
    .trim()
    .superRefine((value, ctx) => {
      if (value === '') addDomainIssue(ctx, domainError(required));
    });
}

/**
 * A Bangladeshi phone: checked with the shared form rule, then normalised to +880… (empty stays
 * empty). `required` makes empty an error; `student` allows and keeps the duplicate mark D.
 */
export function phoneField(options: { readonly required?: MessageCode; readonly student?: boolean } = {}) {
  return z
    .string()
    .trim()
    .superRefine((value, ctx) => {
      if (value === '') {
        if (options.required) addDomainIssue(ctx, domainError(options.required));
        return;
      }
      const error = phoneFormError(value, { student: options.student === true });
      if (error) addDomainIssue(ctx, error);
    })
    .transform((value) => normalizeBdPhone(value, { keepDuplicateMark: options.student === true }));
}

/** An optional custom student ID (`ID-42`, `EDU-12345`); empty means none. */
export const customIdField = z
  .string()
  .trim()
  .superRefine((value, ctx) => {
    const error = customIdError(value);
    if (error) addDomainIssue(ctx, error);
  });

/** Epoch milliseconds, the unit every timestamp uses. */
export const timestampField = z.number().int().nonnegative();
