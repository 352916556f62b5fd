// The legal pages' data (/contacts, /terms): the provider's details from configuration and the agreement;
// and whether an AI provider is configured, which the terms, the bot's welcome and the disclaimers follow.
import { legalView, type LegalView } from '../domain/legal';
import type { ServiceDeps } from './deps';

export function createLegalService(deps: Pick<ServiceDeps, 'legal' | 'ai'>) {
  // The same test as the AI provider's (services/ai-provider.ts): no key, no AI.
  const aiEnabled = !!deps.ai?.apiKey;
  const view = legalView(deps.legal, aiEnabled);
  return {
    /** GET /api/config/legal. */
    details: (): LegalView => view,
    /** Whether readings are written by an AI: nothing may say so when it is false. */
    aiEnabled,
  };
}
