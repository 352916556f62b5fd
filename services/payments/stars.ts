// Telegram Stars (XTR): invoice links for the Mini App's openInvoice. One price item, an empty provider
// token; a plan whose renewal kind is a Stars subscription (Telegram's 30 days, catalogue.ts) is sold with
// consent as a subscription, everything else (the week pass, the micro pack, a plan of another period, a plan
// without consent) as a one-off invoice. Access is granted later, on the bot's successful_payment only (see
// stars-events.ts successfulPayment).
import { STARS_SUBSCRIPTION_PERIOD_S } from '../../domain/commerce/pricing';
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
