// The VIP offer shown to free users (under an interpretation, and with today's card already drawn).
import { useLocation } from 'wouter';
import { VIP_BENEFITS } from '../../../domain/commerce/offer-copy';
import { Icon } from '../components/Icon';

export function VipOffer({ title, cta, testId }: { title: string; cta: string; testId?: string }) {
  const [, navigate] = useLocation();
  return (
    <section className="vip-offer" data-testid={testId}>
      <p className="vip-offer-kicker">
        <Icon name="crown" size={14} /> VIP-доступ
      </p>
      <h2>{title}</h2>
      <ul>
        {VIP_BENEFITS.map((b) => (
          <li key={b}>{b}</li>
        ))}
      </ul>
      <button type="button" className="btn btn-gold btn-block" onClick={() => navigate('/subscription')}>
        {cta}
      </button>
    </section>
  );
}
