// «Второе мнение»: a finished reading's same cards read again in another reader's voice (domain/tarot/voices.ts).
// The server decides the allowance (the catalogue's secondOpinionsPerDay: VIP and special access 3 a day,
// Basic, the trial and the week pass 1, free and micro-pack buyers none), counted per the user's counting day
// in one transaction that locks the user's row, so racing requests on any instance are counted once. It
// never spends a spread. A crisis question's reading has none (422 with the help lines); a sensitive question
// keeps its rules (the question model goes into the prompt and the card-based answer). The text is written
// as an interpretation is: streamed from the AI (the `extra` budget), or the card-based text in the voice,
// then stored; the same voice asked again on the same reading is that opinion, at no cost.
import * as repo from '../db/repositories/second-opinions';
import type { Reading, SecondOpinion } from '../db/schema';
import { userDay } from '../domain/text/day';
import { speaksOfReversals } from '../domain/tarot/deal';
import { entitlementOf, secondOpinionAllowance } from '../domain/commerce/entitlement';
import { buildSecondOpinionFallback } from '../domain/reading/fallback';
import { buildSecondOpinionMessages } from '../domain/reading/prompts';
import { secondOpinionsLockedText } from '../domain/commerce/claims';
import { isVoice, VOICE_INFO, VOICES, type Voice } from '../domain/tarot/voices';
import { ProviderFailure, createAiProvider } from './ai-provider';
import { readableReading } from './archive-rule';
import { createCareService } from './crisis';
import type { ServiceDeps } from './deps';
import { ServiceError } from './errors';
import { Flight, subscribe } from './interpretation/flight';
import { promptInputOf } from './interpretation/result';
import type { UserService } from './users';

const MAX_TOKENS = 700;

export interface SecondOpinionView {
  id: number;
  voice: Voice;
  /** The reader's name and manner, as the app and the bot show them. */
  name: string;
  manner: string;
  text: string | null;
  source: 'ai' | 'cards' | null;
  createdAt: string;
}

export interface SecondOpinionAllowance {
  /** A day (0: locked). */
  limit: number;
  used: number;
  remaining: number;
  locked: boolean;
  /** When today's count restarts (the user's next local midnight). */
  resetsAt: string;
  /** The refusal of a locked plan: who opens it and how often. */
  lockedText: string | null;
}

export type SecondOpinionEvent = { type: 'delta'; text: string } | { type: 'reset' };
type OnEvent = (e: SecondOpinionEvent) => void;
type TextFlight = Flight<SecondOpinionView, SecondOpinionEvent>;

export const SECOND_OPINION_LOCKED = secondOpinionsLockedText();

export function createSecondOpinionService(deps: ServiceDeps, users: UserService) {
  const provider = createAiProvider(deps);
  const care = createCareService(deps);
  /** The opinions being written in this process, by id (a second request for one joins it). */
  const flights = new Map<number, TextFlight>();

  const view = (o: SecondOpinion): SecondOpinionView => ({
    id: o.id,
    voice: o.voice,
    name: VOICE_INFO[o.voice].name,
    manner: VOICE_INFO[o.voice].manner,
    text: o.text,
    source: o.source,
    createdAt: o.created_at.toISOString(),
  });

  async function limitOf(userId: number): Promise<{ limit: number; day: string; endsAt: Date }> {
    const user = await users.requireUser(userId);
    const now = deps.clock();
    const e = entitlementOf(user, now, deps.specialAccessUserIds);
    // The trial sets VIP: its second opinions are the trial's own number (the catalogue's).
    const onTrial = e.tier === 'vip' && !e.special && (await repo.latestPlanProduct(deps.db, userId)) === 'trial';
    const { day, endsAt } = userDay(user, now);
    return { limit: secondOpinionAllowance(e, onTrial), day, endsAt };
  }

  async function allowanceOf(userId: number): Promise<SecondOpinionAllowance> {
    const { limit, day, endsAt } = await limitOf(userId);
    const used = limit > 0 ? await repo.countOnDay(deps.db, userId, day) : 0;
    return {
      limit,
      used,
      remaining: Math.max(0, limit - used),
      locked: limit === 0,
      resetsAt: endsAt.toISOString(),
      lockedText: limit === 0 ? SECOND_OPINION_LOCKED : null,
    };
  }

  async function checkReadable(r: Reading) {
    if (r.status === 'saved')
      throw new ServiceError('conflict', 'Этот расклад сохранён из приложения: второе мнение дают к раскладам, которые сделал сервер');
    if (r.status === 'dealt')
      throw new ServiceError('conflict', 'Сначала дождитесь толкования расклада, потом можно спросить другого таролога');
    // A crisis question's reading gets the help lines, never another reading.
    await care.refuse([r.question]);
  }

  /** Writes the text: the AI's in the voice (streamed), else the cards' in the voice; stored either way. */
  async function write(f: TextFlight, r: Reading, row: SecondOpinion) {
    try {
      const user = await users.requireUser(r.user_id);
      const input = promptInputOf(r, { reversals: speaksOfReversals(user.reversals, r.cards) });
      let stored: SecondOpinion;
      if (provider.enabled) {
        try {
          const text = await provider.complete(buildSecondOpinionMessages(input, row.voice), {
            signal: new AbortController().signal,
            maxTokens: MAX_TOKENS,
            cards: input.cards.length,
            onDelta: (t) => f.push(t),
          });
          stored = await repo.finishSecondOpinion(deps.db, row.id, { text, source: 'ai', error: null });
        } catch (err) {
          if (f.text) f.reset();
          const text = buildSecondOpinionFallback(input, row.voice);
          f.push(text);
          const error = err instanceof ProviderFailure ? err.message : 'Unknown error occurred';
          stored = await repo.finishSecondOpinion(deps.db, row.id, { text, source: 'cards', error });
        }
      } else {
        const text = buildSecondOpinionFallback(input, row.voice);
        f.push(text);
        stored = await repo.finishSecondOpinion(deps.db, row.id, { text, source: 'cards', error: null });
      }
      f.settle({ ok: true, result: view(stored) });
    } catch (err) {
      f.settle({ ok: false, error: err });
    } finally {
      flights.delete(row.id);
    }
  }

  function flightFor(r: Reading, row: SecondOpinion): TextFlight {
    let f = flights.get(row.id);
    if (!f) {
      f = new Flight<SecondOpinionView, SecondOpinionEvent>(row.id);
      f.markReady();
      flights.set(row.id, f);
      void write(f, r, row);
    }
    return f;
  }

  async function join(f: TextFlight, emit: OnEvent): Promise<SecondOpinionView> {
    for await (const e of subscribe(f, () => {}).events()) {
      if (e.type === 'done') return e.result;
      if (e.type === 'error') throw e.error;
      emit(e);
    }
    throw new ServiceError('conflict', 'Запрос отменён');
  }

  return {
    /** The reading's second opinions and today's allowance (the reading's GET carries both). */
    async list(userId: number, readingId: number): Promise<{ secondOpinions: SecondOpinionView[]; allowance: SecondOpinionAllowance }> {
      await readableReading(deps, userId, readingId);
      const [rows, allowance] = await Promise.all([repo.listSecondOpinions(deps.db, readingId), allowanceOf(userId)]);
      return { secondOpinions: rows.map(view), allowance };
    },

    /** Today's allowance alone (the bot's chooser). */
    allowance: (userId: number) => allowanceOf(userId),

    /**
     * Checks and counts the second opinion in one transaction (errors are thrown before anything is
     * streamed); `answer` then tells the text. The same voice again on this reading is that opinion
     * (`repeated`): nothing is counted, and one cut off by a crash is written again.
     */
    async ask(userId: number, readingId: number, voice: unknown) {
      if (!isVoice(voice)) throw new ServiceError('bad_input', `voice: выберите таролога: ${VOICES.join(', ')}`);
      const reading = await readableReading(deps, userId, readingId);
      await checkReadable(reading);
      const { limit, day } = await limitOf(userId);
      if (limit === 0)
        throw new ServiceError('payment_required', SECOND_OPINION_LOCKED, { requiredPlan: 'basic', redirect: '/subscription' });
      const { row, repeated, used } = await deps.db.transaction().execute(async (trx) => {
        await repo.lockUser(trx, userId);
        const same = await repo.findSecondOpinion(trx, readingId, voice);
        const usedBefore = await repo.countOnDay(trx, userId, day);
        if (same) return { row: same, repeated: true, used: usedBefore };
        if (usedBefore >= limit)
          throw new ServiceError(
            'limit_reached',
            `Вторые мнения на сегодня закончились (${limit} из ${limit}). Завтра можно спросить снова.`,
            {
              allowance: { limit, used: usedBefore, remaining: 0, locked: false },
            },
          );
        // The AI call is reserved here, so only an accepted opinion takes it (a refusal rolls it back).
        await provider.takeSlot(userId, 'extra', trx);
        const created = await repo.insertSecondOpinion(trx, { readingId, voice, day });
        return { row: created, repeated: false, used: usedBefore + 1 };
      });
      const allowance = { limit, used, remaining: Math.max(0, limit - used), locked: false };
      if (row.text !== null) {
        const done = view(row);
        return {
          opinion: done,
          allowance,
          repeated,
          answer: async (emit: OnEvent = () => {}) => {
            emit({ type: 'delta', text: row.text! });
            return done;
          },
        };
      }
      const f = flightFor(reading, row);
      return { opinion: view(row), allowance, repeated, answer: (emit: OnEvent = () => {}) => join(f, emit) };
    },
  };
}
