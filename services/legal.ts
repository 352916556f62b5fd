// The legal pages' data (/contacts, /terms): the provider's details from configuration and the agreement.
import { legalView, type LegalView } from '../domain/legal';
import type { ServiceDeps } from './deps';

export function createLegalService(deps: Pick<ServiceDeps, 'legal'>) {
  const view = legalView(deps.legal);
  return {
    /** GET /api/config/legal. */
    details: (): LegalView => view,
  };
}
