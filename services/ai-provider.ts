// The one AI provider module: every AI text (readings, follow-ups, daily-card messages, the day analysis, the
// micro pack's tip) goes through it, so each call gets the same per-user rate limit, timeout and failure
// mapping. The limit is counted per budget: a reading's interpretation has its own, so the other texts can
// never make a fresh reading wait.
import type * as OpenAiSdk from 'openai';
import { limitWait, takeLimitSlot } from '../db/repositories/rate-limits';
import { continuationMessages, type ChatMessage } from '../domain/reading/prompts';
import { formatDurationWords } from '../domain/text/time';
import { chatRequest } from './ai-request';
import type { ServiceDeps } from './deps';
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
  /** finish_reason "length" even after a continuation: the text stops mid-way. */
  cutOff: 'The answer was cut at its length limit',
} as const;

export const backendApiError = (status: number) => `Backend API error: ${status}`;

const FAILURES_RU: Record<string, string> = {
  [AI_ERRORS.notInitialized]: 'ИИ не подключён (нет ключа)',
  [AI_ERRORS.empty]: 'ИИ прислал пустой ответ',
  [AI_ERRORS.unexpectedFormat]: 'ИИ ответил в неожиданном формате',
  [AI_ERRORS.timeout]: 'ИИ не ответил вовремя',
  [AI_ERRORS.backendError]: 'Ошибка сервиса ИИ',
  [AI_ERRORS.unknown]: 'Неизвестный сбой ИИ',
  [AI_ERRORS.dailyCard]: 'Сбой послания карты дня',
  [AI_ERRORS.guidance]: 'Сбой разбора дня',
  [AI_ERRORS.cutOff]: 'Ответ ИИ обрезан по длине',
};

/**
 * A stored AI error in Russian, for the owner's dashboard: the fixed texts above, a provider's HTTP status, and
 * anything else (a network library's own message) as one kind.
 */
export function aiFailureRu(error: string): string {
  const status = /^Backend API error: (\d{3})$/.exec(error)?.[1];
  if (status) return `Сервис ИИ ответил ошибкой ${status}`;
  return FAILURES_RU[error] ?? 'Сбой связи с ИИ';
}

/** The tokens a call used, as the provider reported them (`usage`). */
export interface AiUsage {
  input: number;
  output: number;
}

const DEFAULT_RATE_LIMIT = { calls: 10, windowS: 600 };

/** The provider calls one user may start per window (AiConfig.rateLimit, or the default). */
export const aiRateLimit = (ai: ServiceDeps['ai']) => ai?.rateLimit ?? DEFAULT_RATE_LIMIT;

/**
 * What a provider call is counted against: `reading` (a reading's interpretation and its «ask again»),
 * `extra` (follow-ups and their «ask again», the daily card's texts, the micro pack's tip).
 */
export type AiBudget = 'reading' | 'extra';

export function rateLimited(seconds: number): ServiceError {
  return new ServiceError(
    'limit_reached',
    `Слишком много запросов к толкованиям. Попробуйте через ${formatDurationWords(seconds * 1000)}.`,
    {
      retryAfterSeconds: seconds,
    },
  );
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
    /** The text streamed before the answer was cut at its length limit (AI_ERRORS.cutOff), when it has words. */
    readonly partial: string | null = null,
  ) {
    super(message);
  }
}

const hasWords = (text: string) => /\p{L}/u.test(text);

function describeFailure(sdk: Sdk | null, err: unknown, cancelled: AbortSignal, deadline: AbortSignal): ProviderFailure {
  if (err instanceof ProviderFailure) return err;
  if (!sdk) return new ProviderFailure((err as Error)?.message || AI_ERRORS.unknown);
  const { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } = sdk;
  if (cancelled.aborted) return new ProviderFailure('cancelled', true);
  if (deadline.aborted || err instanceof APIConnectionTimeoutError) return new ProviderFailure(AI_ERRORS.timeout);
  if (err instanceof APIUserAbortError) return new ProviderFailure(AI_ERRORS.timeout);
  if (err instanceof APIConnectionError) return new ProviderFailure(err.message || AI_ERRORS.unknown);
  if (err instanceof APIError)
    return new ProviderFailure(typeof err.status === 'number' ? backendApiError(err.status) : AI_ERRORS.backendError);
  if (err instanceof SyntaxError) return new ProviderFailure(AI_ERRORS.unexpectedFormat);
  return new ProviderFailure((err as Error)?.message || AI_ERRORS.unknown);
}

export function createAiProvider(deps: Pick<ServiceDeps, 'db' | 'clock' | 'ai'>) {
  const ai = deps.ai;
  const rate = aiRateLimit(ai);
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
      const wait = await takeLimitSlot(db, { name: `ai:${budget}`, userId }, deps.clock(), rate.calls, rate.windowS);
      if (wait !== null) throw rateLimited(wait);
    },

    /** Seconds until `budget` has room again, or null when it has room now (nothing is taken). */
    slotWait: (userId: number, budget: AiBudget) =>
      limitWait(deps.db, { name: `ai:${budget}`, userId }, deps.clock(), rate.calls, rate.windowS),

    /**
     * One streamed chat completion. `onDelta` gets each piece as it arrives; the whole text is returned.
     * Two deadlines: the call's budget (OPENAI_TIMEOUT_MS, plus OPENAI_TIMEOUT_PER_CARD_MS for each of `cards`)
     * and the longest silence before the first token and between tokens (OPENAI_IDLE_TIMEOUT_MS). An answer cut
     * at its length limit gets one continuation within the same budget; cut again, it throws a ProviderFailure
     * carrying the text so far (`partial`). Throws ProviderFailure with an AI_ERRORS message (or `cancelled`
     * when `signal` fired). `onUsage` gets the tokens used, summed over the continuation, when the provider
     * reported them for every request of the call (never an estimate).
     */
    async complete(
      messages: ChatMessage[],
      o: {
        signal: AbortSignal;
        maxTokens?: number;
        allowLonger?: boolean;
        timeoutMs?: number;
        cards?: number;
        onDelta?: (text: string) => void;
        onUsage?: (usage: AiUsage) => void;
      },
    ): Promise<string> {
      if (!ai?.apiKey) throw new ProviderFailure(AI_ERRORS.notInitialized);
      const maxTokens = o.allowLonger && o.maxTokens ? o.maxTokens : Math.min(ai.maxTokens, o.maxTokens ?? ai.maxTokens);
      // The SDK's timeout ends when the headers arrive; a provider that stalls mid-stream needs our own.
      const deadline = new AbortController();
      const budgetMs = Math.min(ai.timeoutMs + (o.cards ?? 0) * ai.timeoutPerCardMs, o.timeoutMs ?? Infinity);
      const total = setTimeout(() => deadline.abort(), budgetMs);
      let idle: ReturnType<typeof setTimeout> | undefined;
      const heard = () => {
        clearTimeout(idle);
        idle = setTimeout(() => deadline.abort(), ai.idleTimeoutMs);
      };
      const signal = AbortSignal.any([o.signal, deadline.signal]);
      let text = '';
      // Null once a request ended without `usage` (a provider that does not report it).
      let usage: AiUsage | null = { input: 0, output: 0 };

      /** Streams one request into `text`; answers its finish_reason (null when the provider sent none). */
      const streamOnce = async (msgs: ChatMessage[]): Promise<string | null> => {
        heard();
        const stream = await client!.chat.completions.create(chatRequest(ai, msgs, maxTokens), { signal });
        let finish: string | null = null;
        let reported: AiUsage | null = null;
        for await (const chunk of stream) {
          heard();
          if (!chunk || typeof chunk !== 'object' || !Array.isArray(chunk.choices)) throw new ProviderFailure(AI_ERRORS.unexpectedFormat);
          const u = chunk.usage;
          if (u && Number.isInteger(u.prompt_tokens) && Number.isInteger(u.completion_tokens))
            reported = { input: u.prompt_tokens, output: u.completion_tokens };
          const choice = chunk.choices[0];
          if (choice?.finish_reason) finish = choice.finish_reason;
          const piece: unknown = choice?.delta?.content;
          if (piece === undefined || piece === null || piece === '') continue;
          if (typeof piece !== 'string') throw new ProviderFailure(AI_ERRORS.unexpectedFormat);
          text += piece;
          o.onDelta?.(piece);
        }
        // The SDK ends an aborted stream quietly: an abort must not pass for a complete answer.
        if (signal.aborted) throw new Error('aborted');
        usage = usage && reported && { input: usage.input + reported.input, output: usage.output + reported.output };
        return finish;
      };

      try {
        sdk ??= await loadSdk();
        client ??= new sdk.default({ apiKey: ai.apiKey, baseURL: ai.baseUrl, timeout: ai.timeoutMs, maxRetries: 0, logLevel: 'off' });
        let finish = await streamOnce(messages);
        // Cut at the token limit: the model sees its own text and finishes it, once.
        if (finish === 'length' && hasWords(text)) {
          try {
            finish = await streamOnce(continuationMessages(messages, text));
          } catch (err) {
            if (o.signal.aborted) throw err;
            finish = 'length';
            usage = null;
          }
        }
        if (usage) o.onUsage?.(usage);
        // Never a cut text passed off as finished: the caller completes it honestly, or falls back.
        if (finish === 'length') throw new ProviderFailure(AI_ERRORS.cutOff, false, hasWords(text) ? text : null);
      } catch (err) {
        throw describeFailure(sdk, err, o.signal, deadline.signal);
      } finally {
        clearTimeout(total);
        clearTimeout(idle);
      }
      if (!text.trim()) throw new ProviderFailure(AI_ERRORS.empty);
      if (!hasWords(text)) throw new ProviderFailure(AI_ERRORS.unexpectedFormat);
      return text;
    },
  };
}

export type AiProvider = ReturnType<typeof createAiProvider>;
