// The owner's dashboard (/admin, ADMIN_USER_IDS only; api/routes/admin.ts): money, the price and copy tests
// with a verdict, over a period of local days in the project's time zone. Read-only aggregates: nothing here
// writes, and nothing on the users' paths writes for it.
import * as activity from '../db/repositories/dashboard-activity';
import * as repo from '../db/repositories/dashboard';
import * as referralsRepo from '../db/repositories/referrals';
import { analyseExperiment, EXPERIMENTS, type ExperimentResult } from '../domain/commerce/experiments';
import { percentileOfCounts } from '../domain/app/percentile';
import { addDays, localDate, zonedTimeToUtc } from '../domain/text/time';
import { aiFailureRu } from './ai-provider';
import { AI_VERDICT_REPLACED } from '../domain/app/analytics';
import type { DashboardDeps, ServiceDeps } from './deps';

/** A period: the last `days` local days (today included), or local dates `from`..`to` inclusive. */
export type PeriodQuery = { days: number } | { from: string; to: string };

export interface PeriodInfo {
  from: string;
  to: string;
  timeZone: string;
}

/** Characters per token for the estimate (Russian text in current tokenizers: about 3). */
export const CHARS_PER_TOKEN = 3;

const ENTRY_NAMES: Record<string, string> = {
  direct: 'Бот, /start',
  push: 'Ежедневный пуш',
  share: 'Ссылка из расклада',
  invite: 'Приглашение',
  card: 'Ссылка на карту',
  other: 'Другое',
};

/** Roubles per dollar when AI_USD_RUB_RATE is not given. */
export const DEFAULT_USD_RUB_RATE = 90;

/** Known list prices in US dollars per million tokens (prompt, answer): the default model's (config.ts). */
export const KNOWN_AI_PRICES_USD: Record<string, { input: number; output: number }> = {
  'gpt-6-luna': { input: 0.1, output: 0.5 },
};

/**
 * Roubles per million tokens for `model`: the configured prices, else the known dollar prices at the rate;
 * null (unknown, not 0 ₽) when a price is neither configured nor known.
 */
export function aiPricesPerM(model: string | undefined, d: DashboardDeps | undefined) {
  const known = model ? KNOWN_AI_PRICES_USD[model] : undefined;
  const rate = d?.usdRubRate ?? DEFAULT_USD_RUB_RATE;
  const input = d?.aiPriceInputPerM ?? (known ? known.input * rate : undefined);
  const output = d?.aiPriceOutputPerM ?? (known ? known.output * rate : undefined);
  if (input === undefined || output === undefined) return null;
  const configured = d?.aiPriceInputPerM !== undefined && d?.aiPriceOutputPerM !== undefined;
  return { input, output, source: configured ? ('settings' as const) : ('model' as const) };
}

/** A share (0..1) of `n` in `of`; null when there is nobody to count. */
const share = (n: number, of: number) => (of ? n / of : null);

export function createDashboardService(deps: Pick<ServiceDeps, 'db' | 'clock' | 'defaultTimeZone' | 'dashboard' | 'ai'>) {
  const tz = deps.defaultTimeZone;
  const rate = deps.dashboard?.starsRubRate ?? 1.3;
  const prices = aiPricesPerM(deps.ai?.model, deps.dashboard);

  function period(q: PeriodQuery): { p: repo.Period; info: PeriodInfo } {
    const today = localDate(deps.clock(), tz);
    const [from, to] = 'days' in q ? [addDays(today, 1 - q.days), today] : [q.from, q.to];
    return {
      p: { from: zonedTimeToUtc(from, '00:00', tz), to: zonedTimeToUtc(addDays(to, 1), '00:00', tz), timeZone: tz },
      info: { from, to, timeZone: tz },
    };
  }
  /** Roubles of minor units in a currency (Stars at the configured rate). */
  const rub = (minor: number, currency: string) => (currency === 'XTR' ? minor * rate : minor / 100);

  const service = {
    /** Each running test: users per variant, conversions, revenue per user, the verdict. */
    async experiments(q: PeriodQuery): Promise<{ period: PeriodInfo; experiments: ExperimentResult[] }> {
      const { p, info } = period(q);
      const { userIds, payers } = await repo.offerExposure(deps.db, p);
      const paid = new Map(payers.map((r) => [r.user_id, r]));
      const experiments: ExperimentResult[] = EXPERIMENTS.map((e) => {
        const micro = e.goal === 'micro';
        const revenue = (r: repo.Exposure | undefined) =>
          !r ? 0 : micro ? rub(r.micro_rub_minor, 'RUB') + rub(r.micro_stars, 'XTR') : rub(r.rub_minor, 'RUB') + rub(r.stars, 'XTR');
        return analyseExperiment(
          e,
          userIds.map((id) => ({ variant: e.assign(id), revenueRub: revenue(paid.get(id)) })),
        );
      });
      return { period: info, experiments };
    },

    /** Revenue per day by product (roubles; Stars as stars and as a rouble estimate), paying users, plans, refunds. */
    async money(q: PeriodQuery) {
      const { p, info } = period(q);
      const [days, totals] = await Promise.all([repo.revenueByDay(deps.db, p), repo.moneyTotals(deps.db, p)]);
      const rows = days.map((d) => ({
        day: d.day,
        product: d.product,
        currency: d.currency,
        payments: d.payments,
        amount: d.currency === 'XTR' ? d.amount_minor : d.amount_minor / 100,
        rub: rub(d.amount_minor, d.currency),
      }));
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

    /** New users of the period by entry point, through the steps: read, offered, started paying, paid. */
    async funnel(q: PeriodQuery) {
      const { p, info } = period(q);
      const rows = await activity.funnel(deps.db, p);
      const sum = (k: keyof activity.FunnelRow) => rows.reduce((a, r) => a + (r[k] as number), 0);
      const total = {
        entry: 'all',
        opened: sum('opened'),
        first_reading: sum('first_reading'),
        offered: sum('offered'),
        started_payment: sum('started_payment'),
        paid: sum('paid'),
      };
      const view = (r: activity.FunnelRow) => ({
        entry: r.entry,
        label: r.entry === 'all' ? 'Все' : (ENTRY_NAMES[r.entry] ?? r.entry),
        steps: [
          { step: 'opened', label: 'Открыли приложение', users: r.opened, ofPrevious: null as number | null },
          { step: 'reading', label: 'Первый расклад', users: r.first_reading, ofPrevious: share(r.first_reading, r.opened) },
          { step: 'offer', label: 'Увидели предложение', users: r.offered, ofPrevious: share(r.offered, r.first_reading) },
          { step: 'checkout', label: 'Начали оплату', users: r.started_payment, ofPrevious: share(r.started_payment, r.offered) },
          { step: 'paid', label: 'Оплатили', users: r.paid, ofPrevious: share(r.paid, r.started_payment) },
        ],
      });
      return { period: info, total: view(total), byEntry: rows.map(view) };
    },

    /** Weekly cohorts (day 1, 7, 30 returns) and the running daily-card streaks. */
    async retention(q: PeriodQuery) {
      const { p, info } = period(q);
      const today = localDate(deps.clock(), tz);
      const [rows, streaks] = await Promise.all([activity.cohorts(deps.db, p, today), activity.streaks(deps.db, today)]);
      return {
        period: info,
        cohorts: rows.map((r) => ({
          week: r.week,
          users: r.users,
          day1: share(r.d1, r.e1),
          day7: share(r.d7, r.e7),
          day30: share(r.d30, r.e30),
        })),
        streaks,
      };
    },

    /**
     * Readings by author, the AI's failures by kind, its timings (p50, p95) and the tokens' cost: the tokens the
     * provider reported, and an estimate from the characters only for the readings it reported none for.
     */
    async ai(q: PeriodQuery) {
      const { p, info } = period(q);
      const [t, stored, verdictReplaced] = await Promise.all([
        activity.aiTotals(deps.db, p),
        activity.aiFailures(deps.db, p),
        activity.serverEvents(deps.db, p, AI_VERDICT_REPLACED),
      ]);
      // By kind in Russian: several stored texts (a network library's messages) make one kind.
      const byKind = new Map<string, number>();
      for (const f of stored) {
        const kind = aiFailureRu(f.kind);
        byKind.set(kind, (byKind.get(kind) ?? 0) + f.readings);
      }
      const failures = [...byKind].map(([kind, readings]) => ({ kind, readings })).sort((a, b) => b.readings - a.readings);
      const tokensIn = t.input_tokens + Math.round(t.prompt_chars / CHARS_PER_TOKEN);
      const tokensOut = t.output_tokens + Math.round(t.output_chars / CHARS_PER_TOKEN);
      const ms = (x: number | null) => (x === null ? null : Math.round(x));
      return {
        period: info,
        byAi: t.ai,
        byCards: t.cards,
        failures,
        firstText: { p50: ms(percentileOfCounts(t.first_ms, 0.5)), p95: ms(percentileOfCounts(t.first_ms, 0.95)) },
        total: { p50: ms(percentileOfCounts(t.total_ms, 0.5)), p95: ms(percentileOfCounts(t.total_ms, 0.95)) },
        tokensIn,
        tokensOut,
        /** Readings whose tokens the provider reported, and those estimated from their length. */
        tokensReported: t.measured,
        tokensEstimated: t.estimated,
        /** Null when the model's price is unknown (neither AI_PRICE_* nor a known default): not 0 ₽. */
        costRub: prices ? Math.round(((tokensIn * prices.input + tokensOut * prices.output) / 1e6) * 100) / 100 : null,
        model: deps.ai?.model ?? null,
        pricesPerM: prices,
        /** AI readings whose verdict went against the cards': their conclusion was replaced by the card-based one. */
        verdictReplaced,
      };
    },

    /** Pushes of the period and what followed them. */
    async pushes(q: PeriodQuery) {
      const { p, info } = period(q);
      const r = await activity.pushes(deps.db, p);
      return {
        period: info,
        queued: r.queued,
        delivered: r.delivered,
        failed: r.failed,
        skipped: r.skipped,
        blockedBots: r.blocked,
        remindersOff: r.reminders_off,
        followedByReading: r.followed,
      };
    },

    /** «Рефералы»: friends who came by personal links, rewards granted and refused, the inviters who brought most. */
    async referrals(q: PeriodQuery) {
      const { p, info } = period(q);
      const totals = await referralsRepo.referralTotals(deps.db, p);
      const top = await referralsRepo.topInviters(deps.db, p, 20);
      return {
        period: info,
        joined: totals.joined,
        granted: totals.granted,
        refused: totals.refused,
        inviters: top.map((r) => ({
          userId: Number(r.inviter_id),
          name: r.username ? `@${r.username}` : r.first_name,
          granted: Number(r.granted),
          sameMinute: Number(r.same_minute),
          monthlyCap: Number(r.monthly_cap),
        })),
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
      return {
        name: `admin-${tab}-${info.from}_${info.to}.csv`,
        text: '\uFEFF' + rows.map((r) => r.map(cell).join(';')).join('\r\n') + '\r\n',
      };
    },
  };

  /** The rows (header first) each tab downloads. */
  async function tableOf(tab: DashboardTab, q: PeriodQuery): Promise<unknown[][]> {
    if (tab === 'money') {
      const m = await service.money(q);
      return [
        ['День', 'Продукт', 'Валюта', 'Платежей', 'Сумма', 'Сумма, ₽ (оценка)'],
        ...m.days.map((d) => [d.day, d.product, d.currency, d.payments, d.amount, d.rub]),
      ];
    }
    if (tab === 'funnel') {
      const f = await service.funnel(q);
      return [
        ['Вход', 'Шаг', 'Пользователей', 'Доля от предыдущего шага'],
        ...[f.total, ...f.byEntry].flatMap((e) => e.steps.map((s) => [e.label, s.label, s.users, s.ofPrevious ?? ''])),
      ];
    }
    if (tab === 'retention') {
      const r = await service.retention(q);
      return [
        ['Неделя', 'Пользователей', 'День 1', 'День 7', 'День 30'],
        ...r.cohorts.map((c) => [c.week, c.users, c.day1 ?? '', c.day7 ?? '', c.day30 ?? '']),
      ];
    }
    if (tab === 'ai') {
      const a = await service.ai(q);
      return [
        ['Показатель', 'Значение'],
        ['Толкований ИИ', a.byAi],
        ['Толкований по картам', a.byCards],
        ['До первого текста p50, мс', a.firstText.p50 ?? ''],
        ['До первого текста p95, мс', a.firstText.p95 ?? ''],
        ['До конца p50, мс', a.total.p50 ?? ''],
        ['До конца p95, мс', a.total.p95 ?? ''],
        ['Токенов запроса', a.tokensIn],
        ['Токенов ответа', a.tokensOut],
        ['Толкований с токенами от провайдера', a.tokensReported],
        ['Толкований с токенами по оценке', a.tokensEstimated],
        ['Стоимость, ₽', a.costRub ?? 'цена модели неизвестна'],
        ['Вывод ИИ заменён картами (вердикт против карт)', a.verdictReplaced],
        ...a.failures.map((f) => [`Сбой: ${f.kind}`, f.readings]),
      ];
    }
    if (tab === 'pushes') {
      const x = await service.pushes(q);
      return [
        ['Показатель', 'Значение'],
        ['Поставлено в очередь', x.queued],
        ['Доставлено', x.delivered],
        ['Не доставлено', x.failed],
        ['Пропущено', x.skipped],
        ['Бот заблокирован', x.blockedBots],
        ['Напоминания выключены', x.remindersOff],
        ['Расклад в течение часа после пуша', x.followedByReading],
      ];
    }
    if (tab === 'referrals') {
      const r = await service.referrals(q);
      return [
        ['Пригласивший', 'Id', 'Наград', 'Отказ: аккаунты в одну минуту', 'Отказ: лимит месяца'],
        ...r.inviters.map((i) => [i.name, i.userId, i.granted, i.sameMinute, i.monthlyCap]),
      ];
    }
    const e = await service.experiments(q);
    return [
      [
        'Тест',
        'Вариант',
        'Пользователей',
        'Покупок',
        'Конверсия',
        'Разница',
        'ДИ 95 % от',
        'ДИ 95 % до',
        'P(лучший)',
        'Выручка на пользователя, ₽',
        'Вердикт',
      ],
      ...e.experiments.flatMap((x) =>
        x.variants.map((v) => [
          x.title,
          v.label,
          v.users,
          v.conversions,
          v.rate,
          v.diff?.value ?? '',
          v.diff?.low ?? '',
          v.diff?.high ?? '',
          v.probabilityBest,
          v.revenuePerUser.mean,
          x.verdict,
        ]),
      ),
    ];
  }

  return service;
}

export const DASHBOARD_TABS = ['money', 'funnel', 'experiments', 'retention', 'ai', 'pushes', 'referrals'] as const;
export type DashboardTab = (typeof DASHBOARD_TABS)[number];
