/**
 * Lengths of report card texts, in a module without zod: the contracts (report-cards.ts) check
 * them, and the card page families open from an SMS counts feedback against them without
 * loading the schemas.
 */
export const REPORT_CARD_LIMITS = {
  /** A term's name, as assessments store it. */
  term: 100,
  remark: 1000,
  feedback: 1000,
  /** Students one request issues links for, revokes or texts (a big class fits). */
  students: 1000,
} as const;
