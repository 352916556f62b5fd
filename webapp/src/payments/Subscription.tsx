// The subscription screen: three views by the plan in force. week (payments/WeekView.tsx): the confirmation
// after paying, the week's end, an extend button and the plans to move to; basic/vip: the status, privileges, an upgrade widget for basic, cancel;
// free: the pitch with two plan cards and payment widgets. After any payment the status is read again from
// the server; nothing here grants access.
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { formatRuDate } from '../../../domain/text/time';
import { MARKETING } from '../../../domain/commerce/marketing';
import { PRODUCT_INFO, planInfo, planOfTier, type PaidTier } from '../../../domain/commerce/catalogue';
import { planFeatures, upgradeFeatures } from '../../../domain/commerce/claims';
import { formatCount, purchasesTodayText } from '../../../domain/commerce/social-proof';
import { MONEY_BACK } from '../../../domain/commerce/agreement';
import type { UserStatus } from '../api';
import { ErrorBlock } from '../components/ErrorBlock';
import { Icon } from '../components/Icon';
import { Page } from '../components/Page';
import { ProofStrip, Reviews } from '../components/ProofStrip';
import { afterPayment, setStatus, useStatus } from '../hooks/useStatus';
import { keys, useApi } from '../data';
import { cancelSubscription, getPricing, getRenewal, getSocialProof, syncMethod, track, type Pricing, type SocialProof } from './client';
import { PaymentWidget } from './PaymentWidget';
import { WeekView } from './WeekView';
import './paid.css';
import { pluralRu } from '../../../domain/text/plural';

/** The truth about cancelling: renewal stops, access stays to the end of the paid period. */
export function cancelConfirmText(plan: string, until: string | null): string {
  return until
    ? `Отменить автопродление ${plan}? Подписка больше не будет продлеваться и списаний не будет. Доступ ко всем привилегиям сохранится до ${until}.`
    : `Отменить автопродление ${plan}? Подписка больше не будет продлеваться и списаний не будет.`;
}

function PaidView(props: {
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
  const [cancelling, setCancelling] = useState(false);
  const [cancelNote, setCancelNote] = useState<{ ok: boolean; text: string } | null>(null);
  // Whether the plan renews, the next charge's amount and date: the server's own words.
  const { data: renewal = null, reload: reloadRenewal } = useApi(keys.renewal, getRenewal);
  const cancel = async () => {
    if (!window.confirm(cancelConfirmText(planName, until))) return;
    setCancelling(true);
    setCancelNote(null);
    try {
      const { userStatus } = await cancelSubscription();
      setStatus(userStatus);
      const end = userStatus.subscriptionExpires ? formatRuDate(userStatus.subscriptionExpires, userStatus.timeZone) : until;
      setCancelNote({
        ok: true,
        text: `Автопродление отключено. Списаний больше не будет${end ? `, доступ к ${planName} сохранится до ${end}` : ''}.`,
      });
      props.onCancelled();
      void reloadRenewal();
    } catch {
      setCancelNote({ ok: false, text: 'Не удалось отменить подписку. Попробуйте ещё раз или напишите в поддержку.' });
    } finally {
      setCancelling(false);
    }
  };
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
      {!vip && props.pricing && (
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
      )}
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

function FreeView(props: {
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
          <section key={plan.id} className={`plan-card ${plan.popular ? 'is-popular' : ''}`} data-testid={`plan-${plan.id}`}>
            {plan.popular && <span className="tag-popular">Самый популярный</span>}
            <h2>{plan.name}</h2>
            <ul className="check-list">
              {plan.features.map((f) => (
                <li key={f}>{f}</li>
              ))}
            </ul>
            <PaymentWidget
              planId={plan.id}
              pricing={props.pricing}
              userId={props.userId}
              loadingUser={props.loadingUser}
              title={plan.name}
              onConfirmed={props.onPaid}
            />
          </section>
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

export default function Subscription() {
  const [, navigate] = useLocation();
  const { data, error, loading, reload } = useStatus({ fresh: true });
  const prices = useApi(keys.pricing, getPricing);
  const { data: proof } = useApi(keys.socialProof, getSocialProof);
  const pricing = prices.data ?? null;
  // The screen that paid (the daily card's week offer) drops its outdated prices as it closes, after this
  // screen read them: asked again then, rather than a spinner that waits for nothing.
  useEffect(() => {
    if (!prices.data && !prices.error && !prices.isValidating) prices.reload();
  }, [prices.data, prices.error, prices.isValidating]);
  // A retry shows the spinner again, not the old error.
  const pricingError = prices.error && !prices.isValidating ? prices.error.message : null;
  const tracked = useRef(false);
  const [justPaid, setJustPaid] = useState(false);
  // Back from paying for the week pass (?week=paid): its confirmation leads the week's screen.
  const [weekPaid] = useState(() => new URLSearchParams(window.location.search).get('week') === 'paid');

  useEffect(() => {
    // Back from a card payment: ask the server to re-check it (POST /api/payments/sync-method).
    const q = new URLSearchParams(window.location.search);
    const paymentId = q.get('paymentId') ?? q.get('payment_id') ?? undefined;
    const orderId = q.get('orderId') ?? undefined;
    if (paymentId || orderId)
      syncMethod({ paymentId, orderId })
        .then(({ userStatus }) => afterPayment(userStatus))
        .catch(() => {})
        .finally(() => {
          void reload();
          // The pricing was loaded before the payment was confirmed (a trial used up changes it).
          prices.reload();
        });
  }, []);

  useEffect(() => {
    if (!pricing || tracked.current) return;
    tracked.current = true;
    track('subscription_page_view', { subscriptionType: data?.userStatus.subscriptionType ?? null });
    track('paywall_shown', {
      abMicroVariant: pricing.abMicroVariant,
      abTone: pricing.abTone,
      currency: pricing.currency,
      source: 'subscription_screen',
    });
  }, [pricing, data]);

  const status = data?.userStatus ?? null;
  const userId = data?.user.id ?? null;
  const onPaid = (s: UserStatus) => {
    setJustPaid(true);
    afterPayment(s);
    // A trial used up changes the prices shown here.
    prices.reload();
  };

  return (
    <Page back={() => navigate('/')} loading={!status || !pricing} testId="subscription" className="subscription">
      {/* One message and one retry for whatever failed to load (the status, the prices or both). */}
      {((error && !status) || pricingError) && (
        <ErrorBlock
          message={error && !status ? error.message : pricingError!}
          onRetry={() => {
            if (!status) void reload();
            if (!pricing) prices.reload();
          }}
        />
      )}
      {(!status || !pricing) && !error && !pricingError && (
        <div className="center">
          <span className="spinner spinner-lg" role="status" aria-label="Загрузка…" />
        </div>
      )}
      {justPaid && status?.subscriptionType !== 'week' && (
        <p className="pay-message is-ok" role="status" data-testid="pay-success">
          Подписка успешно активирована!
        </p>
      )}
      {status && pricing && status.subscriptionType === 'week' && (
        <WeekView
          status={status}
          pricing={pricing}
          userId={userId}
          confirmed={weekPaid || justPaid}
          onBack={() => navigate('/')}
          onStart={() => navigate('/spread-menu')}
          onPaid={onPaid}
        />
      )}
      {status && pricing && (status.subscriptionType === 'basic' || status.subscriptionType === 'vip') && (
        <PaidView status={status} pricing={pricing} userId={userId} onPaid={onPaid} onCancelled={() => setJustPaid(false)} />
      )}
      {status && pricing && status.subscriptionType === 'free' && (
        <FreeView pricing={pricing} proof={proof ?? null} userId={userId} loadingUser={loading} onPaid={onPaid} />
      )}
    </Page>
  );
}
