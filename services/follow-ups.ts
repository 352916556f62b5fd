// «Уточнить»: follow-up questions on a finished reading. The server checks the allowance (VIP 3, week pass and
// basic 1, free none), deals one clarifying card that is not on the table, and answers with the AI, or with
// the card-based text when no AI text can be produced; such an answer may be asked of the AI again at no cost.
// Only an accepted follow-up takes an AI call, in the transaction that accepts it; the same question asked
// again (a double tap) is the same follow-up. The answer is written as an interpretation is (flight.ts): one
// flight per follow-up in this process, shared by every request for it, under a short claim kept alive by a
// heartbeat, so an answer cut off by a crash is written again within seconds of the next request for it.
// The parts it shares with the second opinions (the allowance, the accepting transaction, the AI-or-cards
// text, the told answer) are in reading-conversation.ts.
import crypto from 'node:crypto';
import * as repo from '../db/repositories/follow-ups';
import type { Reading, ReadingFollowUp } from '../db/schema';
import { CARD_BY_ID, CARD_IDS } from '../domain/tarot/deck';
import { deal, speaksOfReversals } from '../domain/tarot/deal';
import {
  buildFollowUpFallback,
  buildFollowUpMessages,
  FOLLOW_UP_QUESTION_MAX,
  FOLLOW_UP_QUESTION_MIN,
  type FollowUpInput,
} from '../domain/reading/follow-up';
import { readableReading } from './archive-rule';
import type { ServiceDeps } from './deps';
import { createCareService } from './crisis';
import { ServiceError } from './errors';
import { createFollowUpAi, type FollowUpAi } from './follow-up-ai';
import { Flight, HEARTBEAT_MS, LEASE_MS, sleep } from './interpretation/flight';
import * as turns from './reading-conversation';
import { cardView, type DealtCardView } from './readings';
import { entitlementOf, followUpAllowance } from '../domain/commerce/entitlement';
import { followUpsLockedText } from '../domain/commerce/claims';
import type { UserService } from './users';

/** Follow-up flights are never cancelled: the answer is stored even when every listener has gone. */
const NEVER = new AbortController().signal;

export interface FollowUpView {
  id: number;
  seq: number;
  question: string;
  card: DealtCardView;
  answer: string | null;
  status: ReadingFollowUp['status'];
  /** The answer is the card-based text. */
  fallback: boolean;
  /** Why the AI gave no text (an AI_ERRORS text); null otherwise. */
  error: string | null;
  /** The AI may be asked (again), at no cost: a card-based answer, or one not written yet (joined or resumed). */
  canRetry: boolean;
  createdAt: string;
}

type AnswerFlight = Flight<FollowUpView, turns.TurnEvent>;

/** So many per reading (VIP 3, week pass and basic 1); free users: locked, with the offer of a plan. */
export type FollowUpAllowance = turns.TurnAllowance;

export const FOLLOW_UP_LOCKED = followUpsLockedText();

export function createFollowUpService(deps: ServiceDeps, users: UserService, ai: FollowUpAi = createFollowUpAi(deps)) {
  const care = createCareService(deps);
  const pollMs = deps.ai?.pollIntervalMs ?? 250;
  const instance = crypto.randomUUID();
  const flights = new Map<number, AnswerFlight>();
  let leaseSeq = 0;
  const nextLease = () => `${instance}:fu${++leaseSeq}`;

  const view = (f: ReadingFollowUp): FollowUpView => ({
    id: f.id,
    seq: f.seq,
    question: f.question,
    card: cardView(f.card, 'Уточняющая карта'),
    answer: f.answer,
    status: f.status,
    fallback: f.status === 'fallback',
    error: f.ai_error,
    canRetry: f.status === 'dealt' || (ai.enabled && f.status === 'fallback'),
    createdAt: f.created_at.toISOString(),
  });

  async function allowanceFor(userId: number, used: number): Promise<FollowUpAllowance> {
    const user = await users.requireUser(userId);
    const e = entitlementOf(user, deps.clock(), deps.specialAccessUserIds);
    return turns.turnAllowance(followUpAllowance(e), used);
  }

  // The archive rule: 404 for anyone else's reading, 402 past the window.
  const owned = (userId: number, readingId: number): Promise<Reading> => readableReading(deps, userId, readingId);

  function checkFinished(r: Reading) {
    if (r.status === 'saved')
      throw new ServiceError('conflict', 'Этот расклад сохранён из приложения: уточнять можно расклады, которые сделал сервер');
    if (r.status === 'dealt') throw new ServiceError('conflict', 'Сначала дождитесь толкования расклада, потом его можно уточнить');
  }

  function promptInput(r: Reading, earlier: ReadingFollowUp[], f: ReadingFollowUp, reversals: boolean): FollowUpInput {
    return {
      reversals: speaksOfReversals(reversals, [...r.cards, ...earlier.map((e) => e.card), f.card]),
      spreadType: r.spread_type,
      question: r.question,
      cards: r.cards,
      interpretation: r.interpretation,
      earlier: earlier
        .filter((e) => e.seq < f.seq)
        .map((e) => ({ question: e.question, card: CARD_BY_ID.get(e.card.cardId)!, orientation: e.card.orientation })),
      followUp: f.question,
      card: CARD_BY_ID.get(f.card.cardId)!,
      orientation: f.card.orientation,
    };
  }

  /**
   * Writes the answer under this claim: the AI's (streamed into the flight), else the card-based text, stored
   * either way. Undefined when the claim was lost before storing (another instance took the follow-up over).
   */
  async function write(f: AnswerFlight, r: Reading, row: ReadingFollowUp, leaseId: string): Promise<ReadingFollowUp | undefined> {
    const heartbeat = setInterval(() => void repo.extendFollowUpClaim(deps.db, row.id, leaseId, LEASE_MS).catch(() => {}), HEARTBEAT_MS);
    try {
      const [earlier, user] = await Promise.all([repo.listFollowUps(deps.db, r.id), users.requireUser(r.user_id)]);
      const input = promptInput(r, earlier, row, user.reversals);
      return await turns.writeTurn(f, {
        aiEnabled: ai.enabled,
        ai: (onDelta) => ai(buildFollowUpMessages(input), onDelta),
        cards: () => buildFollowUpFallback(input),
        store: (answer, fromAi, error) =>
          repo.finishFollowUp(deps.db, row.id, leaseId, { answer, status: fromAi ? 'done' : 'fallback', error }),
      });
    } finally {
      clearInterval(heartbeat);
    }
  }

  /**
   * Writes the follow-up's answer once: under the claim given (an accepted follow-up), or by claiming it when
   * nobody holds a live claim (one left unanswered by a crash; with `again`, one with the card-based text,
   * which then takes a provider call slot), else by waiting for whoever holds it to store the answer.
   */
  async function drive(f: AnswerFlight, r: Reading, held: { row: ReadingFollowUp; leaseId: string } | null, again: boolean) {
    let claim = held;
    try {
      for (;;) {
        if (!claim) {
          const leaseId = nextLease();
          const row = await repo.claimFollowUp(deps.db, f.id, leaseId, LEASE_MS, again);
          if (row) claim = { row, leaseId };
        }
        if (claim) {
          const { row, leaseId } = claim;
          if (row.status === 'fallback') {
            try {
              await ai.takeSlot(row.user_id);
            } catch (err) {
              await repo.releaseFollowUpClaim(deps.db, row.id, leaseId);
              throw err;
            }
          }
          f.markReady();
          const stored = await write(f, r, row, leaseId);
          if (stored) return f.settle({ ok: true, result: view(stored) });
          claim = null;
        }
        // Another instance (or a process that died) holds it: wait for its answer, or for its claim to run out.
        f.markReady();
        const fresh = await repo.findFollowUp(deps.db, f.id);
        if (!fresh) throw new ServiceError('not_found', 'Уточнение не найдено');
        if (fresh.status === 'done' || (!again && fresh.status === 'fallback')) {
          if (!f.text && fresh.answer) f.push(fresh.answer);
          return f.settle({ ok: true, result: view(fresh) });
        }
        await sleep(pollMs, NEVER);
      }
    } catch (err) {
      f.settle({ ok: false, error: err });
    } finally {
      if (flights.get(f.id) === f) flights.delete(f.id);
    }
  }

  /** The flight writing (or waiting for) this follow-up's answer in this process, started when there is none. */
  async function flightFor(r: Reading, row: ReadingFollowUp, again: boolean): Promise<AnswerFlight> {
    let f = flights.get(row.id);
    if (!f) {
      f = new Flight(row.id);
      flights.set(row.id, f);
      void drive(f, r, null, again);
    }
    await f.ready;
    return f;
  }

  /** A follow-up whose answer is stored: told as one piece. */
  const finished = (row: ReadingFollowUp) => turns.toldAtOnce(row.answer, () => view(row));
  const joined =
    (f: AnswerFlight) =>
    (emit: turns.OnTurnEvent = () => {}) =>
      turns.joinTurn(f, emit);

  return {
    async list(userId: number, readingId: number): Promise<{ followUps: FollowUpView[]; allowance: FollowUpAllowance }> {
      await owned(userId, readingId);
      const items = await repo.listFollowUps(deps.db, readingId);
      return { followUps: items.map(view), allowance: await allowanceFor(userId, items.length) };
    },

    /**
     * Checks and counts the follow-up, takes its AI call slot and deals its card, all in one transaction
     * (errors are thrown before anything is streamed); the answer is written from then on, and `answer`
     * tells it. The same question again on this reading (a double tap) is that follow-up (`repeated`):
     * nothing more is taken.
     */
    async ask(userId: number, readingId: number, rawQuestion: unknown) {
      const question = typeof rawQuestion === 'string' ? rawQuestion.replace(/\s+/g, ' ').trim() : '';
      if (question.length < FOLLOW_UP_QUESTION_MIN)
        throw new ServiceError('bad_input', `question: вопрос должен содержать хотя бы ${FOLLOW_UP_QUESTION_MIN} символа`);
      if (question.length > FOLLOW_UP_QUESTION_MAX)
        throw new ServiceError('bad_input', `question: не больше ${FOLLOW_UP_QUESTION_MAX} символов`);
      // A crisis gets help lines: no card, no allowance, no AI.
      await care.refuse([question]);
      const reading = await owned(userId, readingId);
      checkFinished(reading);
      const [pre, { reversals }] = await Promise.all([allowanceFor(userId, 0), users.requireUser(userId)]);
      if (pre.locked) throw new ServiceError('payment_required', FOLLOW_UP_LOCKED, { requiredPlan: 'basic', redirect: '/subscription' });
      const leaseId = nextLease();
      const { row, repeated, allowance } = await turns.acceptTurn(deps.db, {
        // The reading's row is the lock: its follow-ups are counted and dealt one at a time.
        open: async (trx) => {
          const r = await repo.lockReading(trx, readingId);
          if (!r) throw new ServiceError('not_found', 'Расклад не найден');
          return { r, existing: await repo.listFollowUps(trx, readingId) };
        },
        same: async (_trx, { existing }) => existing.find((e) => e.question.toLowerCase() === question.toLowerCase()),
        used: ({ existing }) => existing.length,
        limit: pre.limit,
        spent: `Уточнения к этому раскладу закончились (${pre.limit} из ${pre.limit}). Сделайте новый расклад, чтобы задать новый вопрос.`,
        takeSlot: (trx) => ai.takeSlot(userId, trx),
        insert: (trx, { r, existing }) => {
          const onTable = [...r.cards.map((c) => c.cardId), ...existing.map((e) => e.card.cardId)];
          const [card] = deal(CARD_IDS, 1, deps.randomInt, { reversals, exclude: onTable });
          const seq = existing.length + 1;
          return repo.insertFollowUp(trx, { readingId, userId, seq, question, card: { ...card, position: 0 }, leaseId, leaseMs: LEASE_MS });
        },
      });
      let answer: (emit?: turns.OnTurnEvent) => Promise<FollowUpView>;
      if (!repeated) {
        const f: AnswerFlight = new Flight(row.id);
        flights.set(row.id, f);
        void drive(f, reading, { row, leaseId }, false);
        answer = joined(f);
      } else if (row.status === 'dealt') answer = joined(await flightFor(reading, row, false));
      else answer = finished(row);
      return { followUp: view(row), allowance, repeated, answer };
    },

    /**
     * Asks the AI again for a card-based answer, or writes one never finished (joining the flight writing it,
     * or waiting for a dead process's claim to run out): no allowance is taken, and a provider call slot only
     * for a new AI attempt. Checks come first (thrown); `answer` then tells the text. An AI answer already
     * stored is returned as it is.
     */
    async retry(userId: number, readingId: number, followUpId: number) {
      const reading = await owned(userId, readingId);
      const row = await repo.findFollowUp(deps.db, followUpId);
      if (!row || row.reading_id !== readingId) throw new ServiceError('not_found', 'Уточнение не найдено');
      if (row.status === 'done') return { answer: finished(row) };
      if (!ai.enabled && row.status === 'fallback')
        throw new ServiceError('conflict', 'Толкования ИИ сейчас недоступны: показан ответ по значениям карт');
      return { answer: joined(await flightFor(reading, row, row.status === 'fallback')) };
    },
  };
}
