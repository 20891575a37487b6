import type OpenAI from 'openai';
import type { AiConfig } from '../../config/ai';
import { type AiStandIn, startAiStandIn } from './ai-stand-in';

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface ChatAnswer {
  content: string;
  promptTokens: number;
  completionTokens: number;
}

/** Why the model gave no answer: it took longer than AI_TIMEOUT_MS, the caller left, or an error. */
export class ChatModelError extends Error {
  constructor(
    readonly reason: 'timeout' | 'cancelled' | 'unavailable',
    message: string,
  ) {
    super(message);
    this.name = 'ChatModelError';
  }
}

/**
 * One OpenAI-compatible chat-completions server (spec part 1 §1 "AI add-ons"). Answers are asked
 * for as a JSON object; what they must contain is the caller's to check.
 */
export interface ChatModel {
  /** The model's name, recorded with each request. */
  readonly name: string;
  complete(messages: readonly ChatMessage[], signal: AbortSignal): Promise<ChatAnswer>;
  /** The stand-in (started) when this process uses it, else null: tests script its answers. */
  standIn(): Promise<AiStandIn | null>;
  close(): Promise<void>;
}

// Loaded on the first request: most processes never ask the model, and start faster without it.
const openaiModule = () => import('openai');

async function openaiClient(options: ConstructorParameters<typeof OpenAI>[0]): Promise<OpenAI> {
  const { default: Client } = await openaiModule();
  return new Client(options);
}

function chatModel(client: () => Promise<OpenAI>, name: string, standIn: () => Promise<AiStandIn | null>) {
  return {
    name,
    standIn,
    async complete(messages: readonly ChatMessage[], signal: AbortSignal): Promise<ChatAnswer> {
      try {
        const completion = await (await client()).chat.completions.create(
          {
            model: name,
            messages: [...messages],
            response_format: { type: 'json_object' },
            temperature: 0.7,
          },
          { signal },
        );
        return {
          content: completion.choices[0]?.message.content ?? '',
          promptTokens: completion.usage?.prompt_tokens ?? 0,
          completionTokens: completion.usage?.completion_tokens ?? 0,
        };
      } catch (err) {
        const { APIConnectionTimeoutError, APIUserAbortError } = await openaiModule();
        if (err instanceof APIConnectionTimeoutError) throw new ChatModelError('timeout', err.message);
        if (err instanceof APIUserAbortError || signal.aborted) {
          throw new ChatModelError('cancelled', 'The request was cancelled');
        }
        throw new ChatModelError('unavailable', err instanceof Error ? err.message : String(err));
      }
    },
  };
}

/**
 * The configured model, or undefined when none is (the AI tools are then hidden). The stand-in
 * starts on first use, so a process that never asks the model opens no port.
 */
export function createChatModel(config: AiConfig): ChatModel | undefined {
  const options = { timeout: config.timeoutMs, maxRetries: 0 };
  if (config.driver === 'off') return undefined;
  if (config.driver === 'openai') {
    // Self-hosted servers (Ollama, vLLM) take no key, but the client insists on one.
    let client: Promise<OpenAI> | undefined;
    const connect = () => {
      client ??= openaiClient({ ...options, baseURL: config.baseUrl, apiKey: config.apiKey ?? 'none' });
      return client;
    };
    return { ...chatModel(connect, config.model, async () => null), close: async () => undefined };
  }
  let started: Promise<{ standIn: AiStandIn; client: OpenAI }> | undefined;
  const start = () => {
    started ??= startAiStandIn().then(async (standIn) => ({
      standIn,
      client: await openaiClient({ ...options, baseURL: `${standIn.url}/v1`, apiKey: 'stand-in' }),
    }));
    return started;
  };
  return {
    ...chatModel(
      async () => (await start()).client,
      'stand-in',
      async () => (await start()).standIn,
    ),
    close: async () => {
      if (started) await (await started).standIn.close();
    },
  };
}
