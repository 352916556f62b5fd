// «Второе мнение»: a finished reading's same cards read again in another reader's voice (domain/tarot/voices.ts).
// The server decides the allowance (the catalogue's secondOpinionsPerDay: VIP and special access 3 a day,
// Basic, the trial and the week pass 1, free and micro-pack buyers none), counted per the user's counting day
// in one transaction that locks the user's row, so racing requests on any instance are counted once. It
// never spends a spread. A crisis question's reading has none (422 with the help lines); a sensitive question
// keeps its rules (the question model goes into the prompt and the card-based answer). The text is written
// as an interpretation is: streamed from the AI (the `extra` budget), or the card-based text in the voice,
// then stored; the same voice asked again on the same reading is that opinion, at no cost. The parts it
// shares with the follow-ups are in reading-conversation.ts.
import * as repo from '../db/repositories/second-opinions';
import type { Reading, SecondOpinion } from '../db/schema';
import { userDay } from '../domain/text/day';
import { speaksOfReversals } from '../domain/tarot/deal';
import { entitlementOf, secondOpinionAllowance } from '../domain/commerce/entitlement';
import { buildSecondOpinionFallback } from '../domain/reading/fallback';
import { buildSecondOpinionMessages } from '../domain/reading/prompts';
import { secondOpinionsLockedText } from '../domain/commerce/claims';
import { isVoice, VOICE_INFO, VOICES, type Voice } from '../domain/tarot/voices';
import { createAiProvider } from './ai-provider';
import { readableReading } from './archive-rule';
import { createCareService } from './crisis';
import type { ServiceDeps } from './deps';
import { ServiceError } from './errors';
import { Flight } from './interpretation/flight';
import { promptInputOf } from './interpretation/result';
import * as turns from './reading-conversation';
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

/** `limit`: a day (0: locked). */
export interface SecondOpinionAllowance extends turns.TurnAllowance {
  /** When today's count restarts (the user's next local midnight). */
  resetsAt: string;
  /** The refusal of a locked plan: who opens it and how often. */
  lockedText: string | null;
}

type TextFlight = Flight<SecondOpinionView, turns.TurnEvent>;

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
      ...turns.turnAllowance(limit, used),
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
      const stored = await turns.writeTurn(f, {
        aiEnabled: provider.enabled,
        ai: (onDelta) =>
          provider.complete(buildSecondOpinionMessages(input, row.voice), {
            signal: new AbortController().signal,
            maxTokens: MAX_TOKENS,
            cards: input.cards.length,
            onDelta,
          }),
        cards: () => buildSecondOpinionFallback(input, row.voice),
        store: (text, fromAi, error) => repo.finishSecondOpinion(deps.db, row.id, { text, source: fromAi ? 'ai' : 'cards', error }),
      });
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
      f = new Flight<SecondOpinionView, turns.TurnEvent>(row.id);
      f.markReady();
      flights.set(row.id, f);
      void write(f, r, row);
    }
    return f;
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
      const { row, repeated, allowance } = await turns.acceptTurn(deps.db, {
        // The user's row is the lock: the day's opinions on all their readings are counted one at a time.
        open: async (trx) => {
          await repo.lockUser(trx, userId);
          return repo.countOnDay(trx, userId, day);
        },
        same: (trx) => repo.findSecondOpinion(trx, readingId, voice),
        used: (usedBefore) => usedBefore,
        limit,
        spent: `Вторые мнения на сегодня закончились (${limit} из ${limit}). Завтра можно спросить снова.`,
        takeSlot: (trx) => provider.takeSlot(userId, 'extra', trx),
        insert: (trx) => repo.insertSecondOpinion(trx, { readingId, voice, day }),
      });
      if (row.text !== null) return { opinion: view(row), allowance, repeated, answer: turns.toldAtOnce(row.text, () => view(row)) };
      const f = flightFor(reading, row);
      return { opinion: view(row), allowance, repeated, answer: (emit: turns.OnTurnEvent = () => {}) => turns.joinTurn(f, emit) };
    },
  };
}
