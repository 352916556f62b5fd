// Under an interpretation: the VIP offer for free users, the thank-you and the disclaimer.
import { CARDS_DISCLAIMER, DISCLAIMER, PRICES } from '../../../domain/marketing';
import { useStatus } from '../hooks/useStatus';
import { VipOffer } from './VipOffer';

/** `byCards`: the text above was written by the card-based interpreter, so the disclaimer must not name an AI. */
export function ReadingFooter({ byCards = false }: { byCards?: boolean } = {}) {
  const { data } = useStatus();
  const free = data?.userStatus.subscriptionType === 'free' && !data.userStatus.special;
  return (
    <>
      {free && <VipOffer title="Полные толкования и все расклады" cta={`VIP за ${PRICES.basic} ₽ в месяц`} testId="vip-offer" />}
      <footer className="reading-footer">
        <p className="thanks" data-testid="thanks">
          Спасибо{data?.user.firstName ? `, ${data.user.firstName}` : ''}, что доверились картам ✦
        </p>
        <p className="disclaimer" data-testid="disclaimer">{byCards ? CARDS_DISCLAIMER : DISCLAIMER}</p>
      </footer>
    </>
  );
}
