// Frozen: never edit a migration that has shipped; add a new one.
// Plan ids no longer carry a price: vip_499 → vip, basic_299 → basic, week_7d → week (domain/commerce/catalogue.ts).
// Every stored plan and product is renamed, including what a payment recorded it granted (a refund takes
// exactly that back). `down` renames them back.
import type { Kysely } from 'kysely';
import { sql } from 'kysely';

const RENAMES: [old: string, current: string][] = [
  ['vip_499', 'vip'],
  ['basic_299', 'basic'],
  ['week_7d', 'week'],
];

async function rename(db: Kysely<any>, from: string, to: string): Promise<void> {
  await sql`update users set subscription_type = ${to} where subscription_type = ${from}`.execute(db);
  await sql`update payment_orders set plan = ${to} where plan = ${from}`.execute(db);
  await sql`update payment_orders set product = ${to} where product = ${from}`.execute(db);
  await sql`update payments set product = ${to} where product = ${from}`.execute(db);
  await sql`update recurring_billing set plan = ${to} where plan = ${from}`.execute(db);
  await sql`update payments set granted = jsonb_set(granted, '{tier}', to_jsonb(${to}::text)) where granted->>'tier' = ${from}`.execute(db);
  await sql`update payments set granted = jsonb_set(granted, '{previous,type}', to_jsonb(${to}::text)) where granted #>> '{previous,type}' = ${from}`.execute(
    db,
  );
}

export async function up(db: Kysely<any>): Promise<void> {
  for (const [from, to] of RENAMES) await rename(db, from, to);
}

// 'week' was both the week pass's product and (as week_7d) its plan; down restores both spellings.
export async function down(db: Kysely<any>): Promise<void> {
  for (const [old, current] of RENAMES) {
    if (current === 'week') {
      await sql`update users set subscription_type = ${old} where subscription_type = ${current}`.execute(db);
      await sql`update payment_orders set plan = ${old} where plan = ${current}`.execute(db);
      await sql`update recurring_billing set plan = ${old} where plan = ${current}`.execute(db);
      await sql`update payments set granted = jsonb_set(granted, '{tier}', to_jsonb(${old}::text)) where granted->>'tier' = ${current}`.execute(
        db,
      );
      await sql`update payments set granted = jsonb_set(granted, '{previous,type}', to_jsonb(${old}::text)) where granted #>> '{previous,type}' = ${current}`.execute(
        db,
      );
    } else await rename(db, current, old);
  }
}
