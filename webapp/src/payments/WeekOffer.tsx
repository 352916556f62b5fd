// The week pass's offer box (the daily card, the micro result): its price for its days and what it opens, in
// the catalogue's words. No anchor price («вместо 7 × …») and no countdown: the price is the same tomorrow.
import { PRODUCT_INFO, WEEK_DAYS } from '../../../domain/commerce/catalogue';
import { planFeatures, WEEK_NO_AUTOPAY } from '../../../domain/commerce/claims';
import { formatTag, type PriceMode, type PriceTag } from '../../../domain/commerce/pricing';
import { pluralRu } from '../../../domain/text/plural';

/** The few lines of the pass that matter beside a daily card: spreads, interpretations, the extra cards. */
const WEEK_LINES = planFeatures('week').filter((f) => /^(Расклады|Полные|Подробный|Дополнительные)/.test(f));

export function WeekOffer(props: { week: PriceTag; mode: PriceMode; busy?: boolean; onBuy: () => void; message?: string | null }) {
  const price = formatTag(props.week, props.mode);
  const days = `${WEEK_DAYS} ${pluralRu(WEEK_DAYS, 'день', 'дня', 'дней')}`;
  return (
    <section className="offer-box week-upsell" data-testid="week-upsell">
      <p className="vip-offer-kicker">{PRODUCT_INFO.week.name}</p>
      <h2 data-testid="week-upsell-price">
        {price} за {days}
      </h2>
      <ul className="check-list" data-testid="week-upsell-features">
        {WEEK_LINES.map((f) => (
          <li key={f}>{f}</li>
        ))}
      </ul>
      {props.message && <p className="pay-message">{props.message}</p>}
      <button type="button" className="btn btn-gold btn-block" onClick={props.onBuy} disabled={props.busy} data-testid="week-buy">
        {props.busy ? 'Переходим к оплате…' : `Включить на ${days} — ${price}`}
      </button>
      <p className="offer-note">{WEEK_NO_AUTOPAY} · Мгновенная активация</p>
    </section>
  );
}
