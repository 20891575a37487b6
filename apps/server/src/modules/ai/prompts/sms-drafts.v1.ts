import type { ChatMessage } from '../../../drivers/ai/chat-model';

/**
 * The SMS writer's prompt, version 1. A change of wording is a new file (sms-drafts.v2.ts) with
 * its own version number, so each request in `ai_requests` says which prompt it used.
 */
export const SMS_DRAFTS_PROMPT_VERSION = 1;

export interface SmsDraftsPromptInput {
  description: string;
  language: 'en' | 'bn';
  maxParts: 1 | 2;
  kind: 'typed' | 'template';
  /** Placeholders every draft keeps exactly as written. */
  placeholders: string[];
  /** Most characters a draft may have (a Bangla letter counts as two). */
  maxLength: number;
}

const SYSTEM = [
  'You write short SMS messages that a school or coaching centre in Bangladesh sends to students and guardians.',
  'Write three different drafts of the message the teacher describes: clear, polite and specific.',
  'Language: "bn" means natural Bangla in Bangla script (numbers may be Bangla digits); "en" means simple English.',
  'Each draft must be at most maxLength characters, counting every Bangla letter as two characters.',
  'Every placeholder in "placeholders" (text in curly braces, such as {Name} or {if Due > 0}) must appear in every draft exactly as written, and no other curly braces may appear.',
  'Do not invent dates, amounts, names or phone numbers the teacher did not give; use the placeholders for them.',
  'Answer with only a JSON object of this shape: {"drafts":[{"text":"..."},{"text":"..."},{"text":"..."}]}',
].join('\n');

export function smsDraftsPrompt(input: SmsDraftsPromptInput): ChatMessage[] {
  return [
    { role: 'system', content: SYSTEM },
    // The input as JSON: unambiguous for the model, and what the stand-in reads.
    { role: 'user', content: JSON.stringify({ task: 'sms-drafts', ...input }) },
  ];
}
