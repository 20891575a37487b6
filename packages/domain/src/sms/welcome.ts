// The welcome SMS (spec part 1 §3 PublicInfo.WelcomeSMS: includeStudent, includeParent1,
// includeParent2, message), sent when a student joins. The message may name the student and the
// school through placeholders; it is counted by the spec's own rule, 100 custom characters per
// SMS (welcomeSmsCount), not as gateways bill it.

/** What a welcome SMS may mention, in `{name}` form. */
export const WELCOME_SMS_PLACEHOLDERS = ['name', 'id', 'institution', 'classroom'] as const;
export type WelcomeSmsPlaceholder = (typeof WELCOME_SMS_PLACEHOLDERS)[number];

/**
 * The message with its placeholders filled: `{name}` the student's name, `{id}` the student ID,
 * `{institution}` the school, `{classroom}` the classrooms joined (comma separated). Unknown
 * braces are left as written; an empty value leaves nothing behind.
 */
export function renderWelcomeSms(
  message: string,
  values: Readonly<Record<WelcomeSmsPlaceholder, string>>,
): string {
  return message
    .replace(/\{(\w+)\}/g, (whole, key: string) =>
      (WELCOME_SMS_PLACEHOLDERS as readonly string[]).includes(key)
        ? values[key as WelcomeSmsPlaceholder]
        : whole,
    )
    .replace(/[ \t]{2,}/g, ' ')
    .trim();
}
