import { smsCount, truncate } from '@batchwise/domain';
import { type LoopbackServer, type StandInReply, startLoopback } from '../payments/stand-in-http';
import { type QuestionPaperInput, questionPaper } from './stand-in-question-paper';
import { type ReportCommentInput, reportComment } from './stand-in-report-comment';

/**
 * A loopback stand-in for an OpenAI-compatible chat-completions server (POST
 * /v1/chat/completions), for development, tests and the demo. It reads the task's JSON input
 * from the last user message (the prompts send their input that way) and answers
 * deterministically; tests may queue other answers (invalid JSON) and read what it received.
 */
export interface AiStandIn extends LoopbackServer {
  /** Request bodies received, oldest first. */
  readonly received: { model: string; messages: { role: string; content: string }[] }[];
  /** Answers (message contents) to give next, before the deterministic ones. */
  queue(...contents: string[]): void;
  /** The next request gets no answer at all (a model that does not answer in time). */
  hangNext(): void;
  /** The next request is answered with a server error (a model that is down). */
  failNext(): void;
}

interface SmsDraftsInput {
  task: 'sms-drafts';
  description: string;
  language: 'en' | 'bn';
  maxParts: number;
  kind: 'typed' | 'template';
  placeholders: string[];
}

const FRAMES = {
  en: [
    (d: string, p: string) => `Dear guardian, ${d}.${p} Thank you.`,
    (d: string, p: string) => `Reminder: ${d}.${p}`,
    (d: string, p: string) =>
      `Dear parent, please note: ${d}.${p} Please contact us with any questions. Thank you.`,
  ],
  bn: [
    (d: string, p: string) => `সম্মানিত অভিভাবক, ${d}।${p} ধন্যবাদ।`,
    (d: string, p: string) => `অনুস্মারক: ${d}।${p}`,
    (d: string, p: string) => `প্রিয় অভিভাবক, অনুগ্রহ করে লক্ষ করুন: ${d}।${p} কোনো প্রশ্ন থাকলে আমাদের জানান। ধন্যবাদ।`,
  ],
};

/** Three drafts around the description, each shortened until it fits the parts asked for. */
function smsDrafts(input: SmsDraftsInput): { drafts: { text: string }[] } {
  const placeholders = input.placeholders.length ? ` ${input.placeholders.join(' ')}` : '';
  const description = input.description.trim().replace(/[.।]+$/u, '');
  const drafts = FRAMES[input.language].map((frame) => {
    let words = Array.from(description).length;
    let text = frame(description, placeholders);
    while (smsCount(text, input.kind).sms > input.maxParts && words > 1) {
      words -= 1;
      text = frame(truncate(description, words, ''), placeholders);
    }
    return { text };
  });
  return { drafts };
}

/** The deterministic answer to each task's input; {} to a task the stand-in does not know. */
function answerTo(input: { task?: string }): object {
  if (input.task === 'sms-drafts') return smsDrafts(input as SmsDraftsInput);
  if (input.task === 'report-comment') return reportComment(input as ReportCommentInput);
  if (input.task === 'question-paper') return questionPaper(input as QuestionPaperInput);
  return {};
}

function answer(content: string): StandInReply {
  return {
    status: 200,
    json: {
      id: 'stand-in',
      object: 'chat.completion',
      created: 0,
      model: 'stand-in',
      choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
      usage: { prompt_tokens: 100, completion_tokens: Math.ceil(content.length / 4), total_tokens: 0 },
    },
  };
}

export async function startAiStandIn(port = 0): Promise<AiStandIn> {
  const received: AiStandIn['received'] = [];
  const queued: (string | StandInReply)[] = [];
  const server = await startLoopback((request) => {
    if (request.method !== 'POST' || request.path !== '/v1/chat/completions') {
      return { status: 404, json: { error: { message: 'Not found' } } };
    }
    const body = JSON.parse(request.raw) as AiStandIn['received'][number];
    received.push(body);
    const next = queued.shift();
    if (typeof next === 'object') return next;
    if (next !== undefined) return answer(next);
    // The task's input is the first user message; a retry adds a plain-text one after it.
    const input = JSON.parse(body.messages.find((m) => m.role === 'user')?.content ?? '{}') as {
      task?: string;
    };
    return answer(JSON.stringify(answerTo(input)));
  }, port);
  return {
    ...server,
    received,
    queue: (...contents) => void queued.push(...contents),
    hangNext: () => void queued.push({ hang: true }),
    failNext: () => void queued.push({ status: 500, json: { error: { message: 'The stand-in is down' } } }),
  };
}
