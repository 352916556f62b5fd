// The operator's view in the bot (/stats for ADMIN_USER_IDS): users, readings, paying users, revenue and
// push delivery. "Today" starts at midnight in DEFAULT_TIME_ZONE (the operator's zone).
import * as repo from '../db/repositories/stats';
import { localDate, zonedTimeToUtc } from '../domain/text/time';
import type { ServiceDeps } from './deps';

export interface OperatorStats {
  at: Date;
  timeZone: string;
  users: { total: number; newToday: number; activeToday: number };
  readings: { total: number; today: number };
  paying: { plan: string; users: number }[];
  revenue: {
    provider: string;
    product: string;
    currency: string;
    count: number;
    amount: number;
    countToday: number;
    amountToday: number;
  }[];
  refunded: number;
  push: { status: string; total: number; today: number }[];
}

export function createStatsService(deps: Pick<ServiceDeps, 'db' | 'clock' | 'defaultTimeZone'>) {
  return {
    async snapshot(): Promise<OperatorStats> {
      const now = deps.clock();
      const tz = deps.defaultTimeZone;
      const today = localDate(now, tz);
      const w = { since: zonedTimeToUtc(today, '00:00', tz), today, now };
      const [users, readings, paying, revenue, refunded, push] = await Promise.all([
        repo.userCounts(deps.db, w),
        repo.readingCounts(deps.db, w),
        repo.payingUsers(deps.db, now),
        repo.revenue(deps.db, w),
        repo.refundedPayments(deps.db),
        repo.pushByStatus(deps.db, w),
      ]);
      return { at: now, timeZone: tz, users, readings, paying, revenue, refunded, push };
    },
  };
}
