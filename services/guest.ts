// Guest mode («Карта для чата»): someone summons the bot in a chat it is not a member of. One answer per
// caller per chat a minute, decided in the database (instances share it); the second summons within the minute
// gets a short explanation once, further ones nothing, so a chat is never flooded. Nothing from the chat is
// kept: the caller's slot is keyed by a hash and deleted after its minute, and the owner sees counts per day.
import crypto from 'node:crypto';
import * as guestRepo from '../db/repositories/guest-answers';
import { chatCardAnswer, type ChatCardAnswer } from '../domain/reading/chat-card';
import { crisisAnswer } from '../domain/reading/crisis';
import { localDate } from '../domain/text/time';
import { createCareService } from './crisis';
import type { ServiceDeps } from './deps';

/** One answer per caller per chat in this many seconds. */
const GUEST_WINDOW_S = 60;

export interface GuestSummons {
  /** Telegram's guest_query_id: a redelivered summons that won its minute is answered again. */
  queryId: string;
  chatId: number;
  callerId: number;
  /** The question, the bot's mention taken out ('' for none). */
  question: string;
}

export type GuestDecision =
  | { kind: 'answer'; answer: ChatCardAnswer }
  /** The second summons within the minute: a short explanation. */
  | { kind: 'limited' }
  /** A third or later summons within the minute: no answer at all. */
  | { kind: 'silent' };

const slotKey = (callerId: number, chatId: number) => crypto.createHash('sha256').update(`${callerId}:${chatId}`).digest('hex');

export function createGuestService(deps: ServiceDeps) {
  const care = createCareService(deps);
  return {
    async summon(s: GuestSummons): Promise<GuestDecision> {
      const now = deps.clock();
      const day = localDate(now, deps.defaultTimeZone);
      const slot = await deps.db.transaction().execute(async (trx) => {
        await guestRepo.deleteEndedGuestSlots(trx, now, GUEST_WINDOW_S);
        return guestRepo.takeGuestSlot(trx, slotKey(s.callerId, s.chatId), s.queryId, now, GUEST_WINDOW_S);
      });
      if (slot.winner === s.queryId) {
        // Every layer of the care model first: a crisis gets help lines, never a card.
        const tier = s.question ? await care.assess(s.question) : null;
        const answer: ChatCardAnswer = tier?.crisis
          ? { kind: 'crisis', crisis: crisisAnswer(tier.crisis) }
          : chatCardAnswer(s.chatId, day, s.question);
        await guestRepo.countGuestAnswer(deps.db, day, answer.kind);
        return { kind: 'answer', answer };
      }
      await guestRepo.countGuestAnswer(deps.db, day, 'limited');
      return slot.count === 2 ? { kind: 'limited' } : { kind: 'silent' };
    },

    /** Today's guest answers by kind (the owner's /stats). */
    async today(): Promise<Record<string, number>> {
      return guestRepo.guestAnswersOn(deps.db, localDate(deps.clock(), deps.defaultTimeZone));
    },
  };
}
