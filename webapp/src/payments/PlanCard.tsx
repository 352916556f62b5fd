// One plan offered on the plan screen: its name, what it opens and its payment widget. The free user's pitch
// and the week-pass holder's «Перейти на тариф» list the same card.
import type { UserStatus } from '../api';
import type { Pricing } from './client';
import { PaymentWidget } from './PaymentWidget';

export function PlanCard(props: {
  plan: Pricing['plans'][number];
  pricing: Pricing;
  userId: number | null;
  className: string;
  testId: string;
  /** The widget's test id (its own default when absent). */
  payTestId?: string;
  popular?: boolean;
  loadingUser?: boolean;
  timeZone?: string;
  onPaid: (s: UserStatus) => void;
}) {
  const { plan } = props;
  return (
    <section className={props.className} data-testid={props.testId}>
      {props.popular && <span className="tag-popular">Самый популярный</span>}
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
        timeZone={props.timeZone}
        onConfirmed={props.onPaid}
        testId={props.payTestId}
      />
    </section>
  );
}
