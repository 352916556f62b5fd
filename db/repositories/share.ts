// Share pictures (JPEG, keyed by the hash of what they show) and prepared inline messages (one per reading,
// deck and question choice, until Telegram's expiry).
import { sql } from 'kysely';
import type { Queryable } from '../connection';

export async function findPicture(db: Queryable, hash: string): Promise<Buffer | null> {
  const row = await db.selectFrom('share_pictures').select('jpeg').where('hash', '=', hash).executeTakeFirst();
  return row ? Buffer.from(row.jpeg) : null;
}

/** Stores a picture; one already stored under the hash (another instance drew it too) is kept. */
export async function insertPicture(db: Queryable, hash: string, jpeg: Buffer): Promise<void> {
  await db
    .insertInto('share_pictures')
    .values({ hash, jpeg })
    .onConflict((oc) => oc.column('hash').doNothing())
    .execute();
}

/**
 * Remembers that the picture was drawn from (or served for) the reading, so that deleting the reading's owner
 * deletes it too (db/user-data.ts `deleteSharePicturesOf`); nothing when the picture is gone already.
 */
export async function linkPicture(db: Queryable, hash: string, readingId: number): Promise<void> {
  await sql`insert into share_picture_readings (hash, reading_id)
    select ${hash}, ${readingId} where exists (select 1 from share_pictures where hash = ${hash})
    on conflict do nothing`.execute(db);
}

export async function findMessage(db: Queryable, readingId: number, variant: string) {
  return db
    .selectFrom('share_messages')
    .select(['content_hash', 'message_id', 'expires_at'])
    .where('reading_id', '=', readingId)
    .where('variant', '=', variant)
    .executeTakeFirst();
}

export async function saveMessage(
  db: Queryable,
  m: { readingId: number; variant: string; contentHash: string; messageId: string; expiresAt: Date },
): Promise<void> {
  const row = {
    reading_id: m.readingId,
    variant: m.variant,
    content_hash: m.contentHash,
    message_id: m.messageId,
    expires_at: m.expiresAt,
  };
  await db
    .insertInto('share_messages')
    .values(row)
    .onConflict((oc) =>
      oc.columns(['reading_id', 'variant']).doUpdateSet({ content_hash: m.contentHash, message_id: m.messageId, expires_at: m.expiresAt }),
    )
    .execute();
}

/** Forgets pictures stored before `picturesBefore` and messages expired by `now`. */
export async function pruneShares(db: Queryable, picturesBefore: Date, now: Date): Promise<void> {
  await db.deleteFrom('share_pictures').where('created_at', '<', picturesBefore).execute();
  await db.deleteFrom('share_messages').where('expires_at', '<', now).execute();
}
