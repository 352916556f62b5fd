// The subscription screen of a week-pass holder: the confirmation right after paying for it, the pass's end,
// what it opens, its extension, and the plans to move up to, saying what becomes of the unused days (they are
// added to the plan's end: extendPlan in domain/commerce/pricing.ts). The plans are listed even in the hour
// after the purchase: on the user's own plan screen they are the way up, not an offer pushed at them.
import { PRODUCT_INFO, WEEK_DAYS } from '../../../domain/commerce/catalogue';
import { planFeatures, WEEK_NO_AUTOPAY } from '../../../domain/commerce/claims';
import { pluralRu } from '../../../domain/text/plural';
import { DAY_MS, formatRuDate } from '../../../domain/text/time';
import type { UserStatus } from '../api';
import type { Pricing } from './client';
import { PlanCard } from './PlanCard';
import { pricesFor } from './prices';
import { useExtendWeek } from './useExtendWeek';

const dayWord = (n: number) => `${n} ${pluralRu(n, 'день', 'дня', 'дней')}`;

export function WeekView(props: {
  status: UserStatus;
  pricing: Pricing | null;
  userId: number | null;
  /** Just paid for (the purchase's return, or an extension here): the confirmation leads the screen. */
  confirmed: boolean;
  onBack: () => void;
  onStart: () => void;
  onPaid: (s: UserStatus) => void;
}) {
  const { status, pricing } = props;
  const { busy, message, extend } = useExtendWeek(status, pricing, props.onPaid);
  const price = pricing ? pricesFor(pricing).show(pricing.week.tag) : null;
  const expires = status.subscriptionExpires;
  const until = expires ? formatRuDate(expires, status.timeZone) : null;
  // What is left of the pass (an extended week runs longer than seven days), counting a started day as one.
  const daysLeft = expires ? Math.max(1, Math.ceil((new Date(expires).getTime() - Date.now()) / DAY_MS)) : null;
  return (
    <>
      {props.confirmed && (
        <section className="pay-message is-ok stack" role="status" data-testid="week-confirmed">
          <strong>{PRODUCT_INFO.week.name} оплачена</strong>
          <span>
            {until ? `Доступ открыт до ${until}. ` : ''}
            {WEEK_NO_AUTOPAY}: по окончании ничего не спишется.
          </span>
          <button type="button" className="btn btn-primary btn-block" onClick={props.onStart} data-testid="week-start">
            Начать расклад
          </button>
        </section>
      )}
      <section className="paid-hero" data-testid="week-view">
        <span className="status-badge">Активно</span>
        <h1>{PRODUCT_INFO.week.name}</h1>
        <p data-testid="week-days-left">{daysLeft === null ? 'Доступ активен' : `Осталось дней: ${daysLeft}`}</p>
        <p className="expiry" data-testid="week-expiry">
          {until ? `до ${until}` : 'дата не указана'}
        </p>
      </section>
      {/* What the pass opens, in the catalogue's words (the terms list the same), however long it now runs. */}
      <section className="panel">
        <ul className="check-list" data-testid="week-privileges">
          {[...planFeatures('week'), WEEK_NO_AUTOPAY].map((f) => (
            <li key={f}>{f}</li>
          ))}
        </ul>
      </section>
      {message && <p className="pay-message">{message}</p>}
      {pricing && props.userId !== null && (
        <WeekPlans pricing={pricing} userId={props.userId} timeZone={status.timeZone} daysLeft={daysLeft} onPaid={props.onPaid} />
      )}
      <button type="button" className="btn btn-secondary btn-block" onClick={extend} disabled={busy} data-testid="week-extend">
        {busy ? 'Переходим к оплате…' : price ? `Продлить на ${dayWord(WEEK_DAYS)} — ${price}` : `Продлить на ${dayWord(WEEK_DAYS)}`}
      </button>
      <button type="button" className="btn btn-secondary btn-block" onClick={props.onBack} data-testid="week-back">
        На главную
      </button>
    </>
  );
}

/** The plans to move up to, saying what becomes of the week's unused days. */
function WeekPlans(props: {
  pricing: Pricing;
  userId: number;
  timeZone: string;
  daysLeft: number | null;
  onPaid: (s: UserStatus) => void;
}) {
  const { daysLeft } = props;
  return (
    <section className="stack" data-testid="week-plans">
      <h2>Перейти на тариф</h2>
      <p className="hint" data-testid="week-plans-carry">
        {daysLeft === null
          ? 'Оставшиеся дни недели добавятся к концу тарифа.'
          : `Оставшиеся дни недели добавятся к концу тарифа: ${dayWord(daysLeft)} сверх его срока, ничего не сгорит.`}
      </p>
      {props.pricing.plans.map((plan) => (
        <PlanCard
          key={plan.id}
          plan={plan}
          pricing={props.pricing}
          userId={props.userId}
          className="plan-card"
          testId={`week-plan-${plan.id}`}
          payTestId={`week-pay-${plan.id}`}
          timeZone={props.timeZone}
          onPaid={props.onPaid}
        />
      ))}
    </section>
  );
}
