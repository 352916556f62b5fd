// The owner's dashboard (/admin, ADMIN_USER_IDS only; api/routes/admin.ts): money, the price and copy tests
// with a verdict, over a period of local days in the project's time zone. Read-only aggregates: nothing here
// writes, and nothing on the users' paths writes for it.
import * as repo from '../db/repositories/dashboard';
import { analyseExperiment, EXPERIMENTS, type ExperimentResult } from '../domain/experiments';
import { addDays, localDate, zonedTimeToUtc } from '../domain/time';
import type { ServiceDeps } from './deps';

/** A period: the last `days` local days (today included), or local dates `from`..`to` inclusive. */
export type PeriodQuery = { days: number } | { from: string; to: string };

export interface PeriodInfo {
  from: string;
  to: string;
  timeZone: string;
}

export function createDashboardService(deps: Pick<ServiceDeps, 'db' | 'clock' | 'defaultTimeZone' | 'dashboard'>) {
  const tz = deps.defaultTimeZone;
  const rate = deps.dashboard?.starsRubRate ?? 1.3;

  function period(q: PeriodQuery): { p: repo.Period; info: PeriodInfo } {
    const today = localDate(deps.clock(), tz);
    const [from, to] = 'days' in q ? [addDays(today, 1 - q.days), today] : [q.from, q.to];
    return { p: { from: zonedTimeToUtc(from, '00:00', tz), to: zonedTimeToUtc(addDays(to, 1), '00:00', tz), timeZone: tz }, info: { from, to, timeZone: tz } };
  }
  /** Roubles of minor units in a currency (Stars at the configured rate). */
  const rub = (minor: number, currency: string) => (currency === 'XTR' ? minor * rate : minor / 100);

  const service = {
    /** Each running test: users per variant, conversions, revenue per user, the verdict. */
    async experiments(q: PeriodQuery): Promise<{ period: PeriodInfo; experiments: ExperimentResult[] }> {
      const { p, info } = period(q);
      const experiments: ExperimentResult[] = [];
      for (const e of EXPERIMENTS) {
        const rows = await repo.offerExposure(deps.db, p, e.goal === 'micro');
        const exposed = rows.map((r) => ({ variant: e.assign(r.user_id), revenueRub: rub(r.rub_minor, 'RUB') + rub(r.stars, 'XTR') }));
        experiments.push(analyseExperiment(e, exposed));
      }
      return { period: info, experiments };
    },

    /** Revenue per day by product (roubles; Stars as stars and as a rouble estimate), paying users, plans, refunds. */
    async money(q: PeriodQuery) {
      const { p, info } = period(q);
      const [days, totals] = await Promise.all([repo.revenueByDay(deps.db, p), repo.moneyTotals(deps.db, p)]);
      const rows = days.map((d) => ({ day: d.day, product: d.product, currency: d.currency, payments: d.payments, amount: d.currency === 'XTR' ? d.amount_minor : d.amount_minor / 100, rub: rub(d.amount_minor, d.currency) }));
      const revenueRub = rows.filter((r) => r.currency === 'RUB').reduce((a, r) => a + r.amount, 0);
      const revenueStars = rows.filter((r) => r.currency === 'XTR').reduce((a, r) => a + r.amount, 0);
      const estimateRub = revenueRub + revenueStars * rate;
      return {
        period: info,
        starsRubRate: rate,
        days: rows,
        revenueRub,
        revenueStars,
        estimateRub,
        payingUsers: totals.paying_users,
        newPlans: totals.new_plans,
        renewedPlans: totals.renewed_plans,
        refunds: totals.refunds,
        refundedRub: totals.refunded_rub_minor / 100,
        refundedStars: totals.refunded_stars,
        perPayingUser: totals.paying_users ? Math.round((estimateRub / totals.paying_users) * 100) / 100 : 0,
      };
    },

    /** A tab's table as CSV (semicolon-separated, as a Russian spreadsheet opens it), with its file name. */
    async csv(tab: DashboardTab, q: PeriodQuery): Promise<{ name: string; text: string }> {
      const rows = await tableOf(tab, q);
      const { info } = period(q);
      const cell = (v: unknown) => {
        const t = typeof v === 'number' ? String(Math.round(v * 1e6) / 1e6).replace('.', ',') : String(v ?? '');
        return /[;"\n]/.test(t) ? `"${t.replace(/"/g, '""')}"` : t;
      };
      return { name: `admin-${tab}-${info.from}_${info.to}.csv`, text: '\uFEFF' + rows.map((r) => r.map(cell).join(';')).join('\r\n') + '\r\n' };
    },
  };

  /** The rows (header first) each tab downloads. */
  async function tableOf(tab: DashboardTab, q: PeriodQuery): Promise<unknown[][]> {
    if (tab === 'money') {
      const m = await service.money(q);
      return [['День', 'Продукт', 'Валюта', 'Платежей', 'Сумма', 'Сумма, ₽ (оценка)'], ...m.days.map((d) => [d.day, d.product, d.currency, d.payments, d.amount, d.rub])];
    }
    const e = await service.experiments(q);
    return [
      ['Тест', 'Вариант', 'Пользователей', 'Покупок', 'Конверсия', 'Разница', 'ДИ 95 % от', 'ДИ 95 % до', 'P(лучший)', 'Выручка на пользователя, ₽', 'Вердикт'],
      ...e.experiments.flatMap((x) => x.variants.map((v) => [x.title, v.label, v.users, v.conversions, v.rate, v.diff?.value ?? '', v.diff?.low ?? '', v.diff?.high ?? '', v.probabilityBest, v.revenuePerUser.mean, x.verdict])),
    ];
  }

  return service;
}

export const DASHBOARD_TABS = ['money', 'experiments'] as const;
export type DashboardTab = (typeof DASHBOARD_TABS)[number];
