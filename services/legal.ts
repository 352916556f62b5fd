// The legal pages' data (/contacts, /terms): the provider's details from configuration, the agreement, the
// prices its section 7 states (the same pricing the payments charge, overrides included), and whether an AI
// provider is configured, which the terms, the bot's welcome and the disclaimers follow.
import { legalView, type LegalView } from '../domain/commerce/legal';
import { resolvePricing } from '../domain/commerce/pricing';
import type { ServiceDeps } from './deps';

export function createLegalService(deps: Pick<ServiceDeps, 'legal' | 'payments' | 'ai'>) {
  // The same test as the AI provider's (services/ai-provider.ts): no key, no AI.
  const aiEnabled = !!deps.ai?.apiKey;
  const view = legalView(deps.legal, resolvePricing(deps.payments?.pricing), aiEnabled);
  return {
    /** GET /api/config/legal. */
    details: (): LegalView => view,
    /** Whether readings are written by an AI: nothing may say so when it is false. */
    aiEnabled,
  };
}
