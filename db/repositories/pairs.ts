// Pairs (readings for two): invitations, members, the pair's readings. Plain functions over `db | trx`.
import { sql } from 'kysely';
import type { Reading } from '../schema';
import { ownNoteColumn } from './journal';
import type { Queryable } from '../connection';

export async function insertInvitation(db: Queryable, inviterId: number, tokenHash: string, expiresAt: Date): Promise<void> {
  await db.insertInto('pair_invitations').values({ token_hash: tokenHash, inviter_id: inviterId, expires_at: expiresAt }).execute();
}

export async function findInvitation(db: Queryable, tokenHash: string) {
  return db.selectFrom('pair_invitations').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
}

/** The invitation, locked until the transaction ends (two accepts of one link: one wins). */
export async function lockInvitation(db: Queryable, tokenHash: string) {
  return db.selectFrom('pair_invitations').selectAll().where('token_hash', '=', tokenHash).forUpdate().executeTakeFirst();
}

/** The prepared «choose the partner» button's request id and the sealed token, on the invitation it came with. */
export async function setPartnerRequest(db: Queryable, tokenHash: string, requestId: number, tokenSealed: string): Promise<void> {
  await db
    .updateTable('pair_invitations')
    .set({ partner_request_id: requestId, partner_token_sealed: tokenSealed })
    .where('token_hash', '=', tokenHash)
    .execute();
}

/** The inviter's unused invitation behind a «choose the partner» request, locked until the transaction ends. */
export async function lockInvitationByPartnerRequest(db: Queryable, inviterId: number, requestId: number) {
  return db
    .selectFrom('pair_invitations')
    .selectAll()
    .where('inviter_id', '=', inviterId)
    .where('partner_request_id', '=', requestId)
    .where('used_at', 'is', null)
    .forUpdate()
    .executeTakeFirst();
}

/** The request spent: a choice is sent once. */
export async function clearPartnerRequest(db: Queryable, tokenHash: string): Promise<void> {
  await db
    .updateTable('pair_invitations')
    .set({ partner_request_id: null, partner_token_sealed: null })
    .where('token_hash', '=', tokenHash)
    .execute();
}

export async function markInvitationUsed(db: Queryable, tokenHash: string, pairId: number, at: Date): Promise<void> {
  await db.updateTable('pair_invitations').set({ used_at: at, pair_id: pairId }).where('token_hash', '=', tokenHash).execute();
}

export async function insertPair(db: Queryable, inviterId: number, partnerId: number, at: Date): Promise<number> {
  const pair = await db.insertInto('pairs').values({ created_at: at }).returning('id').executeTakeFirstOrThrow();
  await db
    .insertInto('pair_members')
    .values([
      { pair_id: pair.id, user_id: inviterId, role: 'inviter', joined_at: at },
      { pair_id: pair.id, user_id: partnerId, role: 'partner', joined_at: at },
    ])
    .execute();
  return pair.id;
}

/** An active pair the two share already (either may have invited the other). */
export async function activePairOf(db: Queryable, a: number, b: number): Promise<number | undefined> {
  const row = await db
    .selectFrom('pair_members as x')
    .innerJoin('pair_members as y', 'y.pair_id', 'x.pair_id')
    .innerJoin('pairs as p', 'p.id', 'x.pair_id')
    .select('p.id')
    .where('x.user_id', '=', a)
    .where('y.user_id', '=', b)
    .where('p.ended_at', 'is', null)
    .executeTakeFirst();
  return row?.id;
}

export interface MemberRow {
  pair_id: number;
  user_id: number;
  role: 'inviter' | 'partner';
  joined_at: Date;
  left_at: Date | null;
  first_name: string | null;
  username: string | null;
}

/** Every member row of a pair (with their names), the one who left too. */
export async function membersOf(db: Queryable, pairId: number): Promise<MemberRow[]> {
  return db
    .selectFrom('pair_members as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(['m.pair_id', 'm.user_id', 'm.role', 'm.joined_at', 'm.left_at', 'u.first_name', 'u.username'])
    .where('m.pair_id', '=', pairId)
    .orderBy('m.joined_at')
    .orderBy('m.role')
    .execute() as Promise<MemberRow[]>;
}

export async function findPair(db: Queryable, pairId: number) {
  return db.selectFrom('pairs').selectAll().where('id', '=', pairId).executeTakeFirst();
}

/** The pairs the user is in and has not left, newest first. */
export async function pairIdsOf(db: Queryable, userId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('pair_members')
    .select('pair_id')
    .where('user_id', '=', userId)
    .where('left_at', 'is', null)
    .orderBy('pair_id', 'desc')
    .execute();
  return rows.map((r) => r.pair_id);
}

/** The user's role in the pair while both are in it; undefined otherwise. */
export async function activeRole(db: Queryable, pairId: number, userId: number): Promise<'inviter' | 'partner' | undefined> {
  const row = await db
    .selectFrom('pair_members as m')
    .innerJoin('pairs as p', 'p.id', 'm.pair_id')
    .select('m.role')
    .where('m.pair_id', '=', pairId)
    .where('m.user_id', '=', userId)
    .where('m.left_at', 'is', null)
    .where('p.ended_at', 'is', null)
    // Both still there: a partner whose data was erased leaves no membership row behind.
    .where(sql<boolean>`(select count(*) from pair_members o where o.pair_id = p.id and o.left_at is null) = 2`)
    .executeTakeFirst();
  return row?.role;
}

/** The user is a member of the pair now: not left, the pair not ended, the other member still there. */
export const isActiveMember = async (db: Queryable, pairId: number, userId: number): Promise<boolean> =>
  !!(await activeRole(db, pairId, userId));

/** The user leaves: their membership ends, and with it the pair (for both). */
export async function leave(db: Queryable, pairId: number, userId: number, at: Date): Promise<boolean> {
  const r = await db
    .updateTable('pair_members')
    .set({ left_at: at })
    .where('pair_id', '=', pairId)
    .where('user_id', '=', userId)
    .where('left_at', 'is', null)
    .executeTakeFirst();
  if (Number(r.numUpdatedRows) === 0) return false;
  await db.updateTable('pairs').set({ ended_at: at }).where('id', '=', pairId).where('ended_at', 'is', null).execute();
  return true;
}

/** The pair's readings, newest first, with the viewer's own note; `askedBy` narrows them to one asker. */
export async function readingsOf(
  db: Queryable,
  pairId: number,
  viewerId: number,
  askedBy?: number,
): Promise<(Reading & { note: string | null })[]> {
  let q = db.selectFrom('readings').selectAll('readings').select(ownNoteColumn(viewerId)).where('pair_id', '=', pairId);
  if (askedBy !== undefined) q = q.where('user_id', '=', askedBy);
  return q.orderBy('id', 'desc').limit(100).execute();
}
