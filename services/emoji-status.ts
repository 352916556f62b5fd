// «Карта дня в статусе» (Mini Apps 8.0 setEmojiStatus): once today's card is drawn, the app may offer to put it
// in the user's emoji status for a day, once per user. The operator maps card ids to custom emoji ids
// (EMOJI_STATUS_CUSTOM_EMOJI); without the map, or for a card it lacks, there is no offer. The app learns only
// whether there is an offer and the emoji id of today's card.
import * as emojiRepo from '../db/repositories/emoji-status';
import * as usageRepo from '../db/repositories/usage';
import type { ServiceDeps } from './deps';
import type { UserService } from './users';
import { userDay } from '../domain/text/day';

export function createEmojiStatusService(deps: ServiceDeps, users: UserService) {
  return {
    /** The offer for today's card, or null (off, already offered, no card drawn today, no emoji for it). */
    async offer(userId: number): Promise<{ customEmojiId: string | null }> {
      const map = deps.emojiStatus;
      if (!map || Object.keys(map).length === 0) return { customEmojiId: null };
      const user = await users.requireUser(userId);
      if (await emojiRepo.emojiStatusOfferedAt(deps.db, userId)) return { customEmojiId: null };
      const { day } = userDay(user, deps.clock());
      const cardId = (await usageRepo.findUsage(deps.db, userId, day))?.daily_card_id;
      return { customEmojiId: (cardId && map[cardId]) || null };
    },

    /** The offer was made (accepted or dismissed): never again. */
    async markOffered(userId: number): Promise<{ offered: true }> {
      await users.requireUser(userId);
      await emojiRepo.claimEmojiStatusOffer(deps.db, userId, deps.clock());
      return { offered: true };
    },
  };
}
