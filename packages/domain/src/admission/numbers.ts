// Short application numbers: what an applicant reads out on the phone instead of the internal id
// (the spec's success page shows "the application id"; a 26-character id cannot be read out).

/**
 * Each account's first application is A-1001, then A-1002…: four digits from the start, so a
 * number never looks like a count of applications and stays easy to say.
 */
export const FIRST_APPLICATION_NUMBER = 1001;

/** `A-1042`: the number as the success page, the inbox and the activity feed show it. */
export function applicationLabel(num: number): string {
  return `A-${num}`;
}

/** The number an inbox search names ("A-1042", "a1042" or "1042"), or null when it names none. */
export function applicationNumberIn(text: string): number | null {
  const match = /^\s*(?:a\s*-?\s*)?(\d{1,9})\s*$/i.exec(text);
  return match ? Number(match[1]) : null;
}
