import type { ChatMessage } from '../../../drivers/ai/chat-model';

/**
 * The question paper's prompt, version 1. A change of wording is a new file
 * (question-paper.v2.ts) with its own version number, so each request in `ai_requests` says
 * which prompt it used.
 */
export const QUESTION_PAPER_PROMPT_VERSION = 1;

export interface QuestionPaperPromptInput {
  classLevel: string;
  subject: string;
  topics: string[];
  language: 'en' | 'bn';
  difficulty: 'easy' | 'mixed' | 'hard';
  /** How many questions of each kind, and the marks of each. */
  sections: { kind: 'mcq' | 'short' | 'creative'; count: number; marksEach: number }[];
}

const SYSTEM = [
  'You set question papers for schools and coaching centres in Bangladesh, following the national curriculum and the education boards.',
  'Write exactly the number of questions asked for in each section, only on the topics given, at the difficulty asked for ("mixed" means some easy, most medium, a few hard).',
  'Kinds: "mcq" is a multiple-choice question with exactly four options and the index (0 to 3) of the one right answer; "short" is a short-answer question with a model answer; "creative" is a board creative question (সৃজনশীল প্রশ্ন): a stem (উদ্দীপক) of a few sentences, then four parts: ক knowledge (1 mark), খ comprehension (2), গ application (3), ঘ higher ability (4), each with a model answer.',
  'Language: "bn" means natural Bangla in Bangla script; "en" means clear English (English-version curriculum).',
  'Give the paper a short title naming the class and subject.',
  'Answer with only a JSON object of this shape: {"title":"...","mcq":[{"text":"...","options":["...","...","...","..."],"answer":0}],"short":[{"text":"...","answer":"..."}],"creative":[{"stem":"...","parts":[{"text":"...","answer":"..."},{"text":"...","answer":"..."},{"text":"...","answer":"..."},{"text":"...","answer":"..."}]}]}',
  'Leave out a kind that was not asked for (an empty list).',
].join('\n');

export function questionPaperPrompt(input: QuestionPaperPromptInput): ChatMessage[] {
  return [
    { role: 'system', content: SYSTEM },
    // The input as JSON: unambiguous for the model, and what the stand-in reads.
    { role: 'user', content: JSON.stringify({ task: 'question-paper', ...input }) },
  ];
}
