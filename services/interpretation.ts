// AI interpretations: streamed from an OpenAI-compatible provider, stored on the
// reading when complete, and replaced by the card-based interpretation when no AI text can be produced. The
// spread stays used either way; a reading that fell back keeps «ask the AI again» (retry), which sends the
// same cards at no cost whenever the provider is back. One provider call per reading, even across instances: the reading is claimed in the database;
// other requests in this process share the in-flight stream, requests elsewhere poll for the stored result.
import crypto from 'node:crypto';
import * as aiRepo from '../db/repositories/interpretations';
import * as readingsRepo from '../db/repositories/readings';
import * as usageRepo from '../db/repositories/usage';
import * as usersRepo from '../db/repositories/users';
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
import { userDay } from '../domain/day';
import { formatDurationWords } from '../domain/time';
import { AI_ERRORS, ProviderFailure, createAiProvider, rateLimited } from './ai-provider';
import type { ServiceDeps } from './deps';
import { ServiceError } from './errors';
import { natalSigns } from './natal';
import { hasRecentMicro } from './payments/micro';
import { readingView, type ReadingView } from './readings';
import { entitlementOf, type UserService } from './users';

export { AI_ERRORS, backendApiError, type AiConfig } from './ai-provider';

const DAILY_CARD_MAX_TOKENS = 400;
const GUIDANCE_MAX_TOKENS = 1200;
/**
 * A claim is short and renewed by a heartbeat while its instance writes: a process that died mid-stream
 * leaves a claim that runs out within seconds, so the reading is servable again soon after a restart.
 */
const LEASE_MS = 10_000;
const HEARTBEAT_MS = 3_000;

export interface InterpretationResult {
  interpretation: string;
  /** True when the text is the card-based interpretation (no AI text). */
  fallback: boolean;
  /** Why the fallback was used (an AI_ERRORS text, for logs and clients that read it; never shown). */
  error: string | null;
  reading: ReadingView;
  /** Who wrote the text: the AI, or the card-based interpreter. */
  source: 'ai' | 'cards';
  /** Why the cards wrote it: no AI is configured, or the AI failed. Null for an AI text. */
  fallbackReason: 'no_ai' | 'ai_failed' | null;
  /** «Спросить ИИ ещё раз» is possible: a card-based reading while an AI provider is configured. */
  canRetry: boolean;
  /** The calm Russian line the screen shows for a card-based text (null for an AI text). */
  notice: string | null;
}

/** What the screens show above a card-based interpretation. */
export const FALLBACK_NOTICES = {
  label: 'Толкование составлено по классическим значениям карт',
  aiFailed: 'ИИ-толкователь сейчас не ответил, поэтому здесь толкование по классическим значениям карт. Расклад сохранён: чуть позже можно спросить ИИ ещё раз — бесплатно, по тем же картам.',
} as const;

export type InterpretationEvent =
  | { type: 'delta'; text: string }
  | { type: 'done'; result: InterpretationResult }
  | { type: 'error'; error: unknown };

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

export function resultOf(r: Reading, aiEnabled: boolean): InterpretationResult {
  const fallback = r.status === 'fallback';
  const reason = !fallback ? null : !aiEnabled || r.ai_error === AI_ERRORS.notInitialized ? 'no_ai' : 'ai_failed';
  return {
    interpretation: r.interpretation ?? '',
    fallback,
    error: fallback ? (r.ai_error ?? AI_ERRORS.unknown) : null,
    reading: readingView(r),
    source: fallback ? 'cards' : 'ai',
    fallbackReason: reason,
    canRetry: fallback && aiEnabled,
    notice: reason === 'ai_failed' ? FALLBACK_NOTICES.aiFailed : reason === 'no_ai' ? FALLBACK_NOTICES.label : null,
  };
}

/** The cards the user turned (in dealing order): all of them when the client never said. */
export function turnedCards(r: Pick<Reading, 'cards' | 'turned_count'>) {
  const sorted = [...r.cards].sort((a, b) => a.position - b.position);
  return r.turned_count && r.turned_count > 0 ? sorted.slice(0, r.turned_count) : sorted;
}

export function promptInputOf(r: Reading, extra: Pick<ReadingPromptInput, 'firstName' | 'astro'> = {}): ReadingPromptInput {
  return {
    spreadType: r.spread_type,
    question: r.question,
    cards: promptCards(r.spread_type, turnedCards(r), r.first_month),
    level: r.level,
    firstMonth: r.first_month,
    ...extra,
  };
}

/**
 * Who may ask for the detailed day analysis: paid plans (week_7d included) and special access. The payments
 * helper extends this with micro-pack holders.
 */
export async function hasDetailedGuidanceAccess(deps: ServiceDeps, user: User): Promise<boolean> {
  const e = entitlementOf(user, deps.clock(), deps.specialAccessUserIds);
  // A micro pack bought in the last 24 hours opens the analysis too; week_7d is a paid tier.
  return e.special || isPaidTier(e.tier) || (await hasRecentMicro(deps.db, user.id, deps.clock()));
}

export function createInterpretationService(deps: ServiceDeps, users: UserService) {
  const ai = deps.ai;
  const provider = createAiProvider(deps);
  const rate = provider.rate;
  const pollMs = ai?.pollIntervalMs ?? 250;
  const instance = crypto.randomUUID();
  const flights = new Map<number, Flight>();
  const dailyPending = new Map<string, Promise<{ text: string; fallback: boolean; error: string | null }>>();
  let leaseSeq = 0;

  const takeSlot = provider.takeSlot;

  async function loadOwned(userId: number, id: number): Promise<Reading> {
    const r = await readingsRepo.findReading(deps.db, id);
    if (!r || r.user_id !== userId) throw new ServiceError('not_found', 'Расклад не найден');
    // Only readings the server dealt (and charged) are interpreted; a client-saved history entry never is.
    if (r.status === 'saved') throw new ServiceError('conflict', 'Этот расклад сохранён из приложения и не толкуется');
    return r;
  }

  /** Stores the final text once. The spread stays used even for a fallback: failures cannot be farmed. */
  async function store(id: number, leaseId: string, text: string, error: string | null): Promise<Reading | undefined> {
    return aiRepo.finishReading(deps.db, id, leaseId, { interpretation: text, status: error ? 'fallback' : 'done', error });
  }

  /** The reading's prompt with the user's first name and natal signs (both optional colour). */
  async function fullPromptInput(r: Reading): Promise<ReadingPromptInput> {
    const [user, astro] = await Promise.all([usersRepo.findUser(deps.db, r.user_id), natalSigns(deps.db, r.user_id)]);
    return promptInputOf(r, { firstName: user?.first_name || null, astro });
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
    const input = await fullPromptInput(claimed);
    let text: string;
    let error: string | null = null;
    try {
      text = await provider.complete(buildReadingMessages(input), {
        signal: f.abort.signal,
        onDelta: (t) => f.push(t),
        // Thirteen cards month by month need more room than the default.
        maxTokens: input.spreadType === 'year_forecast' ? (ai?.maxTokens ?? 2500) * 2 : undefined,
        allowLonger: input.spreadType === 'year_forecast',
      });
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
    f.settle({ ok: true, result: resultOf(row, provider.enabled) });
    return true;
  }

  /** Claims the reading, or waits for whoever holds it, until there is a result. */
  async function drive(f: Flight) {
    try {
      for (;;) {
        if (f.abort.signal.aborted) return f.settle({ ok: false, error: new ServiceError('conflict', 'Запрос отменён') });
        const leaseId = `${instance}:${++leaseSeq}`;
        const claimed = await aiRepo.claimReading(deps.db, f.readingId, leaseId, LEASE_MS);
        if (claimed) {
          const heartbeat = setInterval(() => void aiRepo.extendClaim(deps.db, claimed.id, leaseId, LEASE_MS).catch(() => {}), HEARTBEAT_MS);
          try {
            if (await runClaimed(f, claimed, leaseId)) return;
          } finally {
            clearInterval(heartbeat);
          }
        }
        // Another instance (or an earlier call of ours) holds it: wait for its stored result.
        f.markReady();
        const fresh = await readingsRepo.findReading(deps.db, f.readingId);
        if (!fresh) throw new ServiceError('not_found', 'Расклад не найден');
        if (fresh.status === 'done' || fresh.status === 'fallback') {
          // Written elsewhere: the listeners here get it as one piece, as for any finished reading.
          if (!f.text && fresh.interpretation) f.push(fresh.interpretation);
          return f.settle({ ok: true, result: resultOf(fresh, provider.enabled) });
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
    const day = userDay(user, deps.clock()).day;
    const usage = await usageRepo.findUsage(deps.db, user.id, day);
    const card = usage?.daily_card_id ? CARD_BY_ID.get(usage.daily_card_id) : undefined;
    if (!usage || !card) throw new ServiceError('conflict', 'Сначала вытяните карту дня', { redirect: '/daily-card' });
    return { day, card, orientation: usage.daily_card_orientation ?? 'upright' };
  }

  /**
   * Starts (or joins, or replays) the interpretation of the caller's reading. Throws 404/403/409 for a reading
   * that is not the caller's to interpret, and 429 when the caller's provider calls are over the rate limit.
   */
  async function open(userId: number, readingId: number, o: { turned?: number } = {}): Promise<InterpretationSession> {
    let r = await loadOwned(userId, readingId);
    // The first request that says how many cards were turned fixes it; only those are read and shown.
    if (r.status === 'dealt' && r.turned_count === null && o.turned !== undefined) {
      const turned = Math.max(1, Math.min(o.turned, r.cards.length));
      r = (await readingsRepo.setTurnedCount(deps.db, r.id, turned)) ?? (await loadOwned(userId, readingId));
    }
    if (r.status === 'done' || r.status === 'fallback') return finishedSession(resultOf(r, provider.enabled));
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

  /**
   * «Спросить ИИ ещё раз»: a reading that ended card-based goes back to the AI with the same cards, at no
   * cost (no spread is taken), as often as the provider is back; the per-user call limit still applies.
   */
  async function retry(userId: number, readingId: number): Promise<InterpretationSession> {
    const r = await loadOwned(userId, readingId);
    if (r.status === 'fallback') {
      if (!provider.enabled)
        throw new ServiceError('conflict', 'ИИ-толкователь сейчас не подключён, поэтому толкование составлено по классическим значениям карт.');
      const wait = await aiRepo.rateSlotWait(deps.db, userId, deps.clock(), rate.calls, rate.windowS);
      if (wait !== null) throw rateLimited(wait);
      await readingsRepo.reopenForAi(deps.db, r.id);
    }
    return open(userId, readingId);
  }

  return {
    open,
    retry,

    /**
     * POST /api/chat with server meaning: interprets the caller's reading given by id, or the
     * caller's reading whose question the client's messages carry. Never a free-form chat.
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
        throw new ServiceError('payment_required', 'Подробный разбор дня открывает микро-пакет (две дополнительные карты и личный совет), «Неделя безлимита» или подписка Basic либо VIP.', {
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
