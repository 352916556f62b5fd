// Under an interpretation: the VIP offer for free users, the thank-you and the disclaimer.
import { CARDS_DISCLAIMER, DISCLAIMER } from '../../../domain/marketing';
import { COPY } from '../../../domain/offer-copy';
import { chooseTone } from '../../../domain/pricing';
import { useStatus } from '../hooks/useStatus';
import { usePrices } from '../payments/prices';
import { VipOffer } from './VipOffer';

/** `byCards`: the text above was written by the card-based interpreter, so the disclaimer must not name an AI. */
export function ReadingFooter({ byCards = false }: { byCards?: boolean } = {}) {
  const { data } = useStatus();
  const free = data?.userStatus.subscriptionType === 'free' && !data.userStatus.special;
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
