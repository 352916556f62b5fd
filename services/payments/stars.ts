// Telegram Stars (XTR): invoice links for the Mini App's openInvoice. One price item, an empty provider
// token; plans are 30-day Stars subscriptions, the week pass and the micro pack one-off invoices. Access is
// granted later, on the bot's successful_payment only (see index.ts applyStarsPayment).
import { STARS_SUBSCRIPTION_PERIOD_S } from '../../domain/pricing';
import { ServiceError } from '../errors';
import type { PaymentProviderAdapter, StarsApi } from './types';

export function createStarsProvider(api: StarsApi | undefined): PaymentProviderAdapter {
  return {
    name: 'stars',
    currency: 'XTR',
    async createCheckout(req) {
      if (!api) throw new ServiceError('unavailable', 'Оплата звёздами сейчас недоступна', { provider: 'stars' });
      let invoiceLink: string;
      try {
        invoiceLink = await api.createInvoiceLink(
          req.title.slice(0, 32),
          req.description.slice(0, 255),
          req.order.id,
          '',
          'XTR',
          [{ label: req.title.slice(0, 32), amount: req.order.amount_minor }],
          req.subscription ? { subscription_period: STARS_SUBSCRIPTION_PERIOD_S } : undefined,
        );
      } catch {
        throw new ServiceError('unavailable', 'Telegram не создал счёт, попробуйте через минуту', { provider: 'stars' });
      }
      return { invoiceLink, mock: false };
    },
  };
}
