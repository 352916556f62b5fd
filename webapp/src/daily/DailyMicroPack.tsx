// The micro pack on the daily card: its cards once opened, else the offer (with the promo's countdown, or a
// note that the promo ended) to whoever is not entitled to it yet.
import { MICRO_PACK, PRODUCT_INFO } from '../../../domain/commerce/catalogue';
import { microContents } from '../../../domain/commerce/claims';
import type { Pricing } from '../payments/client';
import { MicroCards, MicroSpreadButton, OfferTimer } from '../payments/components';
import { PriceNote, type Prices } from '../payments/prices';
import type { useMicroPack } from './useMicroPack';

type MicroPack = ReturnType<typeof useMicroPack>;

interface Props {
  pack: MicroPack;
  pricing: Pricing | null;
  show: Prices['show'];
  priceNote: Prices['note'];
}

export function DailyMicroPack({ pack, pricing, show, priceNote }: Props) {
  const { micro, offer, ent, buying } = pack;
  if (micro)
    return (
      <section className="stack" data-testid="micro-inline">
        <MicroCards
          cards={micro.cards.map((c) => ({ name: c.name, image: c.imgUrl, orientation: c.orientation, label: c.label }))}
          advice={micro.advice.text}
        />
        <MicroSpreadButton spread={micro.spread} />
      </section>
    );
  const entitledMicro = !!ent && (ent.hasMicroForCurrentQuestion || ent.microWithoutPaying);
  if (!offer?.upsell || !ent || entitledMicro) return null;
  // A countdown only for a real discount: the promo price lower than the regular one.
  const promoOn = offer.promoActive && !!offer.expiresAt && offer.tag.rub < offer.regularTag.rub;
  const promoEnded = offer.hasPromo && !offer.promoActive;
  return (
    <section className="offer-box" data-testid="micro-offer">
      <p className="kicker">{PRODUCT_INFO.micro.name}</p>
      <h2>Ещё {MICRO_PACK.extraCards} карты + личный совет</h2>
      {pricing && <p className="hint">{pricing.copy.micro}</p>}
      <ul className="check-list" data-testid="micro-contents">
        {microContents().map((c) => (
          <li key={c}>{c}</li>
        ))}
      </ul>
      <div className="price-row">
        <span className="price-main" data-testid="micro-price">
          {show(offer.tag)}
        </span>
        {promoOn && <span className="price-usual">{show(offer.regularTag)}</span>}
        <PriceNote text={priceNote(offer.tag)} />
      </div>
      {promoOn ? (
        <p className="hint">
          Специальная цена ещё <OfferTimer until={new Date(offer.expiresAt!).getTime()} onEnd={pack.reloadOffer} testId="micro-timer" />
        </p>
      ) : (
        promoEnded && (
          <p className="offer-ended" data-testid="micro-promo-ended">
            Специальная цена закончилась
          </p>
        )
      )}
      <button type="button" className="btn btn-gold btn-block" onClick={pack.buyMicro} disabled={buying} data-testid="micro-buy">
        {buying ? 'Переходим к оплате…' : `${pricing?.copy.revealCta ?? 'Открыть ещё 2 карты'} — ${show(offer.tag)}`}
      </button>
    </section>
  );
}
