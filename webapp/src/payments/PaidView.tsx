// The plan screen of a Basic or VIP holder: the status and its renewal, the privileges, the upgrade to VIP for
// Basic, and cancelling the renewal.
import { PRODUCT_INFO, type PaidTier, planInfo, planOfTier } from '../../../domain/commerce/catalogue';
import { planFeatures, upgradeFeatures } from '../../../domain/commerce/claims';
import { formatRuDate } from '../../../domain/text/time';
import type { UserStatus } from '../api';
import { keys, useApi } from '../data';
import { getRenewal, type Pricing } from './client';
import { PaymentWidget } from './PaymentWidget';
import { useCancelRenewal } from './useCancelRenewal';

export function PaidView(props: {
  status: UserStatus;
  pricing: Pricing | null;
  userId: number | null;
  onPaid: (s: UserStatus) => void;
  onCancelled: () => void;
}) {
  const vip = props.status.subscriptionType === 'vip';
  // The plan this tier is sold as (PaidView is shown for Basic and VIP only).
  const plan = planOfTier(props.status.subscriptionType as PaidTier)!;
  const planName = PRODUCT_INFO[plan].name;
  const until = props.status.subscriptionExpires ? formatRuDate(props.status.subscriptionExpires, props.status.timeZone) : null;
  // Whether the plan renews, the next charge's amount and date: the server's own words.
  const { data: renewal = null, reload: reloadRenewal } = useApi(keys.renewal, getRenewal);
  const { cancelling, cancelNote, cancel } = useCancelRenewal(planName, until, () => {
    props.onCancelled();
    void reloadRenewal();
  });
  // Whether the plan renews is the renewal's answer (a recurring billing that still charges), not the user's
  // flag alone: a plan without one must not offer to cancel a renewal the line above says will not happen.
  const renews = renewal ? renewal.renews : props.status.autoRenew;
  return (
    <>
      <section className="paid-hero" data-testid="paid-view">
        <p className="vip-offer-kicker" data-testid="plan-kicker">
          {vip ? 'Ваш VIP-статус' : 'Ваша подписка'}
        </p>
        <span className="status-badge">Активна</span>
        <h1 data-testid="plan-heading">{planName}</h1>
        <p className="expiry" data-testid="plan-expiry">
          {props.status.subscriptionExpires ? `до ${formatRuDate(props.status.subscriptionExpires, props.status.timeZone)}` : 'Бессрочно'}
        </p>
        {/* A plan that renews says when and for how much; one that does not says only that: its end is just above. */}
        {renewal?.renews ? (
          <p data-testid="renewal">{renewal.text}</p>
        ) : (
          !renews && props.status.subscriptionExpires && <p data-testid="renew-off">Не продлевается</p>
        )}
      </section>
      <section className="panel">
        <h2>Ваши привилегии</h2>
        <ul className="check-list" data-testid="privileges">
          {planFeatures(planInfo(plan).tier).map((f) => (
            <li key={f}>{f}</li>
          ))}
        </ul>
      </section>
      {!vip && props.pricing && <UpgradeToVip status={props.status} pricing={props.pricing} userId={props.userId} onPaid={props.onPaid} />}
      {cancelNote && (
        <p className={`pay-message${cancelNote.ok ? ' is-ok' : ''}`} role="status" data-testid="cancel-result">
          {cancelNote.text}
        </p>
      )}
      {renews && (
        <button type="button" className="danger-link" onClick={cancel} disabled={cancelling} data-testid="cancel-subscription">
          Отменить автопродление
        </button>
      )}
    </>
  );
}

/** Basic's way up: what VIP adds, what becomes of the Basic days left, and its payment widget. */
function UpgradeToVip(props: { status: UserStatus; pricing: Pricing; userId: number | null; onPaid: (s: UserStatus) => void }) {
  return (
    <section className="plan-card upgrade" data-testid="upgrade">
      <p className="kicker">Улучшить до VIP</p>
      <h2>{PRODUCT_INFO.vip.name}</h2>
      <p className="hint" data-testid="upgrade-features">
        {upgradeFeatures('basic', 'vip').join('. ')}.
      </p>
      {/* Why the widget's date is later than a month: the purchase converts the Basic days left (extendPlan). */}
      <p className="hint" data-testid="upgrade-carry">
        Оставшиеся дни Basic пересчитаются в дни VIP по цене и добавятся к концу.
      </p>
      <PaymentWidget
        planId="vip"
        pricing={props.pricing}
        userId={props.userId}
        title="VIP"
        timeZone={props.status.timeZone}
        onConfirmed={props.onPaid}
        testId="pay-upgrade"
      />
    </section>
  );
}
