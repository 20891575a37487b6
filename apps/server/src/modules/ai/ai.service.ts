import {
  AI_MONTHLY_CREDITS,
  AI_TASK_CREDITS,
  type AiCredits,
  type AiTask,
  aiCreditMonth,
} from '@batchwise/domain';
import type { Db } from '../../db/database';
import { type ChatMessage, type ChatModel, ChatModelError } from '../../drivers/ai/chat-model';
import type { Principal } from '../../lib/access';
import type { Clock } from '../../lib/clock';
import { failure } from '../../lib/errors';
import { newId } from '../../lib/ids';
import type { AccessPolicy } from '../access/access.policy';
import type { PlansService } from '../plans/plans.service';
import { AiRepository } from './ai.repository';
import { guardPayload } from './privacy-guard';

export interface AiDeps {
  db: Db;
  clock: Clock;
  access: AccessPolicy;
  plans: PlansService;
  /** The configured model; undefined when none is (the tools are then hidden and refused). */
  model: ChatModel | undefined;
}

/** What a task asks the model, and how it reads the answer. */
export interface AiRun<T> {
  principal: Principal;
  accountId: string;
  task: AiTask;
  promptVersion: number;
  messages: ChatMessage[];
  /** The parsed JSON answer made into the task's result, or why it is unusable. */
  accept(answer: unknown): { value: T } | { problem: string };
  /** Values the task read that must not reach the model (the privacy guard checks them too). */
  known?: readonly string[];
  /** Aborted when the caller goes away: the model request is abandoned and nothing is charged. */
  signal: AbortSignal;
}

/** One retry: an invalid answer is asked for again once, then reported (AI_INVALID_ANSWER). */
const ATTEMPTS = 2;

/**
 * The model gateway's rules (spec part 1 §1 "AI add-ons"): the privacy guard before anything
 * leaves, credits checked before and debited once after a usable answer (a failure costs
 * nothing), JSON answers validated with one retry, and every request recorded with its tokens.
 */
export class AiService {
  private readonly repo: AiRepository;

  constructor(private readonly deps: AiDeps) {
    this.repo = new AiRepository(deps.db.kysely);
  }

  get configured(): boolean {
    return this.deps.model !== undefined;
  }

  private model(): ChatModel {
    if (!this.deps.model) throw failure(503, 'AI_NOT_CONFIGURED');
    return this.deps.model;
  }

  /** The balance after this month's allowance was added (once a month, on first use). */
  private async topUp(accountId: string): Promise<AiCredits> {
    const now = this.deps.clock.now();
    const plan = await this.deps.plans.planOf(accountId);
    const monthly = AI_MONTHLY_CREDITS[plan.id];
    await this.deps.db.kysely
      .transaction()
      .execute((trx) => new AiRepository(trx).grantMonth(accountId, aiCreditMonth(now), monthly, now));
    return { balance: await this.repo.balance(accountId), monthly };
  }

  async credits(principal: Principal, accountId: string): Promise<AiCredits> {
    this.model();
    await this.deps.access.requireAccount(principal, accountId);
    return this.topUp(accountId);
  }

  async run<T>(run: AiRun<T>): Promise<{ value: T; credits: AiCredits }> {
    const model = this.model();
    await this.deps.access.requireAccount(run.principal, run.accountId);
    guardPayload(run.messages, run.known);
    const cost = AI_TASK_CREDITS[run.task];
    const before = await this.topUp(run.accountId);
    if (before.balance < cost) {
      throw failure(409, 'AI_CREDITS_NOT_ENOUGH', { balance: before.balance, needed: cost });
    }
    const startedAt = this.deps.clock.now();
    const record = {
      id: newId(startedAt),
      account_id: run.accountId,
      user_id: run.principal.user.id,
      task: run.task,
      prompt_version: run.promptVersion,
      model: model.name,
      attempts: 0,
      prompt_tokens: 0,
      completion_tokens: 0,
      created_at: startedAt,
    };
    const failed = async (code: 'AI_INVALID_ANSWER' | 'AI_UNAVAILABLE' | 'AI_CREDITS_NOT_ENOUGH') => {
      await this.repo.recordRequest({
        ...record,
        status: 'failed',
        error_code: code,
        credits: 0,
        finished_at: this.deps.clock.now(),
      });
    };

    let messages = run.messages;
    let value: T | undefined;
    while (value === undefined && record.attempts < ATTEMPTS) {
      record.attempts += 1;
      let content: string;
      try {
        const answer = await model.complete(messages, run.signal);
        record.prompt_tokens += answer.promptTokens;
        record.completion_tokens += answer.completionTokens;
        content = answer.content;
      } catch (error) {
        if (!(error instanceof ChatModelError)) throw error;
        await failed('AI_UNAVAILABLE');
        throw failure(503, 'AI_UNAVAILABLE');
      }
      const read = readAnswer(content, run.accept);
      if ('value' in read) value = read.value;
      else {
        // Only our own words go back: the retry carries nothing the guard has not seen.
        messages = [
          ...run.messages,
          {
            role: 'user',
            content: `Your previous answer was not usable (${read.problem}). Answer again with only the JSON object described.`,
          },
        ];
      }
    }
    if (value === undefined) {
      await failed('AI_INVALID_ANSWER');
      throw failure(502, 'AI_INVALID_ANSWER');
    }

    const charged = await this.deps.db.kysely.transaction().execute(async (trx) => {
      const repo = new AiRepository(trx);
      await repo.recordRequest({
        ...record,
        status: 'ok',
        error_code: null,
        credits: cost,
        finished_at: this.deps.clock.now(),
      });
      if (await repo.charge(run.accountId, cost, record.id, this.deps.clock.now())) return true;
      // Another request spent the last credits meanwhile: this one is not charged, nor shown.
      await repo.forgetRequest(record.id);
      return false;
    });
    if (!charged) {
      await failed('AI_CREDITS_NOT_ENOUGH');
      throw failure(409, 'AI_CREDITS_NOT_ENOUGH', { balance: 0, needed: cost });
    }
    return { value, credits: { balance: await this.repo.balance(run.accountId), monthly: before.monthly } };
  }
}

function readAnswer<T>(content: string, accept: AiRun<T>['accept']): { value: T } | { problem: string } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(content);
  } catch {
    return { problem: 'it was not valid JSON' };
  }
  return accept(parsed);
}
