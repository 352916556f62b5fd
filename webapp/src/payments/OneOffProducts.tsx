// The tariffs page's other products, so it lists everything the catalogue sells: the trial of a plan, the week
// pass and the micro pack, each with its price as the user would pay it, what it gives and whether it renews.
import { Link } from 'wouter';
import { MICRO_PACK, PLAN_IDS, PRODUCT_INFO, TRIAL_DAYS, WEEK_DAYS } from '../../../domain/commerce/catalogue';
import { everyPeriod, microContents, planFeatures, WEEK_NO_AUTOPAY } from '../../../domain/commerce/claims';
import { formatPrice } from '../../../domain/commerce/pricing';
import { pluralRu } from '../../../domain/text/plural';
import type { Prices } from './prices';
import { PriceNote } from './prices';

const dayWord = (n: number) => `${n} ${pluralRu(n, 'день', 'дня', 'дней')}`;

export function OneOffProducts({ prices }: { prices: Prices }) {
  const p = prices.pricing;
  const plans = PLAN_IDS.map((id) => PRODUCT_INFO[id].name).join(' или ');
  const rows = [
    {
      id: 'trial',
      name: PRODUCT_INFO.trial.name,
      // Sold for roubles only (a card kept for renewal): in Telegram's Stars it is not offered.
      // Inside Telegram every price is in Stars, and the trial has none: it is named without a rouble figure.
      price: !p ? null : prices.mode === 'stars' ? 'Только в веб-версии' : `${formatPrice(p.trial.tag.rub)} за ${dayWord(TRIAL_DAYS)}`,
      lines: [
        `${plans} на ${dayWord(TRIAL_DAYS)}, один раз; оплата картой в веб-версии`,
        `Затем тариф продлевается ${everyPeriod(PRODUCT_INFO[PLAN_IDS[0]].days!)} по его цене — только с вашего согласия, отменить можно в любой момент`,
      ],
    },
    {
      id: 'week',
      name: PRODUCT_INFO.week.name,
      price: p ? `${prices.show(p.week.tag)} за ${dayWord(WEEK_DAYS)}` : null,
      note: p ? prices.note(p.week.tag) : null,
      lines: [...planFeatures('week').filter((f) => /^(Расклады|Полные|Дополнительные)/.test(f)), WEEK_NO_AUTOPAY],
    },
    {
      id: 'micro',
      name: PRODUCT_INFO.micro.name,
      price: p ? `${prices.show(p.micro.regularTag)} за карту дня` : null,
      note: p ? prices.note(p.micro.regularTag) : null,
      lines: [...microContents(), `Покупается к карте дня; ${MICRO_PACK.extraCards} карты открываются один раз, без продления`],
    },
  ];
  return (
    <section className="plans" data-testid="one-off-products">
      <p className="kicker">Пробный период и разовые покупки</p>
      {rows.map((r) => (
        <article key={r.id} className="plan" data-testid={`product-${r.id}`}>
          <h2>{r.name}</h2>
          <p className="plan-price" data-testid={`price-${r.id}`}>
            {r.price ? <strong>{r.price}</strong> : <span>—</span>}
            <PriceNote text={r.note ?? null} />
          </p>
          <ul className="plan-features">
            {r.lines.map((f) => (
              <li key={f}>{f}</li>
            ))}
          </ul>
        </article>
      ))}
      <p className="hint">
        Неделю и микро-пакет можно оформить на <Link href="/interactive-daily-card">карте дня</Link>, пробный период — на экране тарифа.
      </p>
    </section>
  );
}
