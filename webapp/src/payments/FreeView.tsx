// The plan screen of a free user: the pitch, the trust badges, the social proof the database holds, the plan
// cards with their payment widgets, and the money-back guarantee.
import { MONEY_BACK } from '../../../domain/commerce/agreement';
import { MARKETING } from '../../../domain/commerce/marketing';
import { formatCount, purchasesTodayText } from '../../../domain/commerce/social-proof';
import { pluralRu } from '../../../domain/text/plural';
import type { UserStatus } from '../api';
import { Icon } from '../components/Icon';
import { ProofStrip, Reviews } from '../components/ProofStrip';
import type { Pricing, SocialProof } from './client';
import { PlanCard } from './PlanCard';

export function FreeView(props: {
  pricing: Pricing;
  proof: SocialProof | null;
  userId: number | null;
  loadingUser: boolean;
  onPaid: (s: UserStatus) => void;
}) {
  const today = props.proof ? purchasesTodayText(props.proof.todayCount) : null;
  return (
    <>
      <header className="screen-head">
        <span className="screen-icon">
          <Icon name="crown" size={30} />
        </span>
        <h1 className="title">VIP-доступ к картам</h1>
        <p className="hint">Безлимитные расклады и полные толкования</p>
      </header>
      <div className="trust" data-testid="trust">
        {MARKETING.trustBadges.map((t, i) => (
          <span key={t}>
            <Icon name={(['lock', 'bolt', 'undo'] as const)[i]} size={20} />
            {t}
          </span>
        ))}
      </div>
      {/* Only what the database holds: the counted figures, the published reviews, today's purchases. */}
      <ProofStrip items={props.proof?.items} testId="paywall-proof" />
      {props.proof && (props.proof.rating || today) && (
        <p className="hint center" data-testid="social-proof">
          {props.proof.rating && (
            <>
              <span className="stars">★</span> {props.proof.rating.value} · {formatCount(props.proof.rating.count)}{' '}
              {pluralRu(props.proof.rating.count, 'отзыв', 'отзыва', 'отзывов')}
            </>
          )}
          {props.proof.rating && today ? ' · ' : ''}
          {today}
        </p>
      )}
      {props.proof && <Reviews reviews={props.proof.reviews} />}
      <div className="plans">
        {props.pricing.plans.map((plan) => (
          <PlanCard
            key={plan.id}
            plan={plan}
            pricing={props.pricing}
            userId={props.userId}
            className={`plan-card ${plan.popular ? 'is-popular' : ''}`}
            testId={`plan-${plan.id}`}
            popular={plan.popular}
            loadingUser={props.loadingUser}
            onPaid={props.onPaid}
          />
        ))}
      </div>
      <section className="guarantee" data-testid="guarantee">
        <span className="guarantee-icon">
          <Icon name="shield" size={28} />
        </span>
        <div>
          <strong>{MONEY_BACK.title}</strong>
          <p>{MONEY_BACK.text}</p>
        </div>
      </section>
    </>
  );
}
