// The business totals Prometheus scrapes: counts over whole tables, read at scrape time.
import { sql } from 'kysely';
import type { Queryable } from '../connection';

export async function readingsByStatus(db: Queryable): Promise<{ status: string; n: number }[]> {
  return (await sql<{ status: string; n: number }>`select status, count(*)::int as n from readings group by status`.execute(db)).rows;
}

/** Readings that ended with the fallback because the AI provider failed. */
export async function countAiFailures(db: Queryable): Promise<number> {
  const { rows } = await sql<{
    n: number;
  }>`select count(*)::int as n from readings where status = 'fallback' and ai_error is not null`.execute(db);
  return rows[0]?.n ?? 0;
}

export async function succeededPaymentTotals(
  db: Queryable,
): Promise<{ provider: string; product: string; currency: string; n: number; amount: number }[]> {
  return (
    await sql<{ provider: string; product: string; currency: string; n: number; amount: number }>`
      select provider, product, currency, count(*)::int as n, sum(amount_minor)::bigint as amount
      from payments where status = 'succeeded' group by provider, product, currency`.execute(db)
  ).rows;
}

export async function notificationsByKindStatus(db: Queryable): Promise<{ kind: string; status: string; n: number }[]> {
  return (
    await sql<{
      kind: string;
      status: string;
      n: number;
    }>`select kind, status, count(*)::int as n from notifications group by kind, status`.execute(db)
  ).rows;
}
