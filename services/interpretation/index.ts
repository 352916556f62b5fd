// AI interpretations of readings: streamed from an OpenAI-compatible provider, stored on the reading when
// complete, and replaced by the card-based interpretation when no AI text can be produced. The spread stays
// used either way; a reading that fell back keeps «ask the AI again» (retry), which sends the same cards at no
// cost whenever the provider is back. One provider call per reading, even across instances: the reading is
// claimed in the database; other requests in this process share the in-flight stream (flight.ts), requests
// elsewhere poll for the stored result. The daily card's texts are in daily.ts, the result's shape in result.ts.
import crypto from 'node:crypto';
import * as aiRepo from '../../db/repositories/interpretations';
import * as readingsRepo from '../../db/repositories/readings';
import * as usersRepo from '../../db/repositories/users';
import type { Reading } from '../../db/schema';
import { CONCERN_OPENING } from '../../domain/reading/care';
import { cardEnding } from '../../domain/reading/cut-off';
import { speaksOfReversals } from '../../domain/tarot/deal';
import { buildFallbackInterpretation } from '../../domain/reading/fallback';
import { buildReadingMessages, oneLine, type ReadingPromptInput } from '../../domain/reading/prompts';
import { conclusionHeading, guardVerdict, hasVerdictToKeep } from '../../domain/reading/verdict-guard';
import { AI_VERDICT_REPLACED } from '../../domain/app/analytics';
import * as analyticsRepo from '../../db/repositories/analytics';
import { holdConclusion } from './hold-conclusion';
import { type AiUsage, type ProviderFailure, createAiProvider, rateLimited } from '../ai-provider';
import { readableReading } from '../archive-rule';
import type { ServiceDeps } from '../deps';
import { createCareService } from '../crisis';
import { ServiceError } from '../errors';
import { createMemoryService } from '../memory';
import { createTransitService } from '../transits';
import { natalSigns } from '../natal';
import type { UserService } from '../users';
import { createDailyInterpretations } from './daily';
import { Flight, finishedSession, HEARTBEAT_MS, LEASE_MS, sleep, subscribe, type InterpretationSession } from './flight';
import { promptInputOf, resultOf } from './result';

export { AI_ERRORS } from '../ai-provider';
export type { InterpretationSession } from './flight';
export { FALLBACK_NOTICES, type InterpretationResult } from './result';

/*
 * A claim is short (LEASE_MS) and renewed by a heartbeat (HEARTBEAT_MS) while its instance writes: a process
 * that died mid-stream leaves a claim that runs out within seconds, so the reading is servable again soon
 * after a restart.
 */
export function createInterpretationService(deps: ServiceDeps, users: UserService) {
  const ai = deps.ai;
  const provider = createAiProvider(deps);
  const care = createCareService(deps);
  const pollMs = ai?.pollIntervalMs ?? 250;
  const instance = crypto.randomUUID();
  const flights = new Map<number, Flight>();
  let leaseSeq = 0;

  const daily = createDailyInterpretations(deps, users, provider);
  const memory = createMemoryService(deps);
  const transits = createTransitService(deps, users);

  async function loadOwned(userId: number, id: number): Promise<Reading> {
    // The archive rule: 404 for anyone else's reading, 402 past the window.
    const r = await readableReading(deps, userId, id);
    // Only readings the server dealt (and charged) are interpreted; a client-saved history entry never is.
    if (r.status === 'saved') throw new ServiceError('conflict', 'Этот расклад сохранён из приложения и не толкуется');
    return r;
  }

  /** Stores the final text once. The spread stays used even for a fallback: failures cannot be farmed. */
  async function store(
    id: number,
    leaseId: string,
    text: string,
    status: 'done' | 'fallback',
    error: string | null,
    timing?: aiRepo.AiTiming,
  ): Promise<Reading | undefined> {
    return aiRepo.finishReading(deps.db, id, leaseId, { interpretation: text, status, error, timing });
  }

  /** The reading's prompt with the user's first name, natal signs (both optional colour) and memory lines. */
  async function fullPromptInput(r: Reading): Promise<ReadingPromptInput> {
    const [user, astro] = await Promise.all([usersRepo.findUser(deps.db, r.user_id), natalSigns(deps.db, r.user_id)]);
    return promptInputOf(r, {
      firstName: user?.first_name || null,
      astro,
      reversals: speaksOfReversals(user?.reversals ?? true, r.cards),
      memory: await memory.linesFor(r, user),
      transitLine: await transits.timingLine(r.user_id, r.question, r.spread_type),
    });
  }

  /** Runs the call this instance claimed. Returns false when the claim was lost before storing. */
  async function runClaimed(f: Flight, claimed: Reading, leaseId: string): Promise<boolean> {
    try {
      if (f.abort.signal.aborted) throw new ServiceError('conflict', 'Запрос отменён');
      await provider.takeSlot(claimed.user_id, 'reading');
    } catch (err) {
      await aiRepo.releaseClaim(deps.db, claimed.id, leaseId);
      throw err;
    }
    f.markReady();
    const input = await fullPromptInput(claimed);
    let text: string;
    let status: 'done' | 'fallback' = 'done';
    let error: string | null = null;
    // The call's measurements for the owner's dashboard (time to the first text and to the end).
    // Without a provider the call fails at once: its prompt (the question model's rules) would be built for nothing.
    const messages = provider.enabled ? buildReadingMessages(input) : [];
    // The concern tier: the caring line and the help line open the text before the model's first word (the
    // card-based text opens with them too), so they never depend on the model remembering them.
    const concern = provider.enabled && (await care.assess(input.question, { layers: 'local' })).tier === 'concern';
    const opening = concern ? `${CONCERN_OPENING}\n\n` : '';
    if (opening) f.push(opening);
    const started = performance.now();
    let firstMs: number | null = null;
    let usage: AiUsage | null = null;
    // The cards decide the verdict: the model's conclusion is held until its text is known (verdict-guard.ts).
    const hold = provider.enabled && hasVerdictToKeep(input) ? holdConclusion(conclusionHeading(input), (t) => f.push(t)) : null;
    let replaced = false;
    try {
      text = await provider.complete(messages, {
        signal: f.abort.signal,
        onDelta: (t) => {
          firstMs ??= Math.round(performance.now() - started);
          if (hold) hold.push(t);
          else f.push(t);
        },
        onUsage: (u) => (usage = u),
        // Thirteen cards month by month need more room than the default.
        maxTokens: input.spreadType === 'year_forecast' ? (ai?.maxTokens ?? 2500) * 2 : undefined,
        allowLonger: input.spreadType === 'year_forecast',
        // The call's time budget grows with the cards read.
        cards: input.cards.length,
      });
      if (hold) {
        const guarded = guardVerdict(text, input);
        replaced = guarded.replaced;
        hold.finish(guarded.text);
        text = guarded.text;
      }
      text = opening + text;
    } catch (err) {
      const failure = err as ProviderFailure;
      if (failure.cancelled) {
        await aiRepo.releaseClaim(deps.db, claimed.id, leaseId);
        f.settle({ ok: false, error: new ServiceError('conflict', 'Запрос отменён') });
        return true;
      }
      error = failure.message;
      if (failure.partial) {
        // Cut at its length limit: what was held goes out, and the cards finish it after a visible line.
        hold?.finish(failure.partial);
        const ending = cardEnding(failure.partial, buildFallbackInterpretation(input));
        f.push(ending);
        text = opening + failure.partial + ending;
      } else {
        status = 'fallback';
        text = buildFallbackInterpretation(input);
        // Nothing (or only the opening, which the card-based text starts with too) was streamed yet: the
        // fallback goes out as the text; otherwise `done` carries it.
        if (f.text === opening) f.push(text.slice(opening.length));
      }
    }
    const timing = provider.enabled
      ? {
          firstMs,
          totalMs: Math.round(performance.now() - started),
          promptChars: messages.reduce((a, m) => a + m.content.length, 0),
          outputChars: status === 'done' ? text.length : 0,
          usage,
        }
      : undefined;
    const row = await store(claimed.id, leaseId, text, status, error, timing);
    if (!row) return false;
    // Counted for the owner's dashboard («ИИ»): the model's verdict went against the cards'.
    if (replaced) await analyticsRepo.insertServerEvent(deps.db, claimed.user_id, AI_VERDICT_REPLACED, { readingId: claimed.id });
    f.settle({ ok: true, result: resultOf(row, provider.enabled) });
    return true;
  }

  /** Claims the reading, or waits for whoever holds it, until there is a result. */
  async function drive(f: Flight) {
    try {
      for (;;) {
        if (f.abort.signal.aborted) return f.settle({ ok: false, error: new ServiceError('conflict', 'Запрос отменён') });
        const leaseId = `${instance}:${++leaseSeq}`;
        const claimed = await aiRepo.claimReading(deps.db, f.id, leaseId, LEASE_MS);
        if (claimed) {
          const heartbeat = setInterval(
            () => void aiRepo.extendClaim(deps.db, claimed.id, leaseId, LEASE_MS).catch(() => {}),
            HEARTBEAT_MS,
          );
          try {
            if (await runClaimed(f, claimed, leaseId)) return;
          } finally {
            clearInterval(heartbeat);
          }
        }
        // Another instance (or an earlier call of ours) holds it: wait for its stored result.
        f.markReady();
        const fresh = await readingsRepo.findReading(deps.db, f.id);
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
      if (flights.get(f.id) === f) flights.delete(f.id);
    }
  }

  function cancel(f: Flight) {
    if (f.outcome) return;
    if (flights.get(f.id) === f) flights.delete(f.id);
    f.abort.abort();
  }

  /**
   * Starts (or joins, or replays) the interpretation of the caller's reading. Throws 404/403/409 for a reading
   * that is not the caller's to interpret, and 429 when the caller's provider calls are over the rate limit.
   */
  async function open(userId: number, readingId: number): Promise<InterpretationSession> {
    const r = await loadOwned(userId, readingId);
    // A crisis question never reaches the AI (one stored before the rule existed is answered with help lines).
    // Every layer screened the question when the reading was made: the local model checks it again here,
    // so the first words of the stream wait for no screening call.
    if (r.status === 'dealt') await care.refuse([r.question], { layers: 'local' });
    // The whole spread is read: the client turns every card before it asks, and a table reading counts them
    // all as turned from here (a lost last turn call must not cut the spread short). Readings made before that
    // rule keep the cards they were read with, `turned_count`.
    if (r.status === 'dealt' && r.interpretation === null && r.turned_count !== null && r.turned_count < r.cards.length)
      await readingsRepo.turnAll(deps.db, r.id, r.cards.length);
    if (r.status === 'done' || r.status === 'fallback') return finishedSession(resultOf(r, provider.enabled));
    let f = flights.get(readingId);
    if (!f) {
      f = new Flight(readingId);
      flights.set(readingId, f);
      void drive(f);
    }
    const session = subscribe(f, cancel);
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
        throw new ServiceError(
          'conflict',
          'ИИ-толкователь сейчас не подключён, поэтому толкование составлено по классическим значениям карт.',
        );
      const wait = await provider.slotWait(userId, 'reading');
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
      // A chat message that speaks of a crisis gets help lines, not a reading.
      await care.refuse((input.messages ?? []).filter((m) => m.role === 'user').map((m) => m.content));
      if (readingId === undefined) {
        const text = oneLine(
          (input.messages ?? [])
            .filter((m) => m.role === 'user')
            .map((m) => m.content)
            .join(' '),
        ).toLowerCase();
        const recent = await readingsRepo.listReadings(deps.db, userId, 20, 0);
        const match = recent.find((r) => r.status !== 'saved' && text.includes(oneLine(r.question).toLowerCase()));
        if (!match)
          throw new ServiceError(
            'forbidden',
            'messages: свободный чат не поддерживается — толкуются только ваши расклады (укажите readingId)',
          );
        readingId = match.id;
      }
      const session = await open(userId, readingId);
      signal?.addEventListener('abort', () => session.close(), { once: true });
      return session.result();
    },

    ...daily,
  };
}
