// Every claim about what a plan or pack includes, in Russian, rendered from the catalogue (PLAN_ACCESS,
// PRODUCT_INFO, SPREAD_COUNT): the plan cards, /services, the terms, the invoices, the bot's messages and the
// upgrade pitches all say these words, so changing a plan in catalogue.ts changes every claim about it.
// Also the names of the archive and the journal. (The support answer time and the refund window are the
// terms' own: domain/commerce/legal.ts.)
import {
  MICRO_PACK,
  PLAN_ACCESS,
  TRIAL_SECOND_OPINIONS_PER_DAY,
  PLAN_IDS,
  PRODUCTS,
  READ_ALOUD_PER_DAY,
  PRODUCT_INFO,
  planInfo,
  planOfTier,
  SECTION_NAMES,
  SPREAD_COUNT,
  UNLIMITED_CAP,
  type PlanAccess,
  type PlanId,
  type ProductId,
} from './catalogue';
import { getSpread, SPREADS } from '../tarot/spreads';
import type { SpreadAccess, SpreadType, Tier } from '../types';
import type { PriceTag } from './pricing';
import { pluralRu } from '../text/plural';

/** The spreads a plan opens, in catalogue order. */
export function spreadsOpenedBy(access: PlanAccess): SpreadType[] {
  return SPREADS.filter((s) => access.spreadLevels.includes(s.access)).map((s) => s.id);
}

const quoted = (names: string[]) => names.map((n) => `«${n}»`).join(', ');
const spreadNames = (a: PlanAccess) => spreadsOpenedBy(a).map((t) => getSpread(t)!.name);

/** «Все 8 раскладов» or «5 раскладов из 8: «…», «…»». */
function spreadsLine(a: PlanAccess): string {
  const names = spreadNames(a);
  if (names.length === SPREAD_COUNT) return `Все ${SPREAD_COUNT} ${pluralRu(SPREAD_COUNT, 'расклад', 'расклада', 'раскладов')}`;
  return `${names.length} ${pluralRu(names.length, 'расклад', 'расклада', 'раскладов')} из ${SPREAD_COUNT}: ${quoted(names)}`;
}

const perDayLine = (a: PlanAccess) =>
  a.spreadsPerDay >= UNLIMITED_CAP
    ? 'Расклады без ограничений'
    : `До ${a.spreadsPerDay} ${pluralRu(a.spreadsPerDay, 'расклада', 'раскладов', 'раскладов')} в день`;

const followUpLine = (n: number) =>
  `${n} ${pluralRu(n, 'уточняющий вопрос', 'уточняющих вопроса', 'уточняющих вопросов')} к каждому раскладу`;

/** «Второе мнение» a day: ««Второе мнение» другого таролога — 3 раза в день». */
const secondOpinionClaim = (n: number) => `«Второе мнение» другого таролога — ${n} ${pluralRu(n, 'раз', 'раза', 'раз')} в день`;

const archiveLine = (a: PlanAccess) =>
  a.archiveDays === null
    ? `Весь архив «${SECTION_NAMES.archive}», без ограничения по сроку`
    : `«${SECTION_NAMES.archive}» за последние ${a.archiveDays} дней`;

/** A period as a noun: «месяц», «3 месяца», «неделя», «2 недели», «10 дней». */
export function periodNoun(days: number): string {
  if (days % 30 === 0) return days === 30 ? 'месяц' : `${days / 30} ${pluralRu(days / 30, 'месяц', 'месяца', 'месяцев')}`;
  if (days % 7 === 0) return days === 7 ? 'неделя' : `${days / 7} ${pluralRu(days / 7, 'неделя', 'недели', 'недель')}`;
  return `${days} ${pluralRu(days, 'день', 'дня', 'дней')}`;
}

/** What a price is for: «в месяц» for a 30-day period only, otherwise «на 3 месяца», «на неделю», «на 10 дней». */
export function perPeriod(days: number): string {
  if (days === 30) return 'в месяц';
  return `на ${days === 7 ? 'неделю' : periodNoun(days)}`;
}

/** How often a plan renews: «каждые 30 дней», «каждые 90 дней». */
export const everyPeriod = (days: number): string => `каждые ${days} ${pluralRu(days, 'день', 'дня', 'дней')}`;

/** Everything a plan (or the week pass) opens, one line per fact, in a fixed order. */
export function planFeatures(tier: Exclude<Tier, 'free'>): string[] {
  const a = PLAN_ACCESS[tier];
  const out = [perDayLine(a), spreadsLine(a)];
  if (a.fullInterpretation) out.push('Полные толкования');
  if (a.followUpsPerReading > 0) out.push(followUpLine(a.followUpsPerReading));
  if (a.secondOpinionsPerDay > 0) out.push(secondOpinionClaim(a.secondOpinionsPerDay));
  if (a.dailyRedraw) out.push('Карта дня — повторно в тот же день');
  if (a.detailedDay) out.push('Подробный разбор дня');
  if (a.microWithoutPaying) out.push('Дополнительные карты к карте дня без оплаты');
  out.push(archiveLine(a));
  return out;
}

/** The week pass's line after its features: it is paid once, and nothing renews it. */
export const WEEK_NO_AUTOPAY = 'Без автосписаний — разовая оплата';

/**
 * What `to` opens beyond `from`: the upgrade pitch (VIP over Basic sells only what VIP alone opens: its
 * spreads by name, more follow-ups, the whole archive, no daily limit).
 */
export function upgradeFeatures(from: Tier, to: Exclude<Tier, 'free'>): string[] {
  const a = PLAN_ACCESS[from];
  const b = PLAN_ACCESS[to];
  const out: string[] = [];
  if (b.spreadsPerDay > a.spreadsPerDay) out.push(perDayLine(b));
  const extra = spreadsOpenedBy(b).filter((t) => !spreadsOpenedBy(a).includes(t));
  // Many new spreads read better as «Все 8 раскладов» than as a list of names.
  if (extra.length > 3) out.push(spreadsLine(b));
  else if (extra.length) out.push(`${extra.length === 1 ? 'Расклад' : 'Расклады'} ${quoted(extra.map((t) => getSpread(t)!.name))}`);
  if (b.fullInterpretation && !a.fullInterpretation) out.push('Полные толкования');
  if (b.followUpsPerReading > a.followUpsPerReading) out.push(followUpLine(b.followUpsPerReading));
  if (b.secondOpinionsPerDay > a.secondOpinionsPerDay) out.push(secondOpinionClaim(b.secondOpinionsPerDay));
  if (b.dailyRedraw && !a.dailyRedraw) out.push('Карта дня — повторно в тот же день');
  if (b.detailedDay && !a.detailedDay) out.push('Подробный разбор дня');
  if (b.microWithoutPaying && !a.microWithoutPaying) out.push('Дополнительные карты к карте дня без оплаты');
  if (b.archiveDays === null && a.archiveDays !== null) out.push(archiveLine(b));
  return out;
}

/** The plan before `plan` in PLAN_IDS (cheapest first), whose card it builds on; none for the first. */
export const planBelow = (plan: PlanId): PlanId | undefined => PLAN_IDS[PLAN_IDS.indexOf(plan) - 1];

/** A plan card's list: the first plan's whole list; each later one «Всё, что есть в …» and what it adds. */
export function planCardFeatures(plan: PlanId): string[] {
  const below = planBelow(plan);
  const tier = planInfo(plan).tier;
  return below ? [`Всё, что есть в ${PRODUCT_INFO[below].name}`, ...upgradeFeatures(planInfo(below).tier, tier)] : planFeatures(tier);
}

/** The micro pack's contents: everything it gives, said the same way everywhere. */
export function microContents(): string[] {
  const spread = getSpread(MICRO_PACK.spread)!;
  return [
    `${MICRO_PACK.extraCards} дополнительные карты к карте дня и личный совет`,
    `Расклад «${spread.name}» на ${spread.cards} карты без доплаты`,
    `Подробный разбор дня на ${MICRO_PACK.detailedDayHours} ${pluralRu(MICRO_PACK.detailedDayHours, 'час', 'часа', 'часов')}`,
  ];
}

/** The micro pack in one line (invoices, the terms, the bot). */
export const microSummary = (): string => {
  const [cards, spread, day] = microContents();
  return `${cards}; ${lower(spread)}; ${lower(day)}`;
};

const lower = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);

/** A plan or pass in one line: «до 5 раскладов в день; 5 раскладов из 8: …; …». */
export const planSummary = (tier: Exclude<Tier, 'free'>): string => planFeatures(tier).map(lower).join('; ');

/**
 * A plan in the few words an invoice allows (YooKassa keeps 128 characters, Telegram 255): the spreads counted,
 * the ones only VIP opens named.
 */
function invoiceSummary(tier: Exclude<Tier, 'free'>): string {
  const a = PLAN_ACCESS[tier];
  const opened = spreadsOpenedBy(a);
  const vipOnly = opened.filter((t) => !spreadsOpenedBy(PLAN_ACCESS.basic).includes(t)).map((t) => getSpread(t)!.name);
  const spreads =
    opened.length === SPREAD_COUNT
      ? `Все ${SPREAD_COUNT} ${pluralRu(SPREAD_COUNT, 'расклад', 'расклада', 'раскладов')}${vipOnly.length ? ` (${vipOnly.join(', ')})` : ''}`
      : `${opened.length} ${pluralRu(opened.length, 'расклад', 'расклада', 'раскладов')} из ${SPREAD_COUNT}`;
  const out = [spreads, a.spreadsPerDay >= UNLIMITED_CAP ? 'безлимит' : `до ${a.spreadsPerDay} в день`];
  const n = a.followUpsPerReading;
  if (n > 0) out.push(`${n} ${pluralRu(n, 'уточнение', 'уточнения', 'уточнений')}`);
  if (a.archiveDays === null) out.push('весь архив');
  const o = a.secondOpinionsPerDay;
  if (o > 0) out.push(`второе мнение ${o}/день`);
  return out.join(', ');
}

/**
 * The invoice's description of each product (Stars and YooKassa; at most 128 characters); the trial's names the
 * plan it is the trial of (`trialPlan`, VIP's when the order names none).
 */
export function productDescription(product: ProductId, trialPlan: PlanId = planOfTier(PRODUCT_INFO.trial.tier!)!): string {
  const p = PRODUCT_INFO[product];
  switch (p.kind) {
    case 'micro': {
      const spread = getSpread(MICRO_PACK.spread)!;
      return `${MICRO_PACK.extraCards} карты к карте дня и совет, расклад «${spread.name}» и разбор дня на ${MICRO_PACK.detailedDayHours} ${pluralRu(MICRO_PACK.detailedDayHours, 'час', 'часа', 'часов')}.`;
    }
    case 'pass':
      return `${invoiceSummary(p.tier!)} — на ${p.days} дней, без автосписания.`;
    case 'plan':
      return `${invoiceSummary(p.tier!)} — на ${p.days} дней.`;
    case 'trial': {
      const plan = planInfo(trialPlan);
      // Only VIP's trial has fewer second opinions than its plan (TRIAL_SECOND_OPINIONS_PER_DAY).
      const fewer =
        PLAN_ACCESS[plan.tier].secondOpinionsPerDay > TRIAL_SECOND_OPINIONS_PER_DAY
          ? ` (второе мнение ${TRIAL_SECOND_OPINIONS_PER_DAY}/день)`
          : '';
      // What follows the trial (the renewal's price and period) is the invoice's own last sentence.
      return `Всё, что открывает ${plan.name}${fewer}, на ${p.days} ${pluralRu(p.days!, 'день', 'дня', 'дней')}.`;
    }
    default:
      return p.kind satisfies never;
  }
}

const _cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** The trial's name for the plan it is the trial of: «Пробный период Basic», «Пробный период VIP». */
export const trialName = (plan: PlanId): string => `Пробный период ${PRODUCT_INFO[plan].name}`;

/** A product's name for messages, pushes and /stats (the micro pack with its contents in pushes). */
export const productName = (product: string): string =>
  Object.hasOwn(PRODUCT_INFO, product) ? PRODUCT_INFO[product as ProductId].name : product;

/** Who writes the readings: named only when an AI provider is configured. */
export const readingsAuthorLine = (aiEnabled: boolean): string =>
  aiEnabled
    ? 'Толкования создаёт ИИ, они носят развлекательный характер.'
    : 'Толкования составлены по классическим значениям карт и носят развлекательный характер.';

/** The tiers the products set, in catalogue order (week, basic, vip). */
const PAID_TIERS = [...new Set(PRODUCTS.map((p) => PRODUCT_INFO[p].tier).filter((t) => t !== null))];
/** «A», «A» и «B», «A», «B» и «C» (`last` joins the last two). */
const listRu = (items: string[], last: string) =>
  items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} ${last} ${items.at(-1)}`;
const namesOf = (tiers: readonly Exclude<Tier, 'free'>[], last = 'и') =>
  listRu(
    tiers.map((t) => `«${PRODUCT_INFO[t].name}»`),
    last,
  );

/** Who may ask follow-up questions, and how many: the refusal a free user gets (app and bot). */
export function followUpsLockedText(): string {
  const counts = [...new Set(PAID_TIERS.map((t) => PLAN_ACCESS[t].followUpsPerReading).filter((n) => n > 0))].sort((x, y) => y - x);
  const parts = counts.map(
    (n) => `${namesOf(PAID_TIERS.filter((t) => PLAN_ACCESS[t].followUpsPerReading === n))} — ${lower(followUpLine(n))}`,
  );
  return `Уточняющие вопросы открывают: ${parts.join('; ')}.`;
}

/** Who may ask for a second opinion, and how often: the refusal a free user (or a micro-pack buyer) gets, app and bot. */
export function secondOpinionsLockedText(): string {
  const counts = [...new Set(PAID_TIERS.map((t) => PLAN_ACCESS[t].secondOpinionsPerDay).filter((n) => n > 0))].sort((x, y) => y - x);
  const parts = counts.map((n) => {
    const plans = PAID_TIERS.filter((t) => PLAN_ACCESS[t].secondOpinionsPerDay === n).map((t) => `«${PRODUCT_INFO[t].name}»`);
    if (n === TRIAL_SECOND_OPINIONS_PER_DAY) plans.push(lower(PRODUCT_INFO.trial.name));
    return `${listRu(plans, 'и')} — ${n} ${pluralRu(n, 'раз', 'раза', 'раз')} в день`;
  });
  return `«Второе мнение» другого таролога по тем же картам открывают: ${parts.join('; ')}.`;
}

/**
 * The readings read aloud a day on every plan (the voice service's limits; stated only when an AI provider is
 * configured, as voice exists only then): the terms and the tariffs page.
 */
export function readAloudLimitsText(): string {
  const times = (n: number) => `${n} ${pluralRu(n, 'раз', 'раза', 'раз')} в сутки`;
  const counts = [...new Set(PAID_TIERS.map((t) => READ_ALOUD_PER_DAY[t]))].sort((x, y) => x - y);
  const paid = counts.map((n) => `${namesOf(PAID_TIERS.filter((t) => READ_ALOUD_PER_DAY[t] === n))} — ${times(n)}`);
  return `Озвучка толкований («Прочитать вслух» в приложении, «🔊 Озвучить» в боте): бесплатно — ${times(READ_ALOUD_PER_DAY.free)}; ${paid.join('; ')}. Повторное прослушивание того же толкования не засчитывается.`;
}

/** The trial's own limit (the terms' 9.2): it opens VIP with fewer second opinions. */
export const trialSecondOpinionsClaim = (): string =>
  `«Второе мнение» в пробный период — ${TRIAL_SECOND_OPINIONS_PER_DAY} ${pluralRu(TRIAL_SECOND_OPINIONS_PER_DAY, 'раз', 'раза', 'раз')} в день`;

/** What opens the detailed day analysis: the plans that include it, and the micro pack for a while. */
export const detailedDayOpenedBy = (): string =>
  `${lower(PRODUCT_INFO.micro.name)} (на ${MICRO_PACK.detailedDayHours} ${pluralRu(MICRO_PACK.detailedDayHours, 'час', 'часа', 'часов')}), ${namesOf(
    PAID_TIERS.filter((t) => PLAN_ACCESS[t].detailedDay),
    'или',
  )}`;

/** The plans that open a spread of this access level: «Неделя безлимита», «Basic» и «VIP». */
export const spreadLevelOpenedBy = (level: SpreadAccess): string =>
  namesOf(PAID_TIERS.filter((t) => PLAN_ACCESS[t].spreadLevels.includes(level)));

/** Plan cards (id, name, price, period, popular, features, savings). */
export interface PlanCard {
  id: PlanId;
  name: string;
  price: PriceTag;
  period: string;
  popular: boolean;
  features: string[];
  savings: string | null;
}

export function planCards(prices: Record<PlanId, PriceTag>): PlanCard[] {
  return PLAN_IDS.map((id) => ({
    id,
    name: PRODUCT_INFO[id].name,
    price: prices[id],
    period: periodNoun(planInfo(id).days),
    // The most popular tag goes to the plan with the most features (our own rule).
    popular: id === 'vip',
    features: planCardFeatures(id),
    savings: id === 'vip' ? 'Все расклады без ограничений' : null,
  }));
}
