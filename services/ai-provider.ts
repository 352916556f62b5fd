// The one AI provider module: every AI text (readings, follow-ups, daily-card messages, the day analysis, the
// micro pack's tip) goes through it, so each call gets the same per-user rate limit, timeout and failure
// mapping. The limit is counted per budget: a reading's interpretation has its own, so the other texts can
// never make a fresh reading wait.
import type * as OpenAiSdk from 'openai';
import * as aiRepo from '../db/repositories/interpretations';
import type { ChatMessage } from '../domain/prompts';
import { formatDurationWords } from '../domain/time';
import type { AiConfig, ServiceDeps } from './deps';
import { ServiceError } from './errors';

/** The fixed English error texts clients expect, as the `error` of an answer that carries the fallback. */
export const AI_ERRORS = {
  notInitialized: 'OpenAI client not initialized. Please check your API key configuration.',
  empty: 'Empty response from ChatGPT',
  unexpectedFormat: 'Unexpected response format from backend',
  timeout: 'Request timed out.',
  backendError: 'Backend error occurred',
  unknown: 'Unknown error occurred',
  dailyCard: 'An error occurred while getting the interpretation',
  guidance: 'Detailed interpretation temporarily unavailable',
} as const;

export const backendApiError = (status: number) => `Backend API error: ${status}`;


const DEFAULT_RATE_LIMIT = { calls: 10, windowS: 600 };

/**
 * What a provider call is counted against: `reading` (a reading's interpretation and its «ask again»),
 * `extra` (follow-ups and their «ask again», the daily card's texts, the micro pack's tip).
 */
export type AiBudget = 'reading' | 'extra';

export function rateLimited(seconds: number): ServiceError {
  return new ServiceError('limit_reached', `Слишком много запросов к толкованиям. Попробуйте через ${formatDurationWords(seconds * 1000)}.`, {
    retryAfterSeconds: seconds,
  });
}

type Sdk = typeof OpenAiSdk;
/** The SDK loads on the first AI call, not at start-up (a large module most starts never need at once). */
let sdkLoading: Promise<Sdk> | null = null;
const loadSdk = () => (sdkLoading ??= import('openai'));

export class ProviderFailure extends Error {
  constructor(
    message: string,
    /** The caller went away: nothing is stored, the claim is given up. */
    readonly cancelled = false,
  ) {
    super(message);
  }
}

function describeFailure(sdk: Sdk | null, err: unknown, cancelled: AbortSignal, deadline: AbortSignal): ProviderFailure {
  if (err instanceof ProviderFailure) return err;
  if (!sdk) return new ProviderFailure((err as Error)?.message || AI_ERRORS.unknown);
  const { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } = sdk;
  if (cancelled.aborted) return new ProviderFailure('cancelled', true);
  if (deadline.aborted || err instanceof APIConnectionTimeoutError) return new ProviderFailure(AI_ERRORS.timeout);
  if (err instanceof APIUserAbortError) return new ProviderFailure(AI_ERRORS.timeout);
  if (err instanceof APIConnectionError) return new ProviderFailure(err.message || AI_ERRORS.unknown);
  if (err instanceof APIError) return new ProviderFailure(typeof err.status === 'number' ? backendApiError(err.status) : AI_ERRORS.backendError);
  if (err instanceof SyntaxError) return new ProviderFailure(AI_ERRORS.unexpectedFormat);
  return new ProviderFailure((err as Error)?.message || AI_ERRORS.unknown);
}

export function createAiProvider(deps: Pick<ServiceDeps, 'db' | 'clock' | 'ai'>) {
  const ai = deps.ai;
  const rate = ai?.rateLimit ?? DEFAULT_RATE_LIMIT;
  let sdk: Sdk | null = null;
  let client: InstanceType<Sdk['default']> | null = null;

  return {
    enabled: !!ai?.apiKey,

    /**
     * A provider call slot of the user in `budget` (429 when the window is full). Not taken when no call is
     * made; given `db` (a transaction), it is taken, or undone, with the caller's change.
     */
    async takeSlot(userId: number, budget: AiBudget, db: ServiceDeps['db'] = deps.db): Promise<void> {
      if (!ai?.apiKey) return;
      const wait = await aiRepo.takeRateSlot(db, userId, budget, deps.clock(), rate.calls, rate.windowS);
      if (wait !== null) throw rateLimited(wait);
    },

    /** Seconds until `budget` has room again, or null when it has room now (nothing is taken). */
    slotWait: (userId: number, budget: AiBudget) => aiRepo.rateSlotWait(deps.db, userId, budget, deps.clock(), rate.calls, rate.windowS),

    /**
     * One streamed chat completion. `onDelta` gets each piece as it arrives; the whole text is returned.
     * Throws ProviderFailure with an AI_ERRORS message (or `cancelled` when `signal` fired).
     */
    async complete(
      messages: ChatMessage[],
      o: { signal: AbortSignal; maxTokens?: number; allowLonger?: boolean; timeoutMs?: number; onDelta?: (text: string) => void },
    ): Promise<string> {
      if (!ai?.apiKey) throw new ProviderFailure(AI_ERRORS.notInitialized);
      // The SDK's timeout ends when the headers arrive; a provider that stalls mid-stream needs our own.
      const deadline = new AbortController();
      const timer = setTimeout(() => deadline.abort(), Math.min(ai.timeoutMs, o.timeoutMs ?? ai.timeoutMs));
      const signal = AbortSignal.any([o.signal, deadline.signal]);
      let text = '';
      try {
        sdk ??= await loadSdk();
        client ??= new sdk.default({ apiKey: ai.apiKey, baseURL: ai.baseUrl, timeout: ai.timeoutMs, maxRetries: 0, logLevel: 'off' });
        const stream = await client.chat.completions.create(
          {
            model: ai.model,
            messages,
            max_tokens: o.allowLonger && o.maxTokens ? o.maxTokens : Math.min(ai.maxTokens, o.maxTokens ?? ai.maxTokens),
            temperature: ai.temperature,
            stream: true,
          },
          { signal },
        );
        for await (const chunk of stream) {
          if (!chunk || typeof chunk !== 'object' || !Array.isArray(chunk.choices)) throw new ProviderFailure(AI_ERRORS.unexpectedFormat);
          const piece: unknown = chunk.choices[0]?.delta?.content;
          if (piece === undefined || piece === null || piece === '') continue;
          if (typeof piece !== 'string') throw new ProviderFailure(AI_ERRORS.unexpectedFormat);
          text += piece;
          o.onDelta?.(piece);
        }
        // The SDK ends an aborted stream quietly: an abort must not pass for a complete answer.
        if (signal.aborted) throw new Error('aborted');
      } catch (err) {
        throw describeFailure(sdk, err, o.signal, deadline.signal);
      } finally {
        clearTimeout(timer);
      }
      if (!text.trim()) throw new ProviderFailure(AI_ERRORS.empty);
      if (!/\p{L}/u.test(text)) throw new ProviderFailure(AI_ERRORS.unexpectedFormat);
      return text;
    },
  };
}


export type AiProvider = ReturnType<typeof createAiProvider>;
