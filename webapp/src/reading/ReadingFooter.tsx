// Under an interpretation: the VIP offer for free users, the thank-you and the disclaimer. Under an answer that
// failed, only a line true to what happened: nothing to sell, nothing to thank for.
import { CARDS_DISCLAIMER, DISCLAIMER } from '../../../domain/commerce/marketing';
import { COPY } from '../../../domain/commerce/offer-copy';
import { chooseTone } from '../../../domain/commerce/pricing';
import { useStatus } from '../hooks/useStatus';
import { usePrices } from '../payments/prices';
import type { Failed } from './ReadingResult';
import { VipOffer } from './VipOffer';

/** Under the AI's failure: the cards wrote the text above, and asking again costs nothing. */
export const AI_FAILED_FOOTER =
  'ИИ-толкователь не ответил, поэтому толкование выше составлено по классическим значениям карт. Расклад сохранён, повторный запрос бесплатен.';
/** Under a call that failed outright: no answer yet, the cards are kept. */
export const CALL_FAILED_FOOTER = 'Толкование пока не получено. Расклад и его карты сохранены — попробуйте ещё раз, это бесплатно.';

/**
 * `byCards`: the text above was written by the card-based interpreter, so the disclaimer must not name an AI.
 * `failed`: the answer failed (the AI, or the call): no offer, no thanks, a footer saying so.
 */
export function ReadingFooter({
  byCards = false,
  failed = null,
  offers = true,
}: {
  byCards?: boolean;
  failed?: Failed;
  offers?: boolean;
} = {}) {
  if (failed)
    return (
      <footer className="reading-footer" data-testid="failed-footer">
        <p className="disclaimer" data-testid="disclaimer">
          {failed === 'ai' ? AI_FAILED_FOOTER : CALL_FAILED_FOOTER}
        </p>
      </footer>
    );
  return <AnsweredFooter byCards={byCards} offers={offers} />;
}

/** `offers`: false under a reading that opens with care: no VIP offer there. */
function AnsweredFooter({ byCards, offers }: { byCards: boolean; offers: boolean }) {
  const { data } = useStatus();
  const free = offers && data?.userStatus.subscriptionType === 'free' && !data.userStatus.special;
  const vipPrice = usePrices(free).monthly('vip');
  return (
    <>
      {free && (
        <VipOffer title="Полные толкования и все расклады" cta={vipPrice ? `VIP за ${vipPrice}` : 'Оформить VIP'} testId="vip-offer" />
      )}
      <footer className="reading-footer">
        <p className="thanks" data-testid="thanks">
          Спасибо{data?.user.firstName ? `, ${data.user.firstName}` : ''}, что доверились картам ✦
        </p>
        <p className="disclaimer" data-testid="disclaimer">
          {/* An AI text carries the copy bank's disclaimer in the user's tone; a card-based one never names an AI. */}
          {byCards
            ? CARDS_DISCLAIMER
            : data?.user.id
              ? `${COPY[chooseTone(data.user.id)].disclaimer} Это не медицинская, юридическая или финансовая консультация.`
              : DISCLAIMER}
        </p>
      </footer>
    </>
  );
}
