// Mock payments (local mode and tests): nothing to pay; the service confirms the order at once and the
// answer says `mock: true`.
import type { PaymentProviderAdapter } from './types';

export function createMockProvider(): PaymentProviderAdapter {
  return {
    name: 'mock',
    currency: 'RUB',
    async createCheckout() {
      return { mock: true };
    },
  };
}
