// The week pass's extension from its own screen: one more pass bought, then the server asked until the pass's end
// has moved (the status says so), or the reason it has not.
import { useState } from 'react';
import { ApiError, getStatus, type UserStatus } from '../api';
import { createOneTime, type Pricing } from './client';
import { preferredProvider, returnUrlFor, runCheckout, waitFor } from './pay';

/** The week's extension: one more pass, its end moved by its days once the server confirms it. */
export function useExtendWeek(status: UserStatus, pricing: Pricing | null, onPaid: (s: UserStatus) => void) {
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const extend = async () => {
    setBusy(true);
    setMessage(null);
    try {
      const answer = await createOneTime({
        product: 'week',
        mode: 'redirect',
        returnUrl: returnUrlFor('/subscription?week=paid'),
        provider: preferredProvider(pricing),
      });
      const before = status.subscriptionExpires;
      const outcome = await runCheckout(answer);
      if (outcome.kind === 'redirecting') return;
      if (outcome.kind === 'paid' || outcome.kind === 'pending') {
        let latest: UserStatus | null = null;
        const ok = await waitFor(async () => {
          latest = (await getStatus()).userStatus;
          return latest.subscriptionExpires !== before;
        });
        if (ok && latest) onPaid(latest);
        else setMessage('Оплата ещё не подтверждена. Если проблема сохраняется, обратитесь в поддержку.');
      } else if (outcome.kind === 'failed') setMessage('Не удалось завершить оплату. Попробуйте ещё раз.');
    } catch (err) {
      setMessage(err instanceof ApiError && err.status < 500 && err.status >= 400 ? err.message : 'Произошла ошибка. Попробуйте ещё раз.');
    } finally {
      setBusy(false);
    }
  };
  return { busy, message, extend };
}
