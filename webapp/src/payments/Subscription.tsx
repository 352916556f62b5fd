// The subscription screen: three views by the plan in force. week (payments/WeekView.tsx): the confirmation
// after paying, the week's end, an extend button and the plans to move to; basic/vip (PaidView.tsx): the status,
// privileges, an upgrade widget for basic, cancel; free (FreeView.tsx): the pitch with two plan cards and payment
// widgets. After any payment the status is read again from the server; nothing here grants access.
import { useLocation } from 'wouter';
import { ErrorBlock } from '../components/ErrorBlock';
import { Page } from '../components/Page';
import { FreeView } from './FreeView';
import { PaidView } from './PaidView';
import { useSubscription } from './useSubscription';
import { WeekView } from './WeekView';
import './paid.css';

export default function Subscription() {
  const [, navigate] = useLocation();
  const { status, userId, error, loading, pricing, pricingError, proof, justPaid, setJustPaid, weekPaid, onPaid, retry } =
    useSubscription();

  return (
    <Page back={() => navigate('/')} loading={!status || !pricing} testId="subscription" className="subscription">
      {/* One message and one retry for whatever failed to load (the status, the prices or both). */}
      {((error && !status) || pricingError) && <ErrorBlock message={error && !status ? error.message : pricingError!} onRetry={retry} />}
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
        <FreeView pricing={pricing} proof={proof} userId={userId} loadingUser={loading} onPaid={onPaid} />
      )}
    </Page>
  );
}
