// What the payment widget says before paying, in one place: each choice's price now and what follows (the
// trial and the plan without it are separate choices, never swapped by the autopay box), the consent's words,
// and the line under it. Dates come from the server's pricing answer (the day access would end after paying).
import { everyPeriod, periodNoun } from '../../../domain/commerce/claims';
import { pluralRu } from '../../../domain/text/plural';
import { DAY_MS, formatRuDate } from '../../../domain/text/time';
import type { PlanId } from '../../../domain/commerce/catalogue';
import type { PriceTag } from '../../../domain/commerce/pricing';
import type { Pricing } from './client';

export type Choice = 'plan' | 'trial';

const days = (n: number) => `${n} ${pluralRu(n, 'день', 'дня', 'дней')}`;

export interface OfferTerms {
  /** The trial may be chosen for this plan (roubles only, once, leading up). */
  trialOffered: boolean;
  /** The plan's price for its period: «499 ₽ / месяц» (never swapped for the trial's). */
  priceText: string;
  /** Each choice's name, its charge now and what follows it. */
  trial: { title: string; now: string; later: string } | null;
  plan: { title: string; now: string; later: string };
  /** The consent box's words for the chosen way. */
  consentLabel: string;
  /** The line under the box: the next charge's amount and date, or that nothing renews. */
  renewalLine: string;
  /** The pay button. */
  button: string;
}

export function offerTerms(o: {
  pricing: Pricing;
  planId: PlanId;
  title: string;
  choice: Choice;
  consent: boolean;
  stars: boolean;
  show: (tag: PriceTag) => string;
  timeZone?: string;
}): OfferTerms {
  const { pricing, planId, show } = o;
  const plan = pricing.plansById[planId];
  const trial = pricing.trial;
  const trialOffered = !o.stars && !!trial.availableFor?.[planId];
  const price = show(plan.tag);
  const every = everyPeriod(plan.days);
  const date = (iso: string | null) => (iso ? formatRuDate(iso, o.timeZone) : null);
  const planEnd = date(plan.accessUntil);
  const trialEnd = date(trial.accessUntil[planId]);
  // A Stars subscription is charged on Telegram's schedule (a period after paying); days carried over from an
  // earlier plan outlast it, and each renewal adds its period after them.
  const starsChargeAt = Date.now() + plan.days * DAY_MS;
  const chargeDate = o.stars ? formatRuDate(new Date(starsChargeAt), o.timeZone) : planEnd;
  const carried =
    o.stars && plan.accessUntil && new Date(plan.accessUntil).getTime() - starsChargeAt > DAY_MS
      ? ` Оставшиеся дни сохранятся: доступ до ${planEnd}, каждое продление добавит ${days(plan.days)}.`
      : '';
  const onTrial = trialOffered && o.choice === 'trial';
  const trialPrice = show(trial.tag);
  const consentLabel = o.stars
    ? `Согласен на автопродление: подписка Telegram Stars, ${price} ${every}. Отменить можно в любой момент.`
    : onTrial
      ? `Согласен на автопродление после пробной недели: ${trialEnd ?? 'в её конце'} и затем ${every} — ${price}. Отменить можно в любой момент.`
      : `Согласен на автопродление: ${price} ${every}. Отменить можно в любой момент.`;
  const renewalLine = onTrial
    ? o.consent
      ? `Продлится автоматически ${trialEnd}: спишется ${price}, затем ${every}.`
      : 'Пробная неделя оформляется только с автопродлением: отметьте согласие выше или выберите оплату без пробного периода.'
    : o.consent
      ? `Продлится автоматически ${chargeDate}: спишется ${price}, затем ${every}.${carried}`
      : `Разовая оплата на ${days(plan.days)}: не продлевается${planEnd ? `, доступ до ${planEnd}` : ''}.`;
  return {
    trialOffered,
    priceText: `${price} / ${periodNoun(plan.days)}`,
    trial: trialOffered
      ? {
          title: `Пробная неделя — ${trialPrice}`,
          now: `Сейчас: ${trialPrice} за ${days(trial.days)} ${o.title}.`,
          later: `Затем с ${trialEnd}: ${price} ${every} с сохранённой карты, пока вы не отмените автопродление.`,
        }
      : null,
    plan: {
      title: trialOffered ? `Без пробного периода — ${price}` : `${o.title} — ${price}`,
      now: `Сейчас: ${price} за ${days(plan.days)}.`,
      later: `Затем: ${price} ${every}, только если вы отметите автопродление; без него доступ до ${planEnd ?? 'конца периода'}, без списаний.`,
    },
    consentLabel,
    renewalLine,
    button: onTrial ? `Начать пробную неделю — ${trialPrice}` : `Оформить ${o.title} — ${price}`,
  };
}
