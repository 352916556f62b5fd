// Under the simple daily card, at most one paid offer: the advice for this card when it is for sale (or a way
// to it for who has it), else more cards with Basic; and a paid user's redraw.
import { MICRO_PACK, PRODUCT_INFO } from '../../../domain/commerce/catalogue';
import { useLocation } from 'wouter';
import type { DailyCardView } from '../api';
import type { loadPaidState } from '../payments/daily-paid';
import { type Prices, tagOf } from '../payments/prices';

type PaidState = Awaited<ReturnType<typeof loadPaidState>>;

interface Props {
  card: DailyCardView;
  paid: PaidState | undefined;
  prices: Prices;
  free: boolean;
  onRedraw: () => void;
}

export function DailyOffers({ card, paid, prices, free, onRedraw }: Props) {
  const [, navigate] = useLocation();
  const basicPrice = free ? prices.monthly('basic') : null;
  const hasAdvice = !!paid && (!!paid.ent?.detailedGuidance || !!paid.reveal);
  const hasAnalysis = !!paid?.ent?.detailedGuidance;
  const microPrice = prices.pricing?.micro.available && paid && !hasAdvice ? prices.show(tagOf(prices.pricing, 'micro')) : null;
  return (
    <div className="stack">
      {/* At most one paid offer: the advice for this card when it is for sale, else more cards with Basic. */}
      {hasAdvice && !hasAnalysis ? (
        <button
          type="button"
          className="btn btn-secondary btn-block"
          onClick={() => navigate('/interactive-daily-card')}
          data-testid="daily-advice"
        >
          Открыть подробный совет
        </button>
      ) : microPrice ? (
        <>
          <p className="hint center" data-testid="daily-advice-what">
            Платно: {PRODUCT_INFO.micro.name} — ещё {MICRO_PACK.extraCards} карты и личный совет на день
          </p>
          <button
            type="button"
            className="btn btn-secondary btn-block"
            onClick={() => navigate('/interactive-daily-card')}
            data-testid="daily-advice"
          >
            {`Подробный совет — ${microPrice}`}
          </button>
        </>
      ) : (
        free &&
        paid &&
        !hasAdvice && (
          <button type="button" className="btn btn-secondary btn-block" onClick={() => navigate('/subscription')} data-testid="daily-more">
            {/* Basic is the cheapest plan that draws again; the pitch names the plan whose price it quotes. */}
            {basicPrice ? `Больше карт в день — Basic за ${basicPrice}` : 'Больше карт в день'}
          </button>
        )
      )}
      {card.canRedraw && (
        <button type="button" className="btn btn-secondary btn-block" onClick={onRedraw} data-testid="daily-redraw">
          Выбрать новую карту
        </button>
      )}
    </div>
  );
}
