// Browser sessions and one-time tokens, by hash only: plain functions over `db | trx`.
import { sql } from 'kysely';
import type { Queryable } from '../connection';

export async function insertSession(db: Queryable, s: { idHash: string; userId: number; device: string; now: Date; expiresAt: Date }) {
  await db
    .insertInto('web_sessions')
    .values({ id_hash: s.idHash, user_id: s.userId, device: s.device, created_at: s.now, last_seen_at: s.now, expires_at: s.expiresAt })
    .execute();
}

export async function findLiveSession(db: Queryable, idHash: string, now: Date) {
  return db
    .selectFrom('web_sessions')
    .select(['id_hash', 'user_id', 'last_seen_at', 'expires_at'])
    .where('id_hash', '=', idHash)
    .where('expires_at', '>', now)
    .executeTakeFirst();
}

export async function touchSession(db: Queryable, idHash: string, now: Date, expiresAt: Date) {
  await db.updateTable('web_sessions').set({ last_seen_at: now, expires_at: expiresAt }).where('id_hash', '=', idHash).execute();
}

export async function listSessions(db: Queryable, userId: number, now: Date) {
  return db
    .selectFrom('web_sessions')
    .select(['id_hash', 'device', 'created_at', 'last_seen_at'])
    .where('user_id', '=', userId)
    .where('expires_at', '>', now)
    .orderBy('last_seen_at', 'desc')
    .execute();
}

/** Ends the user's sessions: one (by its hash), or all. Answers how many ended. */
export async function deleteSessions(db: Queryable, userId: number, idHash?: string): Promise<number> {
  let q = db.deleteFrom('web_sessions').where('user_id', '=', userId);
  if (idHash) q = q.where('id_hash', '=', idHash);
  const r = await q.executeTakeFirst();
  return Number(r.numDeletedRows);
}

export async function insertToken(db: Queryable, t: { tokenHash: string; userId: number; kind: 'link' | 'return'; expiresAt: Date }) {
  await db
    .insertInto('auth_tokens')
    .values({ token_hash: t.tokenHash, user_id: t.userId, kind: t.kind, expires_at: t.expiresAt })
    .execute();
}

/** Spends a live, unused token in one statement (two concurrent spends: one wins); its user, or undefined. */
export async function spendToken(db: Queryable, tokenHash: string, kind: 'link' | 'return', now: Date) {
  return db
    .updateTable('auth_tokens')
    .set({ used_at: now })
    .where('token_hash', '=', tokenHash)
    .where('kind', '=', kind)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('user_id')
    .executeTakeFirst();
}

/** Tokens and sessions past their time are of no use to anyone. */
export async function deleteExpired(db: Queryable, now: Date) {
  await db.deleteFrom('auth_tokens').where('expires_at', '<', now).execute();
  await db.deleteFrom('web_sessions').where('expires_at', '<', now).execute();
}

export async function deleteSessionByHash(db: Queryable, idHash: string) {
  await db.deleteFrom('web_sessions').where('id_hash', '=', idHash).execute();
}

/** The generation of a user's st1/lt1 tokens (0 until the first bump), under the keyed hash of the id. */
export async function findGeneration(db: Queryable, subject: string): Promise<number> {
  const row = await db.selectFrom('token_generations').select('generation').where('subject', '=', subject).executeTakeFirst();
  return row?.generation ?? 0;
}

/** Ends every token of the current generation: the next ones carry the one after. */
export async function bumpGeneration(db: Queryable, subject: string): Promise<void> {
  await db
    .insertInto('token_generations')
    .values({ subject, generation: 1 })
    .onConflict((oc) => oc.column('subject').doUpdateSet({ generation: sql`token_generations.generation + 1`, updated_at: sql`now()` }))
    .execute();
}

/** The user's one-time tokens not yet spent (sign-in links, payment returns) stop working. */
export async function deleteUnspentTokens(db: Queryable, userId: number): Promise<void> {
  await db.deleteFrom('auth_tokens').where('user_id', '=', userId).where('used_at', 'is', null).execute();
}

/** Ends the user's sessions beyond the `keep` most recently used ones. */
export async function trimSessions(db: Queryable, userId: number, keep: number): Promise<void> {
  await sql`delete from web_sessions where user_id = ${userId} and id_hash not in (
    select id_hash from web_sessions where user_id = ${userId} order by last_seen_at desc, created_at desc limit ${keep})`.execute(db);
}
