// AI interpretations (spec 000 §7, DESIGN.md §7): streamed from an OpenAI-compatible provider, stored on the
// reading when complete, and replaced by an honest fallback (with the spread given back) when no AI text can
// be produced. One provider call per reading, even across instances: the reading is claimed in the database;
// other requests in this process share the in-flight stream, requests elsewhere poll for the stored result.
import crypto from 'node:crypto';
import type * as OpenAiSdk from 'openai';

type Sdk = typeof OpenAiSdk;
/** The SDK loads on the first AI call, not at start-up (it is a large module and most starts never need it at once). */
let sdkLoading: Promise<Sdk> | null = null;
const loadSdk = () => (sdkLoading ??= import('openai'));
import * as aiRepo from '../db/repositories/interpretations';
import * as readingsRepo from '../db/repositories/readings';
import * as usageRepo from '../db/repositories/usage';
import type { Reading, User } from '../db/schema';
import { CARD_BY_ID } from '../domain/deck';
import { buildDailyCardFallback, buildDailyGuidanceFallback, buildFallbackInterpretation } from '../domain/fallback';
import {
  buildDailyCardMessages,
  buildDailyGuidanceMessages,
  buildReadingMessages,
  oneLine,
  promptCards,
  type ChatMessage,
  type ReadingPromptInput,
} from '../domain/prompts';
import { isPaidTier } from '../domain/tiers';
import { formatDurationWords, localDate } from '../domain/time';
import type { ServiceDeps } from './deps';
import { ServiceError } from './errors';
import { hasRecentMicro } from './payments/micro';
import { readingView, type ReadingView } from './readings';
import { entitlementOf, type UserService } from './users';

/** The AI provider's settings (Config.openai in main.ts; test values in test/harness.ts). */
export interface AiConfig {
  /** Unset: no provider call is ever made; every interpretation is the fallback. */
  apiKey?: string;
  baseUrl: string;
  model: string;
  maxTokens: number;
  temperature: number;
  /** The whole provider call, first byte to last token. */
  timeoutMs: number;
  /** Provider calls one user may start per window (default 10 per 600 s), on top of the tier quotas. */
  rateLimit?: { calls: number; windowS: number };
  /** How often a request waiting for another instance's call looks at the database (default 250 ms). */
  pollIntervalMs?: number;
}

/** The error texts of spec 000 §8, as the `error` of an answer that carries the fallback. */
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
const DAILY_CARD_MAX_TOKENS = 400;
const GUIDANCE_MAX_TOKENS = 1200;
/** A claim outlives the provider's whole timeout by this much (storing the result takes a moment). */
const LEASE_MARGIN_MS = 30_000;

export interface InterpretationResult {
  interpretation: string;
  /** True when the text is the locally built fallback (the screen shows 'Showing basic card interpretation'). */
  fallback: boolean;
  /** Why the fallback was used (spec 000 §8 message); null for an AI text. */
  error: string | null;
  reading: ReadingView;
}

export type InterpretationEvent =
  | { type: 'delta'; text: string }
  | { type: 'done'; result: InterpretationResult }
  | { type: 'error'; error: unknown };

// ---------------------------------------------------------------------------------------------------------
// The provider

class ProviderFailure extends Error {
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

function createProvider(ai: AiConfig | undefined) {
  let client: InstanceType<Sdk['default']> | null = null;
  let sdk: Sdk | null = null;

  return {
    enabled: !!ai?.apiKey,

    /**
     * One streamed chat completion. `onDelta` gets each piece as it arrives; the whole text is returned.
     * Throws ProviderFailure with the spec's message (or `cancelled` when `signal` fired).
     */
    async complete(messages: ChatMessage[], o: { signal: AbortSignal; maxTokens?: number; onDelta?: (text: string) => void }): Promise<string> {
      if (!ai?.apiKey) throw new ProviderFailure(AI_ERRORS.notInitialized);
      // The SDK's timeout ends when the headers arrive; a provider that stalls mid-stream needs our own.
      const deadline = new AbortController();
      const timer = setTimeout(() => deadline.abort(), ai.timeoutMs);
      const signal = AbortSignal.any([o.signal, deadline.signal]);
      let text = '';
      try {
        sdk ??= await loadSdk();
        client ??= new sdk.default({ apiKey: ai.apiKey, baseURL: ai.baseUrl, timeout: ai.timeoutMs, maxRetries: 0, logLevel: 'off' });
        const stream = await client.chat.completions.create(
          {
            model: ai.model,
            messages,
            max_tokens: Math.min(ai.maxTokens, o.maxTokens ?? ai.maxTokens),
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

// ---------------------------------------------------------------------------------------------------------
// Flights: one interpretation in progress in this process, shared by every request for that reading

type Outcome = { ok: true; result: InterpretationResult } | { ok: false; error: unknown };
type FlightEvent = { type: 'delta'; text: string } | { type: 'end'; outcome: Outcome };

class Flight {
  text = '';
  listeners = new Set<(e: FlightEvent) => void>();
  outcome: Outcome | null = null;
  subscribers = 0;
  readonly abort = new AbortController();
  readonly ready: Promise<void>;
  private readyState: 'pending' | 'done' = 'pending';
  private resolveReady!: () => void;
  private rejectReady!: (err: unknown) => void;

  constructor(readonly readingId: number) {
    this.ready = new Promise((resolve, reject) => {
      this.resolveReady = resolve;
      this.rejectReady = reject;
    });
    this.ready.catch(() => {}); // observed by open(); never an unhandled rejection
  }

  /** The call goes ahead (claimed, or waiting for another instance): the caller may start streaming. */
  markReady() {
    if (this.readyState === 'done') return;
    this.readyState = 'done';
    this.resolveReady();
  }

  push(text: string) {
    this.text += text;
    for (const l of this.listeners) l({ type: 'delta', text });
  }

  settle(outcome: Outcome) {
    if (this.outcome) return;
    this.outcome = outcome;
    if (this.readyState === 'pending') {
      this.readyState = 'done';
      if (outcome.ok) this.resolveReady();
      else this.rejectReady(outcome.error);
    }
    for (const l of [...this.listeners]) l({ type: 'end', outcome });
    this.listeners.clear();
  }
}

/** One request's view of an interpretation: its events, or its final result. */
export interface InterpretationSession {
  /** The stored result when the reading was already interpreted (no provider call was made). */
  readonly finished: InterpretationResult | null;
  /** delta events in order, then one done (or error). Ending the iteration early closes the session. */
  events(): AsyncGenerator<InterpretationEvent>;
  /** Waits for the end; throws the error of a failed call. */
  result(): Promise<InterpretationResult>;
  /** The caller went away; when nobody else waits, the provider request is cancelled. */
  close(): void;
}

function finishedSession(result: InterpretationResult): InterpretationSession {
  return {
    finished: result,
    async *events() {
      yield { type: 'delta', text: result.interpretation };
      yield { type: 'done', result };
    },
    result: async () => result,
    close() {},
  };
}

function outcomeEvent(o: Outcome): InterpretationEvent {
  return o.ok ? { type: 'done', result: o.result } : { type: 'error', error: o.error };
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (signal.aborted) return resolve();
    const t = setTimeout(done, ms);
    function done() {
      clearTimeout(t);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });

export function resultOf(r: Reading): InterpretationResult {
  return {
    interpretation: r.interpretation ?? '',
    fallback: r.status === 'fallback',
    error: r.status === 'fallback' ? (r.ai_error ?? AI_ERRORS.unknown) : null,
    reading: readingView(r),
  };
}

export function promptInputOf(r: Reading): ReadingPromptInput {
  return { spreadType: r.spread_type, question: r.question, cards: promptCards(r.spread_type, r.cards), level: r.level };
}

/**
 * Who may ask for the detailed day analysis: paid plans (week_7d included) and special access. The payments
 * helper extends this with micro-pack holders.
 */
export async function hasDetailedGuidanceAccess(deps: ServiceDeps, user: User): Promise<boolean> {
  const e = entitlementOf(user, deps.clock(), deps.specialAccessUserIds);
  // A micro pack bought in the last 24 hours opens the analysis too (spec 001 §6); week_7d is a paid tier.
  return e.special || isPaidTier(e.tier) || (await hasRecentMicro(deps.db, user.id, deps.clock()));
}

export function createInterpretationService(deps: ServiceDeps, users: UserService) {
  const ai = deps.ai;
  const provider = createProvider(ai);
  const rate = ai?.rateLimit ?? DEFAULT_RATE_LIMIT;
  const pollMs = ai?.pollIntervalMs ?? 250;
  const leaseMs = (ai?.timeoutMs ?? 60_000) + LEASE_MARGIN_MS;
  const instance = crypto.randomUUID();
  const flights = new Map<number, Flight>();
  const dailyPending = new Map<string, Promise<{ text: string; fallback: boolean; error: string | null }>>();
  let leaseSeq = 0;

  function rateLimited(seconds: number): ServiceError {
    return new ServiceError('limit_reached', `Слишком много запросов к толкованиям. Попробуйте через ${formatDurationWords(seconds * 1000)}.`, {
      retryAfterSeconds: seconds,
    });
  }

  /** A provider call slot of the user (429 when the window is full). Not taken when no call is made. */
  async function takeSlot(userId: number) {
    if (!provider.enabled) return;
    const wait = await aiRepo.takeRateSlot(deps.db, userId, deps.clock(), rate.calls, rate.windowS);
    if (wait !== null) throw rateLimited(wait);
  }

  async function loadOwned(userId: number, id: number): Promise<Reading> {
    const r = await readingsRepo.findReading(deps.db, id);
    if (!r) throw new ServiceError('not_found', 'Расклад не найден');
    if (r.user_id !== userId) throw new ServiceError('forbidden', 'Это чужой расклад');
    // Only readings the server dealt (and charged) are interpreted; a client-saved history entry never is.
    if (r.status === 'saved') throw new ServiceError('conflict', 'Этот расклад сохранён из приложения и не толкуется');
    return r;
  }

  /** Stores the final text once; a fallback gives the spread back in the same transaction. */
  async function store(id: number, leaseId: string, text: string, error: string | null): Promise<Reading | undefined> {
    return deps.db.transaction().execute(async (trx) => {
      const row = await aiRepo.finishReading(trx, id, leaseId, { interpretation: text, status: error ? 'fallback' : 'done', error });
      if (row && error && row.charged_day) await usageRepo.refundSpread(trx, row.user_id, row.charged_day);
      return row;
    });
  }

  /** Runs the call this instance claimed. Returns false when the claim was lost before storing. */
  async function runClaimed(f: Flight, claimed: Reading, leaseId: string): Promise<boolean> {
    try {
      if (f.abort.signal.aborted) throw new ServiceError('conflict', 'Запрос отменён');
      await takeSlot(claimed.user_id);
    } catch (err) {
      await aiRepo.releaseClaim(deps.db, claimed.id, leaseId);
      throw err;
    }
    f.markReady();
    const input = promptInputOf(claimed);
    let text: string;
    let error: string | null = null;
    try {
      text = await provider.complete(buildReadingMessages(input), { signal: f.abort.signal, onDelta: (t) => f.push(t) });
    } catch (err) {
      const failure = err as ProviderFailure;
      if (failure.cancelled) {
        await aiRepo.releaseClaim(deps.db, claimed.id, leaseId);
        f.settle({ ok: false, error: new ServiceError('conflict', 'Запрос отменён') });
        return true;
      }
      error = failure.message;
      text = buildFallbackInterpretation(input);
      // Nothing was streamed yet: the fallback goes out as the text; otherwise `done` carries it.
      if (!f.text) f.push(text);
    }
    const row = await store(claimed.id, leaseId, text, error);
    if (!row) return false;
    f.settle({ ok: true, result: resultOf(row) });
    return true;
  }

  /** Claims the reading, or waits for whoever holds it, until there is a result. */
  async function drive(f: Flight) {
    try {
      for (;;) {
        if (f.abort.signal.aborted) return f.settle({ ok: false, error: new ServiceError('conflict', 'Запрос отменён') });
        const leaseId = `${instance}:${++leaseSeq}`;
        const claimed = await aiRepo.claimReading(deps.db, f.readingId, leaseId, leaseMs);
        if (claimed && (await runClaimed(f, claimed, leaseId))) return;
        // Another instance (or an earlier call of ours) holds it: wait for its stored result.
        f.markReady();
        const fresh = await readingsRepo.findReading(deps.db, f.readingId);
        if (!fresh) throw new ServiceError('not_found', 'Расклад не найден');
        if (fresh.status === 'done' || fresh.status === 'fallback') {
          // Written elsewhere: the listeners here get it as one piece, as for any finished reading.
          if (!f.text && fresh.interpretation) f.push(fresh.interpretation);
          return f.settle({ ok: true, result: resultOf(fresh) });
        }
        if (fresh.status !== 'dealt') throw new ServiceError('conflict', 'Этот расклад сохранён из приложения и не толкуется');
        await sleep(pollMs, f.abort.signal);
      }
    } catch (err) {
      f.settle({ ok: false, error: err });
    } finally {
      if (flights.get(f.readingId) === f) flights.delete(f.readingId);
    }
  }

  function cancel(f: Flight) {
    if (f.outcome) return;
    if (flights.get(f.readingId) === f) flights.delete(f.readingId);
    f.abort.abort();
  }

  function subscribe(f: Flight): InterpretationSession {
    f.subscribers++;
    let closed = false;
    let wake: (() => void) | null = null;
    const close = () => {
      if (closed) return;
      closed = true;
      f.subscribers--;
      if (f.subscribers === 0) cancel(f);
      wake?.();
    };
    const session: InterpretationSession = {
      finished: null,
      async *events() {
        const queue: FlightEvent[] = [];
        const listener = (e: FlightEvent) => {
          queue.push(e);
          wake?.();
        };
        // What was streamed before this request joined, then everything after it.
        if (f.text) queue.push({ type: 'delta', text: f.text });
        if (f.outcome) queue.push({ type: 'end', outcome: f.outcome });
        else f.listeners.add(listener);
        try {
          for (;;) {
            while (queue.length) {
              const e = queue.shift()!;
              if (e.type === 'delta') yield e;
              else {
                yield outcomeEvent(e.outcome);
                return;
              }
            }
            if (closed) return;
            await new Promise<void>((resolve) => (wake = resolve));
            wake = null;
          }
        } finally {
          f.listeners.delete(listener);
          close();
        }
      },
      async result() {
        for await (const e of session.events()) {
          if (e.type === 'done') return e.result;
          if (e.type === 'error') throw e.error;
        }
        throw new ServiceError('conflict', 'Запрос отменён');
      },
      close,
    };
    return session;
  }

  /** Today's daily card of the user, or 409 when none was drawn today. */
  async function todaysCard(user: User) {
    const day = localDate(deps.clock(), user.time_zone);
    const usage = await usageRepo.findUsage(deps.db, user.id, day);
    const card = usage?.daily_card_id ? CARD_BY_ID.get(usage.daily_card_id) : undefined;
    if (!usage || !card) throw new ServiceError('conflict', 'Сначала вытяните карту дня', { redirect: '/daily-card' });
    return { day, card, orientation: usage.daily_card_orientation ?? 'upright' };
  }

  /**
   * Starts (or joins, or replays) the interpretation of the caller's reading. Throws 404/403/409 for a reading
   * that is not the caller's to interpret, and 429 when the caller's provider calls are over the rate limit.
   */
  async function open(userId: number, readingId: number): Promise<InterpretationSession> {
    const r = await loadOwned(userId, readingId);
    if (r.status === 'done' || r.status === 'fallback') return finishedSession(resultOf(r));
    let f = flights.get(readingId);
    if (!f) {
      f = new Flight(readingId);
      flights.set(readingId, f);
      void drive(f);
    }
    const session = subscribe(f);
    try {
      await f.ready;
    } catch (err) {
      session.close();
      throw err;
    }
    return session;
  }

  return {
    open,

    /**
     * The spec's POST /api/chat with server meaning: interprets the caller's reading given by id, or the
     * caller's reading whose question the spec client's messages carry. Never a free-form chat.
     */
    async chat(userId: number, input: { readingId?: number; messages?: { role: string; content: string }[] }, signal?: AbortSignal) {
      let readingId = input.readingId;
      if (readingId === undefined) {
        const text = oneLine((input.messages ?? []).filter((m) => m.role === 'user').map((m) => m.content).join(' ')).toLowerCase();
        const recent = await readingsRepo.listReadings(deps.db, userId, 20, 0);
        const match = recent.find((r) => r.status !== 'saved' && text.includes(oneLine(r.question).toLowerCase()));
        if (!match)
          throw new ServiceError('forbidden', 'messages: свободный чат не поддерживается — толкуются только ваши расклады (укажите readingId)');
        readingId = match.id;
      }
      const session = await open(userId, readingId);
      signal?.addEventListener('abort', () => session.close(), { once: true });
      return session.result();
    },

    /** POST /api/interpret-daily-card: a short message for the caller's own card of today (cached per card). */
    async dailyCard(userId: number): Promise<{ interpretation: string; fallback: boolean; error: string | null; cardId: string; cardName: string }> {
      const user = await users.requireUser(userId);
      const { day, card, orientation } = await todaysCard(user);
      const key = `${card.id}:${orientation}`;
      const out = (r: { text: string; fallback: boolean; error: string | null }) => ({
        interpretation: r.text,
        fallback: r.fallback,
        error: r.error,
        cardId: card.id,
        cardName: card.name,
      });
      const cached = await aiRepo.findDailyCardNote(deps.db, userId, day, key);
      if (cached) return out({ text: cached, fallback: false, error: null });
      if (!provider.enabled) return out({ text: buildDailyCardFallback(card, orientation), fallback: true, error: AI_ERRORS.notInitialized });
      const pendingKey = `${userId}:${day}:${key}`;
      let pending = dailyPending.get(pendingKey);
      if (!pending) {
        pending = (async () => {
          await takeSlot(userId);
          try {
            const text = await provider.complete(buildDailyCardMessages(card, orientation), {
              signal: new AbortController().signal,
              maxTokens: DAILY_CARD_MAX_TOKENS,
            });
            await aiRepo.saveDailyCardNote(deps.db, userId, day, key, text.trim());
            return { text: text.trim(), fallback: false, error: null };
          } catch (err) {
            if (!(err instanceof ProviderFailure)) throw err;
            return { text: buildDailyCardFallback(card, orientation), fallback: true, error: AI_ERRORS.dailyCard };
          }
        })().finally(() => dailyPending.delete(pendingKey));
        dailyPending.set(pendingKey, pending);
      }
      return out(await pending);
    },

    /** POST /api/detailed-daily-guidance: the day analysis for the caller's card of today (paid access). */
    async dailyGuidance(userId: number, plans: string | null): Promise<{ guidance: string; fallback: boolean; error: string | null; cardId: string; cardName: string }> {
      const user = await users.requireUser(userId);
      if (!(await hasDetailedGuidanceAccess(deps, user)))
        throw new ServiceError('payment_required', 'Подробный разбор дня доступен с подпиской, пакетом разборов или недельным доступом.', {
          redirect: '/subscription',
        });
      const { card, orientation } = await todaysCard(user);
      const cleanPlans = plans && plans.trim() ? plans.trim() : null;
      const out = (guidance: string, error: string | null) => ({ guidance, fallback: error !== null, error, cardId: card.id, cardName: card.name });
      if (!provider.enabled) return out(buildDailyGuidanceFallback(card, orientation, cleanPlans), AI_ERRORS.notInitialized);
      await takeSlot(userId);
      try {
        const text = await provider.complete(buildDailyGuidanceMessages(card, orientation, cleanPlans), {
          signal: new AbortController().signal,
          maxTokens: GUIDANCE_MAX_TOKENS,
        });
        return out(text.trim(), null);
      } catch (err) {
        if (!(err instanceof ProviderFailure)) throw err;
        return out(buildDailyGuidanceFallback(card, orientation, cleanPlans), AI_ERRORS.guidance);
      }
    },
  };
}

export type InterpretationService = ReturnType<typeof createInterpretationService>;
