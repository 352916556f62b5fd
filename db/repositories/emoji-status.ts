// «Карта дня в статусе»: the one offer per user, remembered on the user's row (migration 0038).
import type { Queryable } from '../connection';

export async function emojiStatusOfferedAt(db: Queryable, userId: number): Promise<Date | null> {
  const row = await db.selectFrom('users').select('emoji_status_offered_at').where('id', '=', userId).executeTakeFirst();
  return row?.emoji_status_offered_at ?? null;
}

/** Marks the offer made; false when it already was (the first call wins). */
export async function claimEmojiStatusOffer(db: Queryable, userId: number, at: Date): Promise<boolean> {
  const r = await db
    .updateTable('users')
    .set({ emoji_status_offered_at: at })
    .where('id', '=', userId)
    .where('emoji_status_offered_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}
