// The running tests, declared in one place: each names its variants, how a user is assigned (stably, from the
// id), who counts as exposed and what counts as a conversion. The dashboard's «Эксперименты» reads this list;
// a new test is one more entry here. The verdict rule (minimum sample, the methods) is here too.
import { bootstrapRevenue, probabilityBest, twoProportionTest, type Interval, type RevenueGroup } from './ab-stats';
import { AB_VARIANTS, chooseMicroVariant, chooseTone, DEFAULT_MICRO_PRICE_VARIANTS, TONES } from './pricing';

/** What a conversion is: a paid micro pack, or any payment. */
export type ExperimentGoal = 'micro' | 'any';

export interface Experiment {
  id: string;
  title: string;
  /** Variants in order; the first is the control. */
  variants: readonly { id: string; label: string }[];
  /** The variant a user sees (the same function the offers use). */
  assign: (userId: number) => string;
  /** Exposed: the user was served the micro offer (its copy and price carry both tests). */
  goal: ExperimentGoal;
}

export const EXPERIMENTS: readonly Experiment[] = [
  {
    id: 'micro_price',
    title: 'Цена микро-расклада',
    variants: AB_VARIANTS.map((v) => ({ id: v, label: `${v}: ${DEFAULT_MICRO_PRICE_VARIANTS[v]} ₽` })),
    assign: (u) => chooseMicroVariant(u),
    goal: 'micro',
  },
  {
    id: 'tone',
    title: 'Тон предложений',
    variants: TONES.map((t) => ({ id: t, label: t === 'romance' ? 'Романтичный' : 'Мистический' })),
    assign: (u) => chooseTone(u),
    goal: 'any',
  },
];

/** Below this many exposed users in any variant the verdict is «рано судить». */
export const MIN_USERS_PER_VARIANT = 200;
/** …and below this many conversions in all variants together. */
export const MIN_CONVERSIONS = 20;

/** One user's outcome in a test: converted or not, and the revenue (roubles) it brought. */
export interface ExposedUser {
  variant: string;
  revenueRub: number;
}

export interface VariantResult {
  id: string;
  label: string;
  users: number;
  conversions: number;
  rate: number;
  /** Difference of rate from the control (p.p. as a share) with its 95 % interval; null for the control. */
  diff: { value: number; low: number; high: number; pValue: number } | null;
  probabilityBest: number;
  revenuePerUser: Interval;
  revenueDiff: Interval | null;
}

export interface ExperimentResult {
  id: string;
  title: string;
  variants: VariantResult[];
  enoughData: boolean;
  verdict: string;
}

const pct = (x: number, digits = 1) => `${(x * 100).toFixed(digits).replace('.', ',')} %`;
const pp = (x: number) => `${(x * 100).toFixed(1).replace('.', ',')} п.п.`;

/** The figures and the verdict of one test over its exposed users. `seed` fixes the simulations. */
export function analyseExperiment(e: Experiment, exposed: readonly ExposedUser[], seed = 1): ExperimentResult {
  // One pass over the exposed users (there can be hundreds of thousands).
  const index = new Map(e.variants.map((v, i) => [v.id, i]));
  const groups = e.variants.map(() => ({ users: 0, conversions: 0, payers: [] as number[] }));
  for (const x of exposed) {
    const g = groups[index.get(x.variant) ?? -1];
    if (!g) continue;
    g.users++;
    if (x.revenueRub > 0) g.payers.push(x.revenueRub);
  }
  for (const g of groups) g.conversions = g.payers.length;
  const pBest = probabilityBest(groups, seed);
  const revenue = bootstrapRevenue(groups as RevenueGroup[], seed);
  const control = groups[0];
  const variants: VariantResult[] = e.variants.map((v, i) => {
    const g = groups[i];
    const t = i === 0 ? null : twoProportionTest(control.conversions, control.users, g.conversions, g.users);
    return {
      id: v.id,
      label: v.label,
      users: g.users,
      conversions: g.conversions,
      rate: g.users ? g.conversions / g.users : 0,
      diff: t && { value: t.diff, low: t.low, high: t.high, pValue: t.pValue },
      probabilityBest: pBest[i],
      revenuePerUser: revenue.perUser[i],
      revenueDiff: i === 0 ? null : revenue.diff[i],
    };
  });
  const enoughData =
    groups.every((g) => g.users >= MIN_USERS_PER_VARIANT) && groups.reduce((a, g) => a + g.conversions, 0) >= MIN_CONVERSIONS;
  let verdict: string;
  if (!enoughData)
    verdict = `Рано судить: нужно не меньше ${MIN_USERS_PER_VARIANT} пользователей в каждом варианте и ${MIN_CONVERSIONS} покупок всего.`;
  else {
    const sorted = [...variants].sort((a, b) => b.rate - a.rate);
    const [lead, next] = sorted;
    const sure = lead.probabilityBest >= 0.95 ? '' : ' Разница пока не надёжна.';
    verdict = `Лидирует ${lead.label}: конверсия ${pct(lead.rate)} против ${pct(next.rate)} (+${pp(lead.rate - next.rate)}), вероятность быть лучшим ${pct(lead.probabilityBest, 0)}.${sure}`;
  }
  return { id: e.id, title: e.title, variants, enoughData, verdict };
}
