// «Уточнить»: follow-up questions on a finished reading. The server checks the allowance (VIP 3, week pass and
// basic 1, free none), deals one clarifying card that is not on the table, and answers with the AI, or with
// the card-based text when no AI text can be produced; such an answer may be asked of the AI again at no cost.
import * as repo from '../db/repositories/follow-ups';
import * as readingsRepo from '../db/repositories/readings';
import type { Reading, ReadingFollowUp } from '../db/schema';
import { CARD_BY_ID, DECK } from '../domain/deck';
import { deal } from '../domain/deal';
import {
  buildFollowUpFallback,
  buildFollowUpMessages,
  followUpAllowance,
  FOLLOW_UP_QUESTION_MAX,
  FOLLOW_UP_QUESTION_MIN,
  type FollowUpInput,
} from '../domain/follow-up';
import type { ServiceDeps } from './deps';
import { refuseCrisis } from './crisis';
import { ServiceError } from './errors';
import { createFollowUpAi, FollowUpAiFailure, type FollowUpAi } from './follow-up-ai';
import { cardView, type DealtCardView } from './readings';
import { entitlementOf, type UserService } from './users';

const DECK_IDS = DECK.map((c) => c.id);
const LEASE_MARGIN_MS = 30_000;

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
  /** The AI may be asked again, at no cost. */
  canRetry: boolean;
  createdAt: string;
}

/** What the answer's writer reports as it goes: text, or «start over» (the AI failed mid-way). */
export type FollowUpStreamEvent = { type: 'delta'; text: string } | { type: 'reset' };
type OnEvent = (e: FollowUpStreamEvent) => void;

export interface FollowUpAllowance {
  limit: number;
  used: number;
  remaining: number;
  /** Free users: locked, with the offer of a plan. */
  locked: boolean;
}

export const FOLLOW_UP_LOCKED =
  'Уточняющие вопросы доступны с подпиской: VIP — три уточнения к каждому раскладу, базовая подписка и «Неделя безлимита» — одно.';

export function createFollowUpService(deps: ServiceDeps, users: UserService, ai: FollowUpAi = createFollowUpAi(deps)) {
  const leaseMs = (deps.ai?.timeoutMs ?? 60_000) + LEASE_MARGIN_MS;

  const view = (f: ReadingFollowUp): FollowUpView => ({
    id: f.id,
    seq: f.seq,
    question: f.question,
    card: cardView(f.card, 'Уточняющая карта'),
    answer: f.answer,
    status: f.status,
    fallback: f.status === 'fallback',
    error: f.ai_error,
    canRetry: ai.enabled && (f.status === 'fallback' || (f.status === 'dealt' && !!f.ai_lease_until && f.ai_lease_until < deps.clock())),
    createdAt: f.created_at.toISOString(),
  });

  async function allowanceFor(userId: number, used: number): Promise<FollowUpAllowance> {
    const user = await users.requireUser(userId);
    const e = entitlementOf(user, deps.clock(), deps.specialAccessUserIds);
    const limit = followUpAllowance(e.tier, e.special);
    return { limit, used, remaining: Math.max(0, limit - used), locked: limit === 0 };
  }

  async function owned(userId: number, readingId: number): Promise<Reading> {
    const r = await readingsRepo.findReading(deps.db, readingId);
    if (!r) throw new ServiceError('not_found', 'Расклад не найден');
    if (r.user_id !== userId) throw new ServiceError('not_found', 'Расклад не найден');
    return r;
  }

  function checkFinished(r: Reading) {
    if (r.status === 'saved') throw new ServiceError('conflict', 'Этот расклад сохранён из приложения: уточнять можно расклады, которые сделал сервер');
    if (r.status === 'dealt') throw new ServiceError('conflict', 'Сначала дождитесь толкования расклада, потом его можно уточнить');
  }

  const takeSlot = (userId: number) => ai.takeSlot(userId);

  function promptInput(r: Reading, earlier: ReadingFollowUp[], f: ReadingFollowUp): FollowUpInput {
    return {
      spreadType: r.spread_type,
      question: r.question,
      cards: r.cards,
      interpretation: r.interpretation,
      earlier: earlier.filter((e) => e.seq < f.seq).map((e) => ({ question: e.question, card: CARD_BY_ID.get(e.card.cardId)!, orientation: e.card.orientation })),
      followUp: f.question,
      card: CARD_BY_ID.get(f.card.cardId)!,
      orientation: f.card.orientation,
    };
  }

  /** Writes the answer: the AI's (streamed through onDelta), else the card-based text, stored either way. */
  async function answer(r: Reading, f: ReadingFollowUp, emit: OnEvent): Promise<FollowUpView> {
    const onDelta = (text: string) => emit({ type: 'delta', text });
    const earlier = await repo.listFollowUps(deps.db, r.id);
    const input = promptInput(r, earlier, f);
    if (ai.enabled) {
      let streamed = '';
      try {
        const text = await ai(buildFollowUpMessages(input), (piece) => {
          streamed += piece;
          onDelta(piece);
        });
        return view(await repo.finishFollowUp(deps.db, f.id, { answer: text, status: 'done', error: null }));
      } catch (err) {
        const error = err instanceof FollowUpAiFailure ? err.message : 'Unknown error occurred';
        const fallback = buildFollowUpFallback(input);
        // What the screen showed so far is replaced by the card-based text.
        if (streamed) emit({ type: 'reset' });
        onDelta(fallback);
        return view(await repo.finishFollowUp(deps.db, f.id, { answer: fallback, status: 'fallback', error }));
      }
    }
    const text = buildFollowUpFallback(input);
    onDelta(text);
    return view(await repo.finishFollowUp(deps.db, f.id, { answer: text, status: 'fallback', error: null }));
  }

  return {
    async list(userId: number, readingId: number): Promise<{ followUps: FollowUpView[]; allowance: FollowUpAllowance }> {
      await owned(userId, readingId);
      const items = await repo.listFollowUps(deps.db, readingId);
      return { followUps: items.map(view), allowance: await allowanceFor(userId, items.length) };
    },

    /**
     * Checks and counts the follow-up and deals its card (errors are thrown before anything is streamed);
     * `answer` then writes the text.
     */
    async ask(userId: number, readingId: number, rawQuestion: unknown) {
      const question = typeof rawQuestion === 'string' ? rawQuestion.replace(/\s+/g, ' ').trim() : '';
      if (question.length < FOLLOW_UP_QUESTION_MIN) throw new ServiceError('bad_input', `question: вопрос должен содержать хотя бы ${FOLLOW_UP_QUESTION_MIN} символа`);
      if (question.length > FOLLOW_UP_QUESTION_MAX) throw new ServiceError('bad_input', `question: не больше ${FOLLOW_UP_QUESTION_MAX} символов`);
      // A crisis gets help lines: no card, no allowance, no AI.
      refuseCrisis(question);
      const reading = await owned(userId, readingId);
      checkFinished(reading);
      const pre = await allowanceFor(userId, 0);
      if (pre.locked) throw new ServiceError('payment_required', FOLLOW_UP_LOCKED, { requiredPlan: 'basic_299', redirect: '/subscription' });
      await takeSlot(userId);
      const created = await deps.db.transaction().execute(async (trx) => {
        const r = await repo.lockReading(trx, readingId);
        if (!r) throw new ServiceError('not_found', 'Расклад не найден');
        const existing = await repo.listFollowUps(trx, readingId);
        if (existing.length >= pre.limit)
          throw new ServiceError('limit_reached', `Уточнения к этому раскладу закончились (${pre.limit} из ${pre.limit}). Сделайте новый расклад, чтобы задать новый вопрос.`, {
            allowance: { limit: pre.limit, used: existing.length, remaining: 0, locked: false },
          });
        const onTable = [...r.cards.map((c) => c.cardId), ...existing.map((e) => e.card.cardId)];
        const [card] = deal(DECK_IDS, 1, deps.randomInt, onTable);
        return repo.insertFollowUp(trx, { readingId, userId, seq: existing.length + 1, question, card: { ...card, position: 0 }, leaseMs });
      });
      return {
        followUp: view(created),
        allowance: { limit: pre.limit, used: created.seq, remaining: Math.max(0, pre.limit - created.seq), locked: false },
        answer: (emit: OnEvent = () => {}) => answer(reading, created, emit),
      };
    },

    /**
     * Asks the AI again for a card-based (or never finished) answer: no allowance is taken. Checks come first
     * (thrown); `answer` then writes the text. An AI answer already stored is returned as it is.
     */
    async retry(userId: number, readingId: number, followUpId: number) {
      const reading = await owned(userId, readingId);
      const f = await repo.findFollowUp(deps.db, followUpId);
      if (!f || f.reading_id !== readingId) throw new ServiceError('not_found', 'Уточнение не найдено');
      if (f.status === 'done') return { answer: async (_emit: OnEvent = () => {}) => view(f) };
      if (!ai.enabled && f.status === 'fallback') throw new ServiceError('conflict', 'Толкования ИИ сейчас недоступны: показан ответ по значениям карт');
      await takeSlot(userId);
      const claimed = await repo.claimForRetry(deps.db, f.id, leaseMs);
      if (!claimed) throw new ServiceError('conflict', 'Ответ на это уточнение уже пишется');
      return { answer: (emit: OnEvent = () => {}) => answer(reading, claimed, emit) };
    },
  };
}
