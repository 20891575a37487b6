import { z } from 'zod';

// The AI model gateway's settings (spec part 1 §1 "AI add-ons"): any OpenAI-compatible
// chat-completions server (OpenAI, Azure OpenAI, OpenRouter, Groq, a self-hosted vLLM or Ollama).
// Apart from config.ts so that file stays short; config.ts spreads these into its schema.

export const AI_ENV = {
  AI_BASE_URL: z
    .string()
    .refine(
      (v) => v === 'stand-in' || v === 'off' || /^https?:$/.test(URL.canParse(v) ? new URL(v).protocol : ''),
      {
        error: 'must be a URL like https://api.openai.com/v1, or stand-in, or off',
      },
    )
    .optional(),
  AI_API_KEY: z.string().min(1).optional(),
  AI_MODEL: z.string().min(1).max(200).optional(),
  AI_TIMEOUT_MS: z.coerce
    .number({ error: 'must be a whole number from 1000 to 300000' })
    .int()
    .min(1000, { error: 'must be a whole number from 1000 to 300000' })
    .max(300_000, { error: 'must be a whole number from 1000 to 300000' })
    .default(30_000),
};

type AiEnv = z.output<z.ZodObject<typeof AI_ENV>>;

/**
 * Which model answers the AI tools: none (the tools are hidden from teachers), a real
 * OpenAI-compatible server, or the loopback stand-in (drivers/ai/ai-stand-in.ts) that answers
 * deterministically for development, tests and the demo.
 */
export type AiConfig = { timeoutMs: number } & (
  | { driver: 'off' }
  | { driver: 'stand-in' }
  | { driver: 'openai'; baseUrl: string; apiKey: string | undefined; model: string }
);

export function aiProblems(e: AiEnv, production: boolean): string[] {
  const problems: string[] = [];
  const url = e.AI_BASE_URL;
  if (url && url !== 'stand-in' && url !== 'off' && !e.AI_MODEL) {
    problems.push(
      'AI_MODEL: required when AI_BASE_URL is a server (the model name it serves, e.g. gpt-4o-mini)',
    );
  }
  if (production && url === 'stand-in') {
    problems.push(
      'AI_BASE_URL: the stand-in model answers made-up drafts; not allowed when NODE_ENV=production',
    );
  }
  return problems;
}

/** Without AI_BASE_URL: off in production, the stand-in elsewhere (as the payment stand-ins). */
export function aiConfig(e: AiEnv, production: boolean): AiConfig {
  const url = e.AI_BASE_URL ?? (production ? 'off' : 'stand-in');
  const timeoutMs = e.AI_TIMEOUT_MS;
  if (url === 'off') return { driver: 'off', timeoutMs };
  if (url === 'stand-in') return { driver: 'stand-in', timeoutMs };
  return {
    driver: 'openai',
    baseUrl: url.replace(/\/$/, ''),
    apiKey: e.AI_API_KEY,
    model: e.AI_MODEL!,
    timeoutMs,
  };
}
