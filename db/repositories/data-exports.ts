// One export at a time per user, across instances: a lease row taken before the file is written, renewed
// while it is, and deleted at its end. A lease whose instance died runs out by itself.
import type { Queryable } from '../connection';

/** Takes the user's export lease until `until`; false while another export's lease runs (then `runsUntil`). */
export async function takeExportLease(
  db: Queryable,
  userId: number,
  leaseId: string,
  now: Date,
  until: Date,
): Promise<{ taken: true } | { taken: false; runsUntil: Date }> {
  const row = await db
    .insertInto('data_exports')
    .values({ user_id: userId, lease_id: leaseId, lease_until: until, started_at: now })
    .onConflict((oc) =>
      oc
        .column('user_id')
        .doUpdateSet({ lease_id: leaseId, lease_until: until, started_at: now })
        .where('data_exports.lease_until', '<=', now),
    )
    .returning('user_id')
    .executeTakeFirst();
  if (row) return { taken: true };
  const held = await db.selectFrom('data_exports').select('lease_until').where('user_id', '=', userId).executeTakeFirst();
  return { taken: false, runsUntil: held?.lease_until ?? now };
}

/** Extends the lease; false when it is no longer this export's (it ran out and another took it). */
export async function renewExportLease(db: Queryable, userId: number, leaseId: string, until: Date): Promise<boolean> {
  const r = await db
    .updateTable('data_exports')
    .set({ lease_until: until })
    .where('user_id', '=', userId)
    .where('lease_id', '=', leaseId)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

export async function releaseExportLease(db: Queryable, userId: number, leaseId: string): Promise<void> {
  await db.deleteFrom('data_exports').where('user_id', '=', userId).where('lease_id', '=', leaseId).execute();
}
