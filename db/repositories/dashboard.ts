// The owner's dashboard: aggregate statements over what the product already records (payments, offers,
// readings, users, notifications), over `db | trx`. Mock payments never count; refunded ones count only as
// refunds. Days are local days in the project's time zone.
import { sql } from 'kysely';
import type { Queryable } from '../connection';
import { PLAN_IDS } from '../../domain/commerce/catalogue';

export interface Period {
  from: Date;
  to: Date;
  timeZone: string;
}

/** A payment that counts as revenue: confirmed, not refunded, not the mock provider. */
const REAL = sql`p.provider <> 'mock' and p.status = 'succeeded'`;

/**
 * Users served the micro offer in the period (its copy and price carry the running tests; one offer per user)
 * and the revenue of their real payments since, in minor units per currency: all products, and the micro pack
 * alone. Two reads: the exposed users' ids (one text, not a row each: there can be hundreds of thousands), and
 * the few who paid.
 */
export interface Exposure {
  user_id: number;
  rub_minor: number;
  stars: number;
  micro_rub_minor: number;
  micro_stars: number;
}

export async function offerExposure(db: Queryable, p: Period): Promise<{ userIds: number[]; payers: Exposure[] }> {
  const [ids, payers] = await Promise.all([
    sql<{
      ids: string | null;
    }>`select string_agg(user_id::text, ',') as ids from micro_offers where started_at >= ${p.from} and started_at < ${p.to}`.execute(db),
    sql<Exposure>`
      select o.user_id::float8 as user_id,
        coalesce(sum(p.amount_minor) filter (where p.currency = 'RUB'), 0)::float8 as rub_minor,
        coalesce(sum(p.amount_minor) filter (where p.currency = 'XTR'), 0)::float8 as stars,
        coalesce(sum(p.amount_minor) filter (where p.currency = 'RUB' and p.product = 'micro'), 0)::float8 as micro_rub_minor,
        coalesce(sum(p.amount_minor) filter (where p.currency = 'XTR' and p.product = 'micro'), 0)::float8 as micro_stars
      from payments p join micro_offers o on o.user_id = p.user_id and p.created_at >= o.started_at
      where p.created_at >= ${p.from} and ${REAL} and o.started_at >= ${p.from} and o.started_at < ${p.to}
      group by o.user_id`.execute(db),
  ]);
  const text = ids.rows[0]?.ids;
  return { userIds: text ? text.split(',').map(Number) : [], payers: payers.rows };
}

export interface RevenueDay {
  day: string;
  product: string;
  currency: string;
  payments: number;
  amount_minor: number;
}

/** Real revenue per local day, product and currency. */
export async function revenueByDay(db: Queryable, p: Period): Promise<RevenueDay[]> {
  const { rows } = await sql<RevenueDay>`
    select to_char(p.created_at at time zone ${p.timeZone}, 'YYYY-MM-DD') as day, p.product, p.currency,
      count(*)::int as payments, sum(p.amount_minor)::float8 as amount_minor
    from payments p
    where p.created_at >= ${p.from} and p.created_at < ${p.to} and ${REAL}
    group by 1, 2, 3 order by 1, 2, 3`.execute(db);
  return rows;
}

export interface MoneyTotals {
  paying_users: number;
  new_plans: number;
  renewed_plans: number;
  refunds: number;
  refunded_rub_minor: number;
  refunded_stars: number;
}

/** Paying users, plan payments (new: the user's first real plan payment; renewed: a later one), refunds. */
export async function moneyTotals(db: Queryable, p: Period): Promise<MoneyTotals> {
  // Plan products, from the catalogue (the rest, micro and week, are one-time).
  const plans = sql.join(PLAN_IDS.map((x) => sql.lit(x)));
  const { rows } = await sql<MoneyTotals>`
    select
      (select count(distinct p.user_id) from payments p where p.created_at >= ${p.from} and p.created_at < ${p.to} and ${REAL})::int as paying_users,
      (select count(*) from payments p where p.created_at >= ${p.from} and p.created_at < ${p.to} and ${REAL} and p.product in (${plans})
        and not exists (select 1 from payments e where e.user_id = p.user_id and e.provider <> 'mock' and e.product in (${plans}) and e.created_at < p.created_at))::int as new_plans,
      (select count(*) from payments p where p.created_at >= ${p.from} and p.created_at < ${p.to} and ${REAL} and p.product in (${plans})
        and exists (select 1 from payments e where e.user_id = p.user_id and e.provider <> 'mock' and e.product in (${plans}) and e.created_at < p.created_at))::int as renewed_plans,
      (select count(*) from payments p where p.refunded_at >= ${p.from} and p.refunded_at < ${p.to} and p.provider <> 'mock' and p.status = 'refunded')::int as refunds,
      (select coalesce(sum(amount_minor), 0) from payments p where p.refunded_at >= ${p.from} and p.refunded_at < ${p.to} and p.provider <> 'mock' and p.status = 'refunded' and p.currency = 'RUB')::float8 as refunded_rub_minor,
      (select coalesce(sum(amount_minor), 0) from payments p where p.refunded_at >= ${p.from} and p.refunded_at < ${p.to} and p.provider <> 'mock' and p.status = 'refunded' and p.currency = 'XTR')::float8 as refunded_stars`.execute(
    db,
  );
  return rows[0];
}
