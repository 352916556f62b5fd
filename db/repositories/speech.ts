// A reading's speech (0035): the provider's audio kept per reading and the hash of the text it speaks.
import type { Queryable } from '../connection';

export interface StoredSpeech {
  textHash: string;
  audio: Buffer;
}

export async function findSpeech(db: Queryable, readingId: number): Promise<StoredSpeech | undefined> {
  const row = await db.selectFrom('reading_speech').select(['text_hash', 'audio']).where('reading_id', '=', readingId).executeTakeFirst();
  return row && { textHash: row.text_hash, audio: row.audio };
}

/** Keeps the speech of a reading's text (a newer text's speech replaces the older one). */
export async function saveSpeech(
  db: Queryable,
  s: { readingId: number; textHash: string; model: string; voice: string; audio: Buffer },
): Promise<void> {
  await db
    .insertInto('reading_speech')
    .values({ reading_id: s.readingId, text_hash: s.textHash, model: s.model, voice: s.voice, audio: s.audio })
    .onConflict((oc) =>
      oc.column('reading_id').doUpdateSet((eb) => ({
        text_hash: eb.ref('excluded.text_hash'),
        model: eb.ref('excluded.model'),
        voice: eb.ref('excluded.voice'),
        audio: eb.ref('excluded.audio'),
        created_at: new Date(),
      })),
    )
    .execute();
}
