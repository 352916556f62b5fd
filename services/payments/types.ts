// The money side's shared types: the provider interface, its configuration and the outside APIs.
import type { PaymentOrder, PaymentProvider } from '../../db/schema';
import type { PricingTable } from '../../domain/commerce/pricing';

/** The part of grammY's Api the Stars provider uses (a real `Api` satisfies it). */
export interface StarsApi {
  createInvoiceLink(
    title: string,
    description: string,
    payload: string,
    providerToken: string,
    currency: string,
    prices: { label: string; amount: number }[],
    other?: { subscription_period?: number; photo_url?: string },
  ): Promise<string>;
  refundStarPayment(userId: number, telegramPaymentChargeId: string): Promise<true>;
  editUserStarSubscription(userId: number, telegramPaymentChargeId: string, isCanceled: boolean): Promise<true>;
}

export interface YooKassaSettings {
  shopId: string;
  secretKey: string;
  apiRoot: string;
  /** The shortest gap between two read-backs of one id (default READ_BACK_GAP_MS, 2 s); tests that flood one id shorten it. */
  readBackGapMs?: number;
}

/** ServiceDeps.payments: filled by main.ts from Config and by the test harness. */
export interface PaymentsDeps {
  /** The default provider; `mock` only in local mode and tests. */
  provider: PaymentProvider;
  pricing?: Partial<{ [K in keyof PricingTable]: Partial<Record<string, number>> }>;
  /** The public https address, for YooKassa's return URLs (else the request's own origin). */
  publicUrl?: string;
  yookassa?: YooKassaSettings;
  /** The Stars methods of the bot's Bot API client (createInvoiceLink, refundStarPayment, editUserStarSubscription). */
  starsApi?: StarsApi;
  /** fetch for YooKassa (tests may pass their own). */
  fetch?: typeof fetch;
}

export type CheckoutMode = 'redirect' | 'embedded';

/** What the client needs to take the user to pay. */
export interface Checkout {
  provider: PaymentProvider;
  orderId: string;
  /** Stars: the link the Mini App opens with openInvoice. */
  invoiceLink?: string;
  /** YooKassa redirect confirmation. */
  confirmationUrl?: string;
  /** YooKassa embedded widget token. */
  confirmationToken?: string;
  paymentId?: string;
  /** Mock payments succeed at once. */
  mock: boolean;
}

export interface CheckoutRequest {
  order: PaymentOrder;
  title: string;
  description: string;
  mode: CheckoutMode;
  /** Absolute, our own origin (checked by the caller). */
  returnUrl?: string;
  /** Stars: a 30-day subscription invoice. */
  subscription: boolean;
  /** YooKassa: keep the card for autopay (the user consented). */
  savePaymentMethod: boolean;
}

/** One provider: it turns an order into a way to pay. Confirmation arrives separately (bot update, webhook). */
export interface PaymentProviderAdapter {
  readonly name: PaymentProvider;
  /** Minor units and currency the provider charges an order in. */
  readonly currency: 'RUB' | 'XTR';
  createCheckout(req: CheckoutRequest): Promise<Omit<Checkout, 'orderId' | 'provider'>>;
}
