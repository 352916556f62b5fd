// What every part of the payment service shares: the configuration, the providers, the price table, the
// YooKassa client and the notifier, built once per service.
import type { Db } from '../../db/connection';
import type { PaymentProvider } from '../../db/schema';
import { resolvePricing } from '../../domain/commerce/pricing';
import { PRODUCTS, PRODUCT_INFO, type ProductId } from '../../domain/commerce/catalogue';
import { productDescription } from '../../domain/commerce/claims';
import { entitlementOf } from '../../domain/commerce/entitlement';
import type { ServiceDeps } from '../deps';
import { ServiceError } from '../errors';
import type { UserService } from '../users';
import type { MicroAdviceWriter, MicroDeps } from './micro';
import { createMicroAdviceWriter } from './micro-advice';
import { createMockProvider } from './mock';
import { createStarsProvider } from './stars';
import type { PaymentProviderAdapter } from './types';
import { createYooKassaProvider } from './yookassa';
import { createYooKassaClient } from './yookassa-client';

/** The bot's message for a confirmed payment (services/notifications.ts paymentConfirmed). */
export interface PaymentNotifier {
  paymentConfirmed(
    userId: number,
    p: { product: string; until?: Date | null; paymentId?: string; renewal?: { text: string; renews: boolean } },
    trx?: Db,
  ): Promise<boolean>;
}

/** The invoices' titles and descriptions (Stars and YooKassa), from the catalogue. */
export const TITLES = Object.fromEntries(
  PRODUCTS.map((p) => [p, { title: PRODUCT_INFO[p].name, description: productDescription(p) }]),
) as Record<ProductId, { title: string; description: string }>;

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A body's userId, when given, must be the caller's own. */
export function checkUserIdField(callerId: number, given: unknown) {
  if (given === undefined || given === null || given === '') return;
  if (String(given) !== String(callerId)) throw new ServiceError('forbidden', 'userId: оплатить можно только за себя');
}

export function createPaymentContext(deps: ServiceDeps, users: UserService, notifier?: PaymentNotifier) {
  const cfg = deps.payments ?? { provider: deps.mockPayments ? 'mock' : 'stars' };
  const mockMode = cfg.provider === 'mock';
  const yoo = cfg.yookassa ? createYooKassaClient(cfg.yookassa, cfg.fetch) : undefined;
  const adapters: Record<PaymentProvider, PaymentProviderAdapter> = {
    stars: createStarsProvider(cfg.starsApi),
    yookassa: createYooKassaProvider(yoo),
    mock: createMockProvider(),
  };

  /** Providers a client may ask for: mock alone in local mode; otherwise Stars (with a bot) and YooKassa (configured). */
  function availableProviders(): PaymentProvider[] {
    if (mockMode) return ['mock'];
    const list: PaymentProvider[] = [];
    if (cfg.starsApi) list.push('stars');
    if (yoo) list.push('yookassa');
    return list.sort((a, b) => (a === cfg.provider ? -1 : b === cfg.provider ? 1 : 0));
  }

  return {
    deps,
    users,
    notifier,
    cfg,
    mockMode,
    pricing: resolvePricing(cfg.pricing),
    yoo,
    availableProviders,
    microDeps: {
      db: deps.db,
      clock: deps.clock,
      randomInt: deps.randomInt,
      specialAccessUserIds: deps.specialAccessUserIds,
    } satisfies MicroDeps,
    // The tip is written by the AI provider when one is configured; the card-built tip otherwise.
    adviceWriter: createMicroAdviceWriter(deps) as MicroAdviceWriter | undefined,

    /** The adapter for a client's choice of provider (503 when it is not configured). */
    pickProvider(requested?: 'stars' | 'yookassa'): PaymentProviderAdapter {
      if (mockMode) return adapters.mock;
      const name = requested ?? cfg.provider;
      if (!availableProviders().includes(name))
        throw new ServiceError('unavailable', name === 'stars' ? 'Оплата звёздами сейчас недоступна' : 'Оплата картой сейчас недоступна', {
          provider: name,
        });
      return adapters[name];
    },

    async loadUser(userId: number) {
      const user = await users.requireUser(userId);
      const now = deps.clock();
      return { user, now, tier: entitlementOf(user, now, deps.specialAccessUserIds).tier };
    },
  };
}

export type PaymentContext = ReturnType<typeof createPaymentContext>;
