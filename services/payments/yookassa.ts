// YooKassa for the web outside Telegram: a payment with an Idempotence-Key (the order id), the amount as a
// string with two decimals, a redirect or embedded confirmation and metadata binding user, product and
// reading. Confirmation is never taken from a notification's body: see verifyYooKassaPayment in yookassa-events.ts.
import { rubAmountString } from '../../domain/commerce/pricing';
import { ServiceError } from '../errors';
import type { PaymentProviderAdapter } from './types';
import { yooUnavailable, YooKassaError, type YooKassaClient } from './yookassa-client';

/** The metadata every payment carries; checked against the order when the payment is read back. */
/** YooKassa keeps 128 characters of a description: a longer one is cut at a word, with «…». */
const DESCRIPTION_MAX = 128;
function fitDescription(text: string): string {
  if (text.length <= DESCRIPTION_MAX) return text;
  const cut = text.slice(0, DESCRIPTION_MAX - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), 1)).replace(/[\s,.;:—-]+$/, '')}…`;
}

export function orderMetadata(order: {
  id: string;
  user_id: number;
  product: string;
  reading_id: number | null;
  plan: string | null;
}): Record<string, string> {
  return {
    orderId: order.id,
    userId: String(order.user_id),
    product: order.product,
    ...(order.plan ? { plan: order.plan } : {}),
    ...(order.reading_id !== null ? { readingId: String(order.reading_id) } : {}),
  };
}

export function createYooKassaProvider(client: YooKassaClient | undefined): PaymentProviderAdapter {
  return {
    name: 'yookassa',
    currency: 'RUB',
    async createCheckout(req) {
      if (!client) throw new ServiceError('unavailable', 'Оплата картой сейчас недоступна', { provider: 'yookassa' });
      if (req.mode === 'redirect' && !req.returnUrl) throw new ServiceError('bad_input', 'returnUrl: нужен адрес возврата');
      try {
        const payment = await client.createPayment(
          {
            amount: { value: rubAmountString(req.order.amount_minor / 100), currency: 'RUB' },
            capture: true,
            description: fitDescription(req.description),
            metadata: orderMetadata(req.order),
            confirmation: req.mode === 'embedded' ? { type: 'embedded' } : { type: 'redirect', return_url: req.returnUrl! },
            ...(req.savePaymentMethod ? { save_payment_method: true } : {}),
          },
          req.order.idempotence_key,
        );
        const c = payment.confirmation;
        if (req.mode === 'embedded' ? !c?.confirmation_token : !c?.confirmation_url)
          throw new YooKassaError('YooKassa gave no confirmation', 502);
        return {
          paymentId: payment.id,
          confirmationUrl: c?.confirmation_url,
          confirmationToken: c?.confirmation_token,
          mock: false,
        };
      } catch (err) {
        if (err instanceof YooKassaError && err.status >= 400 && err.status < 500)
          throw new ServiceError('unavailable', 'Платёжный сервис отклонил запрос, попробуйте позже', { provider: 'yookassa' });
        throw yooUnavailable();
      }
    },
  };
}
