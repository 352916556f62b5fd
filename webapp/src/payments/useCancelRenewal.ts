// Cancelling a Basic or VIP plan's renewal: the confirmation that says what stays, the server's answer, and the
// note it leaves (when access ends, or that it failed).
import { useState } from 'react';
import { formatRuDate } from '../../../domain/text/time';
import { setStatus } from '../hooks/useStatus';
import { cancelSubscription } from './client';

/** The truth about cancelling: renewal stops, access stays to the end of the paid period. */
export function cancelConfirmText(plan: string, until: string | null): string {
  return until
    ? `Отменить автопродление ${plan}? Подписка больше не будет продлеваться и списаний не будет. Доступ ко всем привилегиям сохранится до ${until}.`
    : `Отменить автопродление ${plan}? Подписка больше не будет продлеваться и списаний не будет.`;
}

export function useCancelRenewal(planName: string, until: string | null, onCancelled: () => void) {
  const [cancelling, setCancelling] = useState(false);
  const [cancelNote, setCancelNote] = useState<{ ok: boolean; text: string } | null>(null);
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
      onCancelled();
    } catch {
      setCancelNote({ ok: false, text: 'Не удалось отменить подписку. Попробуйте ещё раз или напишите в поддержку.' });
    } finally {
      setCancelling(false);
    }
  };
  return { cancelling, cancelNote, cancel };
}
