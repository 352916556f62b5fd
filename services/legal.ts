// The legal pages' data (/contacts, /terms): the provider's details from configuration, the agreement, and
// the prices its section 7 states (the same pricing the payments charge, overrides included).
import { legalView, type LegalView } from '../domain/legal';
import { resolvePricing } from '../domain/pricing';
import type { ServiceDeps } from './deps';

export function createLegalService(deps: Pick<ServiceDeps, 'legal' | 'payments'>) {
  const view = legalView(deps.legal, resolvePricing(deps.payments?.pricing));
  return {
    /** GET /api/config/legal. */
    details: (): LegalView => view,
  };
}
