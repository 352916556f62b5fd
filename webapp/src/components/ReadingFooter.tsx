// Under an interpretation: the VIP offer for free users, the thank-you and the disclaimer.
import { useLocation } from 'wouter';
import { DISCLAIMER, PRICES, VIP_BENEFITS } from '../../../domain/marketing';
import { useStatus } from '../hooks/useStatus';
import { Icon } from './Icon';

export function ReadingFooter() {
  const [, navigate] = useLocation();
  const { data } = useStatus();
  const free = data?.userStatus.subscriptionType === 'free' && !data.userStatus.special;
  return (
    <>
      {free && (
        <section className="vip-offer" data-testid="vip-offer">
          <p className="vip-offer-kicker"><Icon name="crown" size={14} /> VIP-доступ</p>
          <h2>Полные толкования и все расклады</h2>
          <ul>
            {VIP_BENEFITS.map((b) => (
              <li key={b}>{b}</li>
            ))}
          </ul>
          <button type="button" className="btn btn-gold btn-block" onClick={() => navigate('/subscription')}>
            VIP за {PRICES.basic} ₽ в месяц
          </button>
        </section>
      )}
      <footer className="reading-footer">
        <p className="thanks" data-testid="thanks">
          Спасибо{data?.user.firstName ? `, ${data.user.firstName}` : ''}, что доверились картам ✦
        </p>
        <p className="disclaimer">{DISCLAIMER}</p>
      </footer>
    </>
  );
}
